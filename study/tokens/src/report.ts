/**
 * The whole census of `silpc census`: Tables 7/8 (verbs), Table 12 (structural tokens), the
 * 144-probe zero-width/homoglyph check of section 8.1, and whether each claim of the spec
 * still holds on the loaded tokenizers.
 */
import { structuralCensus, verbCensus, type StructuralCensusEntry, type VerbCensusEntry } from "./census.js";
import { runProbes, type ProbeResult } from "./probe.js";
import type { TokenizerSet } from "./registry.js";
import type { TokenizerName } from "./tokenizer.js";

export interface Claim {
  /** The spec's wording, shortened. */
  claim: string;
  holds: boolean;
  /** How many items satisfy it, out of how many. */
  count: number;
  total: number;
}

export interface CensusReport {
  tokenizers: TokenizerName[];
  countingRule: string;
  verbs: VerbCensusEntry[];
  structural: StructuralCensusEntry[];
  probes: ProbeResult[];
  claims: Claim[];
}

export const COUNTING_RULE =
  "each string encoded bare, without BOS/EOS or other special tokens; pieces are single-id decodes; " +
  'running-text counts are tokens("x " + string) - tokens("x")';

const claim = (text: string, flags: readonly boolean[]): Claim => {
  const count = flags.filter(Boolean).length;
  return { claim: text, holds: count === flags.length, count, total: flags.length };
};

export function runCensus(tokenizers: TokenizerSet): CensusReport {
  const verbs = verbCensus(tokenizers);
  const structural = structuralCensus(tokenizers);
  const probes = runProbes(tokenizers);
  const approved = verbs.filter((verb) => verb.status === "approved");
  const excluded = verbs.filter((verb) => verb.status === "excluded");
  return {
    tokenizers: tokenizers.map((tokenizer) => tokenizer.name),
    countingRule: COUNTING_RULE,
    verbs,
    structural,
    probes,
    claims: [
      claim(
        "Table 7: approved verbs are one token and UNK-free on every tokenizer",
        approved.map((verb) => verb.singleToken && verb.unkFree),
      ),
      claim(
        "Table 8: excluded verbs are more than one token on every tokenizer",
        excluded.map((verb) => verb.cells.every((cell) => cell.count > 1)),
      ),
      claim(
        "Table 12: structural tokens are one token and UNK-free on every tokenizer",
        structural.map((entry) => entry.singleToken && entry.unkFree),
      ),
      claim(
        "Section 8.1: every zero-width/homoglyph probe alters tokenization",
        probes.map((probe) => probe.altered),
      ),
    ],
  };
}
