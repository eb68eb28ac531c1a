/** The study's 27 case IRs and the reference implementation's compiled strings (corpus README). */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "./corpus.js";

/** Case order of phase2/compile.lock.jsonl: five records per case. */
export const LOCK_CASE_ORDER = [
  "case10",
  "case10b",
  "case10c",
  "case1",
  "case1b",
  "case1c",
  "case2",
  "case2b",
  "case2c",
  "case3",
  "case3b",
  "case3c",
  "case5",
  "case5b",
  "case5c",
  "case6",
  "case6b",
  "case6c",
  "case7",
  "case7b",
  "case7c",
  "case8",
  "case8b",
  "case8c",
  "case9",
  "case9b",
  "case9c",
] as const;

export interface StudyCase {
  id: string;
  file: string;
  ir: unknown;
}

export function loadStudyCases(): StudyCase[] {
  const dir = join(corpusDir(), "cases");
  const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
  return LOCK_CASE_ORDER.map((id) => {
    const file = files.find((name) => name.startsWith(`${id}_`));
    if (!file) throw new Error(`corpus case ${id} not found in ${dir}`);
    return { id, file, ir: JSON.parse(readFileSync(join(dir, file), "utf8")) };
  });
}

export interface LockRecord {
  caseId: string;
  frontend: string;
  compiled: string;
  output_hash: string;
}

export function loadReferenceStrings(): LockRecord[] {
  const lines = readFileSync(join(corpusDir(), "phase2", "compile.lock.jsonl"), "utf8")
    .trim()
    .split("\n");
  return lines.map((line, index) => {
    const record = JSON.parse(line) as Omit<LockRecord, "caseId">;
    return { ...record, caseId: LOCK_CASE_ORDER[Math.floor(index / 5)] as string };
  });
}
