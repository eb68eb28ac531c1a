/**
 * The census the verb whitelist was approved on (spec 3.8, Tables 7 and 8), as recorded by the
 * study, and its live re-check. src/ir/verbs.ts holds the registry (approved verbs, excluded
 * verbs with their Table 8 counts); this file adds the per-tokenizer pieces behind it, so that
 * `silpc whitelist --verify` can say exactly what changed if a tokenizer update splits a verb.
 */
import { APPROVED_VERBS, EXCLUDED_VERBS } from "silp";
import { actionToFunctionName } from "silp/util";
import type { TokenizerSet } from "./registry.js";
import { tokenize, TOKENIZER_NAMES, type TokenizerName } from "./tokenizer.js";

/** Pieces of one verb's function name on each tokenizer; the count is the number of pieces. */
export type RecordedPieces = Readonly<Record<TokenizerName, readonly string[]>>;

const sameOnAll = (pieces: readonly string[]): RecordedPieces => Object.fromEntries(TOKENIZER_NAMES.map((name) => [name, pieces])) as RecordedPieces;

/**
 * Source: the study's phase0/tokenizer_census_verbs.csv (reference implementation, commit
 * 45e9550), counted bare without special tokens. Every approved verb was one token, the word
 * itself, with no UNK on all six; the excluded verbs split as below.
 */
export const RECORDED_WHITELIST_CENSUS: Readonly<Record<string, RecordedPieces>> = Object.freeze({
  ...Object.fromEntries(APPROVED_VERBS.map((verb) => [verb.code, sameOnAll([verb.functionName])])),
  "!SWITCH_TOOL": {
    "gpt-4o": ["switch", "_tool"],
    "gpt-3.5": ["switch", "_tool"],
    "llama-2": ["switch", "_", "tool"],
    "qwen2.5": ["switch", "_tool"],
    claude: ["switch", "_", "tool"],
    gemini: ["switch", "_", "tool"],
  },
  "!ESCALATE": {
    "gpt-4o": ["es", "cal", "ate"],
    "gpt-3.5": ["escal", "ate"],
    "llama-2": ["es", "cal", "ate"],
    "qwen2.5": ["escal", "ate"],
    claude: ["es", "cal", "ate"],
    gemini: ["escal", "ate"],
  },
});

export interface VerbVerification {
  code: string;
  functionName: string;
  status: "approved" | "excluded";
  tokenizer: TokenizerName;
  recordedPieces: readonly string[];
  livePieces: string[];
  liveUnk: boolean;
  /** Live tokenization differs from the recorded one. */
  changed: boolean;
}

export interface WhitelistVerification {
  /** Every approved verb is still one UNK-free token and nothing differs from the record. */
  ok: boolean;
  tokenizers: TokenizerName[];
  rows: VerbVerification[];
  /** One sentence per problem, for people. */
  problems: string[];
}

const samePieces = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((piece, index) => piece === b[index]);

/** Recomputes the whitelist census on the loaded tokenizers and compares it with the record. */
export function verifyWhitelist(tokenizers: TokenizerSet): WhitelistVerification {
  const verbs = [
    ...APPROVED_VERBS.map((verb) => ({ code: verb.code, status: "approved" as const })),
    ...EXCLUDED_VERBS.map((verb) => ({ code: verb.code, status: "excluded" as const })),
  ];
  const rows: VerbVerification[] = [];
  const problems: string[] = [];
  for (const { code, status } of verbs) {
    const functionName = actionToFunctionName(code);
    for (const tokenizer of tokenizers) {
      const recordedPieces = RECORDED_WHITELIST_CENSUS[code]?.[tokenizer.name] ?? [];
      const live = tokenize(tokenizer, functionName);
      const changed = !samePieces(recordedPieces, live.pieces);
      rows.push({
        code,
        functionName,
        status,
        tokenizer: tokenizer.name,
        recordedPieces,
        livePieces: live.pieces,
        liveUnk: live.unk,
        changed,
      });
      if (status === "approved" && live.count !== 1) {
        problems.push(`${code}: "${functionName}" is ${live.count} tokens on ${tokenizer.name} (${JSON.stringify(live.pieces)}); approved verbs must be 1`);
      } else if (live.unk) {
        problems.push(`${code}: "${functionName}" contains an unknown token on ${tokenizer.name}`);
      } else if (changed) {
        problems.push(`${code}: "${functionName}" on ${tokenizer.name} is now ${JSON.stringify(live.pieces)}, recorded ${JSON.stringify(recordedPieces)}`);
      }
    }
  }
  return { ok: problems.length === 0, tokenizers: tokenizers.map((tokenizer) => tokenizer.name), rows, problems };
}
