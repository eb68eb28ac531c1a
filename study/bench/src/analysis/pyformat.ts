/**
 * Number formatting that matches the study's Python output byte for byte, so recomputed tables
 * can be compared with the published files as text.
 *
 * - `pyFixed(x, d)`  = f"{x:.{d}f}": correctly rounded, ties (exactly representable halves)
 *   to even. JavaScript's toFixed rounds the same value but sends ties up.
 * - `pyRound(x, d)`  = round(x, d) on a Python float (correctly rounded).
 * - `npRound(x, d)`  = round(np.float64, d): numpy's rint(x * 10^d) / 10^d.
 * - `pyExp(x, d)`    = f"{x:.{d}e}": mantissa as toExponential, exponent at least two digits.
 * - `pyFloatRepr(x)` = repr(float): shortest round trip, `.0` on integral values, exponent
 *   form below 1e-4 and from 1e16.
 */

function roundHalfEvenDigits(digits: string, keep: number): string {
  // `digits` is the exact decimal expansion without a point; returns it rounded to `keep` digits.
  const head = digits.slice(0, keep);
  const rest = digits.slice(keep);
  const first = rest[0] ?? "0";
  const tail = rest.slice(1);
  const roundUp = first > "5" || (first === "5" && (/[1-9]/.test(tail) || Number(head.at(-1) ?? "0") % 2 === 1));
  if (!roundUp) return head;
  return (BigInt(head || "0") + 1n).toString().padStart(head.length, "0");
}

export function pyFixed(x: number, digits: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  const exact = Math.abs(x).toFixed(100); // exact for every double below 1e21
  if (exact.includes("e")) return x.toFixed(digits);
  const [int, frac = ""] = exact.split(".");
  const rounded = roundHalfEvenDigits(`${int}${frac}`, int!.length + digits);
  const intLen = rounded.length - digits;
  const body = digits === 0 ? rounded : `${rounded.slice(0, intLen)}.${rounded.slice(intLen)}`;
  const negative = x < 0 || Object.is(x, -0);
  return negative ? `-${body}` : body;
}

export function pyRound(x: number, digits: number): number {
  return Number(pyFixed(x, digits));
}

export function npRound(x: number, digits: number): number {
  const scale = 10 ** digits;
  const y = x * scale;
  let r = Math.round(y);
  if (Math.abs(y - Math.trunc(y)) === 0.5) r = 2 * Math.round(y / 2);
  return r / scale;
}

export function pyExp(x: number, digits: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  const [mantissa, exponent = "0"] = x.toExponential(digits).split("e");
  const sign = exponent.startsWith("-") ? "-" : "+";
  const magnitude = exponent.replace(/^[+-]/, "").padStart(2, "0");
  return `${mantissa}e${sign}${magnitude}`;
}

export function pyFloatRepr(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    const [mantissa, exponent = "0"] = x.toExponential().split("e");
    const sign = exponent.startsWith("-") ? "-" : "+";
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  const text = String(x);
  return Number.isInteger(x) ? `${text}.0` : text;
}

/** A number that Python wrote as a float (prints `1.0`, not `1`) in `pyJsonDump`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/**
 * `json.dump(value, indent=2, ensure_ascii=False)`. Plain numbers print as ints or JS numbers;
 * wrap a float in `PyFloat` to print it as Python would.
 */
export function pyJsonDump(value: unknown, indent = 2, depth = 0): string {
  const pad = " ".repeat(indent * (depth + 1));
  const close = " ".repeat(indent * depth);
  if (value instanceof PyFloat) return pyFloatRepr(value.value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => pad + pyJsonDump(v, indent, depth + 1)).join(",\n")}\n${close}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyJsonDump(v, indent, depth + 1)}`).join(",\n")}\n${close}}`;
  }
  return JSON.stringify(value) ?? "null";
}
