/**
 * The vocabulary census of spec 3.8 (Tables 7 and 8) and Appendix B (Table 12), recomputed on
 * the loaded tokenizers with the study's counting rule: each string bare, no special tokens.
 * Each cell also carries the count in running text (after a word and a space), which is what a
 * verb costs inside a payload such as "if rain: cancel(order)".
 */
import { APPROVED_VERBS, EXCLUDED_VERBS } from "silp";
import { actionToFunctionName } from "silp/util";
import type { TokenizerSet } from "./registry.js";
import { countInRunningText, tokenize, type TokenizerName } from "./tokenizer.js";

/** Groups of the study's census list (reference scripts/tokenizer_census.py, CENSUS_VERBS). */
export type CensusGroup = "verb" | "action-code" | "condition" | "structural" | "control";

export interface CensusString {
  text: string;
  group: CensusGroup;
}

const group = (name: CensusGroup, texts: readonly string[]): CensusString[] => texts.map((text) => ({ text, group: name }));

/**
 * The 43 strings of the study's census, in its order (duplicates included: the "control"
 * group repeats cancel, start and fetch). This order is the row order of
 * phase0/tokenizer_census_verbs.csv.
 */
export const STUDY_CENSUS_STRINGS: readonly CensusString[] = Object.freeze([
  ...group("verb", ["cancel", "start", "email", "fetch", "process", "translate", "switch_tool", "book", "route", "search", "update", "escalate", "suggest"]),
  ...group("action-code", [
    "!CANCEL",
    "!START",
    "!EMAIL",
    "!FETCH",
    "!PROCESS",
    "!TRANSLATE",
    "!SWITCH_TOOL",
    "!BOOK",
    "!ROUTE",
    "!SEARCH",
    "!UPDATE",
    "!ESCALATE",
    "!SUGGEST",
  ]),
  ...group("condition", ["if", "else", "and", "not"]),
  ...group("structural", ["(", ")", ",", ";", ":", "!", "@", "->"]),
  ...group("control", ["cancel", "notify", "start", "fetch", "switch"]),
]);

/** Appendix B, Table 12: the 12 structural tokens and their categories. */
export const STRUCTURAL_TOKENS: readonly { token: string; category: string }[] = Object.freeze([
  { token: "if", category: "Conditional" },
  { token: "else", category: "Conditional" },
  { token: "and", category: "Logical" },
  { token: "not", category: "Logical" },
  { token: "(", category: "Delimiter" },
  { token: ")", category: "Delimiter" },
  { token: ",", category: "Delimiter" },
  { token: ";", category: "Delimiter" },
  { token: ":", category: "Delimiter" },
  { token: "!", category: "Negation prefix" },
  { token: "@", category: "Location qualifier" },
  { token: "->", category: "Sequencing" },
]);

/** One string on one tokenizer. */
export interface CensusCell {
  tokenizer: TokenizerName;
  /** Bare count: the study's token_count. */
  count: number;
  pieces: string[];
  unk: boolean;
  /** Count after a word and a space (see countInRunningText). */
  runningCount: number;
}

/** One string on every loaded tokenizer. */
export interface CensusEntry {
  text: string;
  cells: CensusCell[];
  /** Exactly one token, bare, on every loaded tokenizer. */
  singleToken: boolean;
  /** Exactly one token in running text on every loaded tokenizer. */
  singleTokenRunning: boolean;
  unkFree: boolean;
}

export interface VerbCensusEntry extends CensusEntry {
  /** Action code, e.g. "!CANCEL"; the entry's text is its function name ("cancel"). */
  code: string;
  status: "approved" | "excluded";
  /** Replacement suggested by Table 8 (excluded verbs only). */
  hint?: string;
}

export interface StructuralCensusEntry extends CensusEntry {
  category: string;
}

export function censusEntry(tokenizers: TokenizerSet, text: string): CensusEntry {
  const cells = tokenizers.map((tokenizer): CensusCell => {
    const { count, pieces, unk } = tokenize(tokenizer, text);
    return { tokenizer: tokenizer.name, count, pieces, unk, runningCount: countInRunningText(tokenizer, text) };
  });
  return {
    text,
    cells,
    singleToken: cells.every((cell) => cell.count === 1),
    singleTokenRunning: cells.every((cell) => cell.runningCount === 1),
    unkFree: cells.every((cell) => !cell.unk),
  };
}

/** Table 7 then Table 8: the 13 approved verbs and the excluded ones, by function name. */
export function verbCensus(tokenizers: TokenizerSet): VerbCensusEntry[] {
  const approved = APPROVED_VERBS.map(
    (verb): VerbCensusEntry => ({
      ...censusEntry(tokenizers, verb.functionName),
      code: verb.code,
      status: "approved",
    }),
  );
  const excluded = EXCLUDED_VERBS.map(
    (verb): VerbCensusEntry => ({
      ...censusEntry(tokenizers, actionToFunctionName(verb.code)),
      code: verb.code,
      status: "excluded",
      hint: verb.hint,
    }),
  );
  return [...approved, ...excluded];
}

/** Table 12. */
export function structuralCensus(tokenizers: TokenizerSet): StructuralCensusEntry[] {
  return STRUCTURAL_TOKENS.map(({ token, category }) => ({ ...censusEntry(tokenizers, token), category }));
}

/** The study's full census list (43 strings), each on every loaded tokenizer. */
export function studyCensus(tokenizers: TokenizerSet): (CensusEntry & { group: CensusGroup })[] {
  return STUDY_CENSUS_STRINGS.map(({ text, group: name }) => ({ ...censusEntry(tokenizers, text), group: name }));
}
