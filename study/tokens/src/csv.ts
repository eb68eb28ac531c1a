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
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\n")}\n`;
}

/** Python's json.dumps(list_of_str, ensure_ascii=False): `["a", "b"]`. */
export function pythonJsonList(items: readonly string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
}
