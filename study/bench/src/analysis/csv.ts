/**
 * Reading the study's CSV tables (RFC 4180: quoted fields, doubled quotes, CRLF or LF) through
 * `csv-parse`, with its errors turned into positioned `invalid_syntax` SilpErrors.
 */
import { parse } from "csv-parse/sync";
import { SilpError } from "silp";

export function parseCsv(text: string, source = "csv"): string[][] {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: false, bom: true, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];
  } catch (error) {
    const info = error as { message?: string; lines?: number };
    const line = typeof info.lines === "number" ? info.lines : 1;
    let offset = 0;
    for (let seen = 1; seen < line && offset !== -1; seen++) offset = text.indexOf("\n", offset) + 1;
    throw new SilpError("invalid_syntax", `${source}: ${info.message ?? "invalid CSV"}`, { source: text, offset: Math.max(0, offset), cause: error });
  }
}

/** Rows as objects keyed by the header line. */
export function parseCsvObjects(text: string, source = "csv"): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text, source);
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}
