/**
 * The verb whitelist of spec section 3.8 (Table 7) and the excluded verbs of Table 8, with the
 * census data they were approved on. `silpc whitelist --verify` recomputes the census live
 * through `silp/tokens`.
 */

export interface ApprovedVerb {
  /** Action code, e.g. `!CANCEL`. */
  code: string;
  /** Code-frontend function name, e.g. `cancel`. */
  functionName: string;
}

export interface ExcludedVerb {
  code: string;
  /** Token counts recorded in the spec's Table 8, per tokenizer. */
  tokenCounts: Readonly<Record<CensusTokenizer, number>>;
  reason: string;
  /** What to use instead (Table 8, "Suggested Replacement"). */
  hint: string;
}

/** The six tokenizers the census ran on (spec 3.8), in the spec's order. */
export const CENSUS_TOKENIZERS = ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini"] as const;
export type CensusTokenizer = (typeof CENSUS_TOKENIZERS)[number];

const APPROVED_NAMES = [
  "CANCEL",
  "START",
  "EMAIL",
  "FETCH",
  "PROCESS",
  "TRANSLATE",
  "BOOK",
  "ROUTE",
  "SEARCH",
  "UPDATE",
  "SUGGEST",
  "SWITCH",
  "NOTIFY",
] as const;

export const APPROVED_VERBS: readonly ApprovedVerb[] = APPROVED_NAMES.map((name) => ({
  code: `!${name}`,
  functionName: name.toLowerCase(),
}));

export const EXCLUDED_VERBS: readonly ExcludedVerb[] = [
  {
    code: "!SWITCH_TOOL",
    tokenCounts: { "gpt-4o": 2, "gpt-3.5": 2, "llama-2": 3, "qwen2.5": 2, claude: 3, gemini: 3 },
    reason: "multi-token (2-3 tokens); never single-token on any tested tokenizer",
    hint: "!SWITCH",
  },
  {
    code: "!ESCALATE",
    tokenCounts: { "gpt-4o": 3, "gpt-3.5": 2, "llama-2": 3, "qwen2.5": 2, claude: 3, gemini: 2 },
    reason: 'multi-token (2-3 tokens); sub-word fragment "ate" has spurious meaning',
    hint: "a single-token alternative from the whitelist (e.g. !ROUTE or !NOTIFY)",
  },
];

/** The census every approved verb was admitted on: exactly one token, no UNK, on all six. */
export const APPROVAL_CRITERION = { tokens: 1, unkFree: true, tokenizers: CENSUS_TOKENIZERS } as const;

const approvedSet = new Set(APPROVED_VERBS.map((verb) => verb.code));
const excludedByCode = new Map(EXCLUDED_VERBS.map((verb) => [verb.code, verb]));

export function isApprovedVerb(code: string): boolean {
  return approvedSet.has(code);
}

export function excludedVerb(code: string): ExcludedVerb | undefined {
  return excludedByCode.get(code);
}

/** `!SWITCH_TOOL` -> `switch_tool` (spec 3.7: drop the `!`, lower-case). */
/** A function name: the lower-cased action verb (spec 3.7), `switch_tool` for `!SWITCH_TOOL`. */
export const FUNCTION_NAME = /^[a-z][a-z_]*$/;

export function actionToFunctionName(code: string): string {
  return code.slice(1).toLowerCase();
}

/** `switch_tool` -> `!SWITCH_TOOL`. */
export function functionNameToAction(name: string): string {
  return `!${name.toUpperCase()}`;
}
