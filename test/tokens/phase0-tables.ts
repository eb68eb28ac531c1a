/** Reads the study's phase0 CSV tables (Python csv dialect) from the corpus. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../helpers/corpus.js";

export const phase0Path = (name: string): string => join(corpusDir(), "phase0", name);

/** RFC 4180 parsing: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (char !== "\r") field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  const [header, ...body] = rows;
  if (header === undefined) return [];
  return body.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
}

export function readPhase0(name: string): Record<string, string>[] {
  return parseCsv(readFileSync(phase0Path(name), "utf8"));
}

export const pyBool = (text: string | undefined): boolean => {
  if (text === "True") return true;
  if (text === "False") return false;
  throw new Error(`not a Python boolean: ${String(text)}`);
};

export const field = (row: Record<string, string>, name: string): string => {
  const value = row[name];
  if (value === undefined) throw new Error(`column ${name} missing`);
  return value;
};
