/**
 * The verb data of spec section 3.8 (Table 7, approved; Table 8, excluded), as a leaf module:
 * `options.ts` checks a deployment's extra verbs against the excluded ones when options are
 * resolved, and options sit below `ir/` in the codec's layers. `ir/verbs.ts` builds the public
 * verb API on this data.
 */

/** The six tokenizers the census ran on (spec 3.8), in the spec's order. */
export const CENSUS_TOKENIZERS = ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini"] as const;
export type CensusTokenizer = (typeof CENSUS_TOKENIZERS)[number];

export interface ExcludedVerb {
  code: string;
  /** Token counts recorded in the spec's Table 8, per tokenizer. */
  tokenCounts: Readonly<Record<CensusTokenizer, number>>;
  reason: string;
  /** What to use instead (Table 8, "Suggested Replacement"). */
  hint: string;
}

/** Table 7: the approved verbs, without their `!`. */
export const APPROVED_NAMES = [
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

/**
 * The shape of an application verb a deployment adds: the IR schema's action-code pattern
 * (`^![A-Z][A-Z_]*$`), with the `!` optional on input. No digits: the schema's pattern has none,
 * and neither has the code frontend's function-name rule (`[a-z][a-z_]*`), so a verb with a digit
 * could not be written in any IR or payload.
 */
export const EXTRA_VERB_SHAPE = /^!?[A-Z][A-Z_]*$/;
/** At most this many extra verbs: a whitelist is a short, census-checked list, not a vocabulary. */
export const MAX_EXTRA_VERBS = 64;
/** At most this many characters per extra verb (a single-token verb is far shorter). */
export const MAX_EXTRA_VERB_LENGTH = 32;
