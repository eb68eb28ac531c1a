/**
 * CSV in the exact dialect of the study's phase0 files (Python's csv module, QUOTE_MINIMAL,
 * "\n" line ends, Python spellings of booleans, lists and reprs), so a regenerated table can be
 * diffed byte for byte against the published one.
 */

export type CsvValue = string | number | boolean;

function csvField(value: CsvValue): string {
  const text = typeof value === "boolean" ? (value ? "True" : "False") : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\n") + "\n";
}

/** Python's json.dumps(list_of_str, ensure_ascii=False): `["a", "b"]`. */
export function pythonJsonList(items: readonly string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
}

/** Characters Python's str.isprintable() rejects: categories C*, Zl, Zp, and Zs other than space. */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

/** Python's repr() of a str, e.g. `'can\u200bcel'`. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (NON_PRINTABLE.test(char)) {
      const code = char.codePointAt(0) ?? 0;
      out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += char;
  }
  return out + quote;
}

const hex = (code: number, width: number): string => code.toString(16).padStart(width, "0");
