/** The study's 27 case IRs and the reference implementation's compiled strings (corpus README). */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { STUDY_CASE_ORDER } from "@silp/llmlingua2";
import { corpusDir } from "./corpus.js";

/** Case order of phase2/compile.lock.jsonl, five records per case: one home, in @silp/llmlingua2. */
export const LOCK_CASE_ORDER = STUDY_CASE_ORDER;

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
