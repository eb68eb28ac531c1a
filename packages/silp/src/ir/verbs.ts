/**
 * The verb whitelist of spec section 3.8 (Table 7) and the excluded verbs of Table 8, with the
 * census data they were approved on. `silpc whitelist --verify` recomputes the census live
 * through `silp/tokens`. The data lives in the leaf `verb-table.ts` (options check extra verbs
 * against it); this module adds the deployment's extra verbs (`whitelist.extra`).
 */
import { type ResolvedOptions, resolveOptions, type SilpOptions } from "../options.js";
import { APPROVED_NAMES, EXCLUDED_VERBS, type ExcludedVerb } from "../verb-table.js";

export interface ApprovedVerb {
  /** Action code, e.g. `!CANCEL`. */
  code: string;
  /** Code-frontend function name, e.g. `cancel`. */
  functionName: string;
}

export type { ExcludedVerb, CensusTokenizer } from "../verb-table.js";
export { CENSUS_TOKENIZERS, EXCLUDED_VERBS } from "../verb-table.js";

export const APPROVED_VERBS: readonly ApprovedVerb[] = APPROVED_NAMES.map((name) => ({
  code: `!${name}`,
  functionName: name.toLowerCase(),
}));

const approvedSet = new Set(APPROVED_VERBS.map((verb) => verb.code));
const excludedByCode = new Map(EXCLUDED_VERBS.map((verb) => [verb.code, verb]));

export function isApprovedVerb(code: string): boolean {
  return approvedSet.has(code);
}

/** An approved verb (Table 7) or one of the deployment's extra verbs (`whitelist.extra`). */
export function isVerbInForce(code: string, options: ResolvedOptions): boolean {
  return approvedSet.has(code) || options.whitelist.extra.includes(code);
}

/**
 * The verbs in force under these options: the approved verbs (spec 3.8 Table 7) and the
 * deployment's extra verbs (`whitelist: { extra }`), each with its `!`, sorted, without
 * duplicates. Prompts, grammars and schemas bake this list in, so a model is told exactly the
 * verbs the validator accepts.
 */
export function verbsInForce(options?: SilpOptions): readonly string[] {
  const resolved = resolveOptions(options);
  return Object.freeze([...new Set([...approvedSet, ...resolved.whitelist.extra])].sort());
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
