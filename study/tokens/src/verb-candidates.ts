/**
 * The draft's admission criterion (spec 3.8) applied to a deployment's own verbs: a verb is fit
 * for the whitelist when its function name (the lower-cased code without `!`, as the code
 * frontend writes it) is exactly one token, with no UNK, on every census tokenizer.
 * `silpc whitelist --verify --extra-verbs REFUND` prints this.
 */
import { excludedVerb } from "silp";
import { actionToFunctionName } from "silp/util";
import type { TokenizerSet } from "./registry.js";
import { tokenize, type TokenizerName } from "./tokenizer.js";

export interface VerbCandidateCell {
  tokenizer: TokenizerName;
  pieces: string[];
  unk: boolean;
}

export interface VerbCandidate {
  /** The action code, with its `!`. */
  code: string;
  functionName: string;
  /** One token and UNK-free on every loaded tokenizer, and not excluded by the spec. */
  ok: boolean;
  cells: VerbCandidateCell[];
  /** Why the verb fails, one sentence each; empty when ok. */
  problems: string[];
}

/** Checks each verb (`REFUND` or `!REFUND`) against the census criterion on the loaded tokenizers. */
export function checkVerbCandidates(tokenizers: TokenizerSet, verbs: readonly string[]): VerbCandidate[] {
  return verbs.map((verb) => {
    const code = verb.startsWith("!") ? verb : `!${verb}`;
    const functionName = actionToFunctionName(code);
    const problems: string[] = [];
    const excluded = excludedVerb(code);
    if (excluded) problems.push(`${code} is excluded by spec 3.8 (${excluded.reason}); use ${excluded.hint}`);
    const cells = tokenizers.map((tokenizer) => {
      const live = tokenize(tokenizer, functionName);
      if (live.count !== 1) problems.push(`"${functionName}" is ${live.count} tokens on ${tokenizer.name} (${JSON.stringify(live.pieces)})`);
      if (live.unk) problems.push(`"${functionName}" contains an unknown token on ${tokenizer.name}`);
      return { tokenizer: tokenizer.name, pieces: live.pieces, unk: live.unk };
    });
    return { code, functionName, ok: problems.length === 0, cells, problems };
  });
}
