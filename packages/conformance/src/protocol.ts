/**
 * The conformance suite's adapter protocol (docs/conformance.md): one JSON request a line on
 * the adapter's standard input, one JSON answer a line on its standard output, matched by `id`.
 * Offsets in answers and cases count Unicode code points, so an implementation in any language
 * can report them without knowing JavaScript's UTF-16 strings.
 */

/** What an adapter is asked to do; each suite section uses one operation. */
export const OPERATIONS = ["decode", "compile", "validate", "sanitize", "probe", "negotiate", "envelope", "lock_verify", "dialect"] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface AdapterRequest {
  id: string;
  operation: Operation;
  /** The frontend (decode, compile), the probe form (`line` or `json`), otherwise null. */
  frontend: string | null;
  input: unknown;
  options: { strict: boolean } & Record<string, unknown>;
}

export interface AdapterError {
  code: string;
  /** Code points from the start of the input. */
  offset?: number;
}

export type AdapterAnswer =
  | { id: string; ok: true; output: unknown }
  | { id: string; ok: false; error: AdapterError }
  | { id: string; unsupported: true; reason?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads one answer line. Returns a description of what is wrong instead of throwing: a broken
 * answer fails its case, never the run.
 */
export function parseAnswer(line: string): AdapterAnswer | { invalid: string; id?: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: `answer is not JSON: ${line.slice(0, 80)}` };
  }
  if (!isRecord(value) || typeof value.id !== "string") return { invalid: "answer has no string `id`" };
  const id = value.id;
  if (value.unsupported === true) return { id, unsupported: true, ...(typeof value.reason === "string" ? { reason: value.reason } : {}) };
  if (value.ok === true) {
    if (!("output" in value)) return { id, invalid: "answer has ok: true but no `output`" };
    return { id, ok: true, output: value.output };
  }
  if (value.ok === false) {
    const error = value.error;
    if (!isRecord(error) || typeof error.code !== "string") return { id, invalid: "answer has ok: false but no `error.code`" };
    if (error.offset !== undefined && (typeof error.offset !== "number" || !Number.isInteger(error.offset) || error.offset < 0)) {
      return { id, invalid: "`error.offset` is not a non-negative integer" };
    }
    return { id, ok: false, error: { code: error.code, ...(typeof error.offset === "number" ? { offset: error.offset } : {}) } };
  }
  return { id, invalid: "answer has neither `ok` (true/false) nor `unsupported: true`" };
}
