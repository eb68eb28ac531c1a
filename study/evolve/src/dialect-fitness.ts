/**
 * The fitness of one dialect (spec 6.1) on the search IRs, every term measured or listed as
 * absent:
 *
 * - the hard floor first: the dialect must print every search IR and its round trip must give
 *   back exactly the IR (the codec's `roundTrip`, dialect-codec.ts: the compact payload's content
 *   and the full payload's whole IR); one failure makes it infeasible. With task success measured (bench results), a pass rate below the fidelity floor
 *   makes it infeasible too;
 * - compression and tokenizer variance on the counter's tokenizers (token-terms.ts), against the
 *   reference payloads (the natural prose of the same IRs);
 * - human unreadability through the symbol-share proxy (unreadability.ts);
 * - task success and cross-model fidelity from bench results, when the dialect has some
 *   (bench-terms.ts);
 * - PPL: absent (no local model is wired in; the delta weight then only lists it as unmeasured).
 *
 * The score is bench's Layer-4 `fitness` with the weights checked by `resolveWeights`
 * (alpha + alpha' >= 0.6); only the feasibility rule is ours, because bench's treats an
 * unmeasured task success as 0 (below any floor), while a search without an endpoint must still
 * tell lossless dialects from lossy ones.
 */
import { createHash } from "node:crypto";
import { type FitnessTerm, type FitnessWeights, fitness } from "@silp/bench";
import type { SilpIR } from "silp";
import type { SuccessTerms } from "./bench-terms.js";
import type { Evaluation } from "./engine.js";
import { type GeneSpace, type Genome, genomeKey } from "./gene-space.js";
import type { CountTokens } from "./token-counter.js";
import type { CountTable } from "./token-terms.js";
import { tokenTerms } from "./token-terms.js";
import { unreadability } from "./unreadability.js";

/** What the search needs of a dialect: its costed payload, and a round-trip check. */
export interface DialectCodec {
  /** The payload that is costed: the compact surface (no meta), as docs/tokens.md costs every frontend. */
  print(ir: SilpIR): string;
  /** Why `ir` (printed as `payload`) does not come back exactly, or undefined when it does. */
  roundTrip(ir: SilpIR, payload: string): string | undefined;
}

export interface DialectProblem {
  readonly space: GeneSpace;
  readonly makeCodec: (genes: Genome, name: string) => DialectCodec;
  /** The search IRs (normal forms). */
  readonly irs: readonly SilpIR[];
  readonly counter: CountTokens;
  /** The reference payloads' counts, one row per search IR. */
  readonly reference: CountTable;
  readonly weights: FitnessWeights;
  readonly fidelityFloor: number;
  readonly success?: SuccessTerms;
}

export interface DialectEvaluation extends Evaluation {
  readonly name: string;
  /** Search IRs that did not come back exactly (0 = lossless). */
  readonly lossyIrs: number;
  /** The first failure, for the report: the IR's index and what happened. */
  readonly firstFailure?: string;
  readonly meanTokens: number;
  readonly meansPerTokenizer: readonly number[];
  readonly compression: number;
  readonly tokenizerVariance: number;
  readonly humanUnreadability: number;
  readonly taskSuccess?: number;
  readonly crossModelFidelity?: number;
  /** Weighted terms with no measurement (counted 0). */
  readonly unmeasured: readonly FitnessTerm[];
}

/** Score and objectives of a dialect that cannot even print every IR: after every other. */
export const UNPRINTABLE_SCORE = -1e9;
const UNPRINTABLE_OBJECTIVE = 1e9;

/** A stable name for a point of the space: "x-evo-" and ten hex digits of its genes' hash. */
export function dialectName(space: GeneSpace, genes: Genome): string {
  return `x-evo-${createHash("sha256").update(genomeKey(space, genes)).digest("hex").slice(0, 10)}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function evaluateDialect(problem: DialectProblem, genes: Genome): DialectEvaluation {
  const name = dialectName(problem.space, genes);
  const codec = problem.makeCodec(genes, name);
  const payloads: string[] = [];
  let lossyIrs = 0;
  let firstFailure: string | undefined;
  const fail = (index: number, what: string): void => {
    lossyIrs++;
    firstFailure ??= `search IR ${index}: ${what}`;
  };
  for (const [index, ir] of problem.irs.entries()) {
    let payload: string;
    try {
      payload = codec.print(ir);
    } catch (error) {
      fail(index, `print failed (${describe(error)})`);
      continue;
    }
    payloads.push(payload);
    let failure: string | undefined;
    try {
      failure = codec.roundTrip(ir, payload);
    } catch (error) {
      failure = `round trip of ${JSON.stringify(payload)} failed (${describe(error)})`;
    }
    if (failure !== undefined) fail(index, failure);
  }
  if (payloads.length < problem.irs.length) {
    return {
      name,
      feasible: false,
      score: UNPRINTABLE_SCORE,
      objectives: [UNPRINTABLE_OBJECTIVE, UNPRINTABLE_OBJECTIVE],
      lossyIrs,
      ...(firstFailure === undefined ? {} : { firstFailure }),
      meanTokens: Number.NaN,
      meansPerTokenizer: [],
      compression: Number.NaN,
      tokenizerVariance: Number.NaN,
      humanUnreadability: Number.NaN,
      unmeasured: [],
    };
  }
  const terms = tokenTerms(
    payloads.map((payload) => problem.counter.counts(payload)),
    problem.reference,
  );
  const humanUnreadability = unreadability(payloads);
  const success = problem.success?.byFrontend.get(name);
  const scored = fitness(
    {
      frontend: name,
      compression: terms.compression,
      tokenizerVariance: terms.tokenizerVariance,
      humanUnreadability,
      ...(success ?? {}),
    },
    problem.weights,
    problem.fidelityFloor,
  );
  const feasible = lossyIrs === 0 && (success === undefined || success.taskSuccess >= problem.fidelityFloor);
  return {
    name,
    feasible,
    score: scored.score,
    objectives: [terms.meanTokens, humanUnreadability],
    lossyIrs,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    meanTokens: terms.meanTokens,
    meansPerTokenizer: terms.means,
    compression: terms.compression,
    tokenizerVariance: terms.tokenizerVariance,
    humanUnreadability,
    ...(success === undefined ? {} : { taskSuccess: success.taskSuccess, crossModelFidelity: success.crossModelFidelity }),
    unmeasured: scored.unmeasured,
  };
}
