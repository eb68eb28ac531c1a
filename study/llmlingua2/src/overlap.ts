/**
 * How close our llmlingua2 output comes to the study's (corpus phase2/compile.lock.jsonl, made
 * with microsoft/llmlingua-2-xlm-roberta-large-meetingbank at rate 0.5 by the reference
 * implementation).
 *
 * The measure is word-level: both strings are split on whitespace and compared as multisets
 * (case-sensitive, punctuation attached, exactly as the words appear). Precision is the share of
 * our words the study also has, recall the share of the study's words we have, F1 their harmonic
 * mean; two empty strings agree fully.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SilpError } from "silp";

/** Case order of compile.lock.jsonl, five records per case (corpus README). */
export const STUDY_CASE_ORDER: readonly string[] = [
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
];

export const LOCK_FILE = join("phase2", "compile.lock.jsonl");

export interface WordOverlap {
  precision: number;
  recall: number;
  f1: number;
  exact: boolean;
}

export interface StudyCase {
  caseId: string;
  /** The natural frontend's prose the study compressed. */
  natural: string;
  /** The study's llmlingua2 string for it. */
  llmlingua2: string;
}

export interface CaseOverlap extends StudyCase, WordOverlap {
  ours: string;
}

export interface OverlapReport {
  cases: CaseOverlap[];
  mean: { precision: number; recall: number; f1: number };
  exactMatches: number;
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

export function wordOverlap(ours: string, study: string): WordOverlap {
  const candidate = words(ours);
  const reference = words(study);
  const remaining = new Map<string, number>();
  for (const word of reference) remaining.set(word, (remaining.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of candidate) {
    const left = remaining.get(word) ?? 0;
    if (left > 0) {
      common++;
      remaining.set(word, left - 1);
    }
  }
  const exact = candidate.join(" ") === reference.join(" ");
  if (candidate.length === 0 && reference.length === 0) return { precision: 1, recall: 1, f1: 1, exact };
  const precision = candidate.length === 0 ? 0 : common / candidate.length;
  const recall = reference.length === 0 ? 0 : common / reference.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, exact };
}

interface LockRecord {
  frontend: string;
  compiled: string;
}

function parseLockLine(line: string, lineNumber: number, path: string): LockRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new SilpError("invalid_syntax", `${path} line ${lineNumber} is not JSON`, { cause: error, details: { line: lineNumber } });
  }
  const record = value as Partial<LockRecord> | null;
  if (record === null || typeof record !== "object" || typeof record.frontend !== "string" || typeof record.compiled !== "string") {
    throw new SilpError("invalid_syntax", `${path} line ${lineNumber} lacks string fields frontend and compiled`, { details: { line: lineNumber } });
  }
  return { frontend: record.frontend, compiled: record.compiled };
}

/**
 * The study's (natural, llmlingua2) pairs from a compile lock file. Records are grouped in
 * consecutive runs that each hold one natural and one llmlingua2 record (five per case in the
 * study); a run is named after STUDY_CASE_ORDER when the file has the study's 27 cases.
 */
export function readStudyCases(lockPath: string): StudyCase[] {
  const lines = readFileSync(lockPath, "utf8").split("\n");
  const pairs: Array<{ natural?: string; llmlingua2?: string }> = [];
  let current: { natural?: string; llmlingua2?: string } = {};
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const record = parseLockLine(line, index + 1, lockPath);
    if (record.frontend !== "natural" && record.frontend !== "llmlingua2") return;
    if (current[record.frontend] !== undefined) {
      pairs.push(current);
      current = {};
    }
    current[record.frontend] = record.compiled;
  });
  if (current.natural !== undefined || current.llmlingua2 !== undefined) pairs.push(current);
  const complete = pairs.filter((pair): pair is StudyCase => pair.natural !== undefined && pair.llmlingua2 !== undefined);
  const named = complete.length === STUDY_CASE_ORDER.length;
  return complete.map((pair, i) => ({
    caseId: named ? (STUDY_CASE_ORDER[i] ?? `case#${i + 1}`) : `case#${i + 1}`,
    natural: pair.natural,
    llmlingua2: pair.llmlingua2,
  }));
}

/** Compresses every case's prose with `compress` and scores it against the study's string. */
export async function measureOverlap(cases: readonly StudyCase[], compress: (prose: string) => Promise<string>): Promise<OverlapReport> {
  const scored: CaseOverlap[] = [];
  for (const studyCase of cases) {
    const ours = await compress(studyCase.natural);
    scored.push({ ...studyCase, ours, ...wordOverlap(ours, studyCase.llmlingua2) });
  }
  const mean = (pick: (c: CaseOverlap) => number): number => (scored.length === 0 ? 0 : scored.reduce((sum, c) => sum + pick(c), 0) / scored.length);
  return {
    cases: scored,
    mean: { precision: mean((c) => c.precision), recall: mean((c) => c.recall), f1: mean((c) => c.f1) },
    exactMatches: scored.filter((c) => c.exact).length,
  };
}
