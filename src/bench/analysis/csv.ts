/**
 * RFC 4180 CSV reading (quoted fields, doubled quotes, CRLF or LF), for the study's published
 * tables. Linear in the input; an unterminated quote is a positioned `invalid_syntax`.
 */
import { SilpError } from "../../errors.js";

export function parseCsv(text: string, source = "csv"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === "") {
      const start = i;
      i++;
      for (;;) {
        if (i >= text.length) throw new SilpError("invalid_syntax", `${source}: unterminated quoted field`, { source: text, offset: start });
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      continue;
    }
    if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (ch === "\r" && text[i + 1] === "\n") i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header line. */
export function parseCsvObjects(text: string, source = "csv"): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text, source);
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}
