/** Reads the study's phase0 CSV tables (Python csv dialect) from the corpus. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "@silp/testkit/corpus.js";
import { parseCsvObjects } from "@silp/bench";

export const phase0Path = (name: string): string => join(corpusDir(), "phase0", name);

export function readPhase0(name: string): Record<string, string>[] {
  return parseCsvObjects(readFileSync(phase0Path(name), "utf8"), name);
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
