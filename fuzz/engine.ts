/**
 * A COVERAGE-GUIDED MUTATION FUZZER: V8 block coverage (coverage.ts) as feedback, fast-check
 * generating the mutations.
 *
 * Why not @jazzer.js (the usual choice for Node): @jazzer.js/fuzzer 4.0.0 installs from the
 * npm registry, but its prebuilt addon does not load on Debian 12 (glibc 2.36):
 *   Error: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found
 *   (required by node_modules/@jazzer.js/fuzzer/prebuilds/fuzzer-linux-x64.node) [ERR_DLOPEN_FAILED]
 * The versions before it (1.x-2.1.0) ship no addon: `prebuild-install` downloads it from GitHub
 * releases, and building it from source (cmake-js) downloads Code Intelligence's fork of LLVM's
 * compiler-rt (github.com/CodeIntelligenceTesting/llvm-project-jazzer) whose libFuzzer has symbols
 * Debian's libfuzzer-14-dev lacks (libfuzzer::PrintCrashingInput); both are outside the npm
 * registry and Debian apt, the only sources we may use. So the loop below is ours (about 100
 * lines) and the parts a library does well come from one: fast-check draws the mutations from a
 * seed, V8 counts the blocks.
 *
 * The loop: the corpus starts with the seed inputs (fuzz/corpus/<target>/); each execution takes a
 * corpus entry, applies a random stack of mutations (token insertions from the target's
 * dictionary, deletions, duplications of slices (rarely up to 200K times), splices of two entries,
 * random code points, truncation) or makes a fresh random string, and checks the target's property.
 * An input that reaches a new feature (a block, or a block's hit count in a new bucket) joins the
 * corpus and is mutated further: the fuzzer climbs into nested branches one step at a time, where
 * purely random mutation of the seeds would need every step at once. A failure is reduced by
 * deleting chunks while its signature stays the same, recorded once per signature, and the run
 * goes on to look for failures with other signatures.
 */
// First import: coverage must be on before any target's function is compiled (see coverage.ts).
import { BlockCoverage } from "./coverage.js";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";

export interface FuzzTarget {
  /** Folder name under fuzz/corpus/ and the name given to `npm run fuzz`. */
  name: string;
  /** Pieces of the input language that mutations insert. */
  tokens: readonly string[];
  /** The property: returns normally or throws a SilpError for invalid input; anything else throws. */
  check(input: string): void;
  /** URL fragments of the scripts whose blocks guide the fuzzer (default: the codec's sources). */
  sources?: readonly string[];
}

export interface Crash {
  input: string;
  /** Error name, message's first line and the top stack frame: one per distinct bug. */
  signature: string;
  error: unknown;
}

export interface FuzzRun {
  target: string;
  seconds: number;
  executions: number;
  crashes: Crash[];
  seed: number;
  /** Blocks of the target's sources reached at least once (0 when not guided). */
  blocks: number;
  /** (block, hit-count bucket) pairs reached (0 when not guided). */
  features: number;
  /** Entries in the corpus at the end: seeds plus the inputs that added coverage. */
  corpusSize: number;
  /** Blocks covered after each power-of-two number of executions and at the end. */
  growth: { executions: number; blocks: number }[];
}

export interface FuzzOptions {
  /** Run time in seconds (default 60). */
  seconds?: number;
  /** Stop after this many executions even if time is left. */
  maxExecutions?: number;
  /** fast-check seed of the mutations (default: from the clock); a run is replayed with the same seed. */
  seed?: number;
  /** Keep inputs that reach new coverage (default true); false is plain mutation of the seeds. */
  guided?: boolean;
  /** Start from these inputs instead of fuzz/corpus/<target>/. */
  seeds?: readonly string[];
  log?: (line: string) => void;
}

/** The codec's sources: what guides every target unless it names its own. */
export const CODEC_SOURCES: readonly string[] = ["/packages/silp/src/"];
/** A corpus entry longer than this is run but not kept (a 200K-repeat input would bloat every later mutation). */
const MAX_KEPT_LENGTH = 65_536;
const MAX_CORPUS = 8_192;
/** Executions drawn from fast-check per batch (each batch has its own seed: seed + batch number). */
const BATCH = 512;
/** Inputs run between two coverage reads (see runFuzz). */
const PEEK_BATCH = 16;
/** Time for reducing one failing input. */
const REDUCE_MS = 20_000;

export const CORPUS_ROOT = new URL("./corpus/", import.meta.url).pathname;

/** The files of a target's corpus (seeds and regression inputs), sorted by name. */
export function readCorpus(target: string): { file: string; input: string }[] {
  const dir = join(CORPUS_ROOT, target);
  return readdirSync(dir)
    .filter((file) => !file.startsWith("."))
    .sort()
    .map((file) => ({ file, input: readFileSync(join(dir, file), "utf8") }));
}

/** Characters that tend to matter: ASCII structure, invisible and bidi controls, confusables, surrogates. */
const SPECIAL = [
  "\u200b",
  "\u200c",
  "\u200d",
  "\ufeff",
  "\u202e",
  "\u2066",
  "\u00ad",
  "\u{e0041}",
  "\u{e007f}",
  "\ufe0f",
  "\u0430",
  "\u043e",
  "\u0391",
  "\u0645\u200c\u06cc",
  "\ud800",
  "\udc00",
  "\u2028",
  "\u0000",
  "\r\n",
  "\t",
  "\u3000",
  "👩‍💻",
  "東京",
];

type Mutation = (text: string, seeds: readonly string[]) => string;

function mutationArb(tokens: readonly string[]): fc.Arbitrary<Mutation> {
  const position = fc.nat();
  const token = fc.oneof(fc.constantFrom(...tokens), fc.constantFrom(...SPECIAL), fc.string({ unit: "binary", maxLength: 3 }));
  const at = (text: string, p: number): number => p % (text.length + 1);
  // Rarely, a slice repeated up to 200K times: long lists and runs (the class of the push(...list)
  // stack overflow that the complexity benchmark found) at sizes the small seeds never reach.
  const huge = fc.tuple(position, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1_000, max: 200_000 })).map(
    ([p, n, times]): Mutation =>
      (s) => {
        const start = at(s, p);
        return s.slice(0, start) + s.slice(start, start + n).repeat(times) + s.slice(start);
      },
  );
  const small: fc.Arbitrary<Mutation>[] = [
    fc.tuple(position, token).map(
      ([p, t]): Mutation =>
        (s) =>
          s.slice(0, at(s, p)) + t + s.slice(at(s, p)),
    ),
    fc.tuple(position, fc.integer({ min: 1, max: 8 })).map(
      ([p, n]): Mutation =>
        (s) =>
          s.slice(0, at(s, p)) + s.slice(at(s, p) + n),
    ),
    fc.tuple(position, fc.integer({ min: 1, max: 4 }), token).map(
      ([p, n, t]): Mutation =>
        (s) =>
          s.slice(0, at(s, p)) + t + s.slice(at(s, p) + n),
    ),
    fc.tuple(position, fc.integer({ min: 1, max: 24 }), fc.integer({ min: 2, max: 40 })).map(
      ([p, n, times]): Mutation =>
        (s) => {
          const start = at(s, p);
          const slice = s.slice(start, start + n);
          return s.slice(0, start) + slice.repeat(times) + s.slice(start);
        },
    ),
    fc.tuple(position, fc.nat(), fc.nat()).map(
      ([p, which, q]): Mutation =>
        (s, seeds) => {
          const other = seeds[which % seeds.length] ?? "";
          return s.slice(0, at(s, p)) + other.slice(q % (other.length + 1));
        },
    ),
    position.map(
      (p): Mutation =>
        (s) =>
          s.slice(0, at(s, p)),
    ),
    fc.tuple(position, fc.integer({ min: 1, max: 8 })).map(
      ([p, n]): Mutation =>
        (s) => {
          const start = at(s, p);
          const slice = s.slice(start, start + n);
          const swapped = slice === slice.toUpperCase() ? slice.toLowerCase() : slice.toUpperCase();
          return s.slice(0, start) + swapped + s.slice(start + n);
        },
    ),
  ];
  return fc.oneof({ arbitrary: huge, weight: 1 }, ...small.map((arbitrary) => ({ arbitrary, weight: 60 })));
}

/** One execution's input, made from the current corpus: mostly mutated entries, some token soup, some raw random text. */
export type InputPlan = (corpus: readonly string[]) => string;

export function planArb(target: Pick<FuzzTarget, "tokens">): fc.Arbitrary<InputPlan> {
  const mutated = fc.tuple(fc.nat(), fc.boolean(), fc.array(mutationArb(target.tokens), { minLength: 1, maxLength: 10 })).map(
    ([which, newest, mutations]): InputPlan =>
      (corpus) => {
        // Half the time the newest entry: the input that just reached new code is where the next
        // step down is most likely (AFL favours fresh queue entries for the same reason).
        const base = corpus[newest ? corpus.length - 1 : which % corpus.length] ?? "";
        return mutations.reduce((text, mutate) => mutate(text, corpus), base);
      },
  );
  const tokenSoup = fc.array(fc.oneof(fc.constantFrom(...target.tokens), fc.constantFrom(...SPECIAL)), { maxLength: 30 }).map(
    (parts): InputPlan =>
      () =>
        parts.join(""),
  );
  const random = fc.string({ unit: "binary", maxLength: 80 }).map(
    (text): InputPlan =>
      () =>
        text,
  );
  return fc.oneof({ arbitrary: mutated, weight: 8 }, { arbitrary: tokenSoup, weight: 1 }, { arbitrary: random, weight: 1 });
}

/** The input for a message: JSON-escaped, cut to `max` characters (a crash input may be 1 MB). */
export function preview(input: string, max = 300): string {
  const shown = JSON.stringify(input.length > max ? input.slice(0, max) : input);
  return input.length > max ? `${shown}… (${input.length} characters)` : shown;
}

export function signatureOf(error: unknown): string {
  if (!(error instanceof Error)) return `non-Error ${typeof error}: ${String(error).split("\n")[0]}`;
  const frame = (error.stack ?? "").split("\n").find((line) => line.trimStart().startsWith("at ")) ?? "";
  // The property's own assertion messages carry the input; keep their first words only.
  const message = error.message.split("\n")[0]?.slice(0, 80) ?? "";
  return `${error.name}: ${message} ${frame.trim()}`;
}

export const crashFileName = (input: string): string => `crash-${createHash("sha256").update(input).digest("hex").slice(0, 12)}.txt`;

/**
 * Deletes chunks (halves, quarters, ... single characters) of a failing input while it still fails
 * with the same signature. Hand-written: fast-check shrinks values it generated itself, and this
 * input came out of a chain of corpus entries, not out of one arbitrary.
 */
function reduce(target: FuzzTarget, input: string, signature: string): string {
  const deadline = Date.now() + REDUCE_MS;
  const fails = (candidate: string): boolean => {
    try {
      target.check(candidate);
      return false;
    } catch (error) {
      return signatureOf(error) === signature;
    }
  };
  let current = input;
  for (let chunk = Math.max(1, current.length >> 1); chunk >= 1 && Date.now() < deadline; chunk >>= 1) {
    for (let at = 0; at < current.length && Date.now() < deadline; ) {
      const candidate = current.slice(0, at) + current.slice(at + chunk);
      if (fails(candidate)) current = candidate;
      else at += chunk;
    }
  }
  return current;
}

/**
 * Runs `target` until the time or execution budget is spent. Each failure is reduced and recorded
 * once per signature; inputs that fail with an already recorded signature count as passing
 * afterwards, so the run can find further bugs.
 */
export function runFuzz(target: FuzzTarget, options: FuzzOptions = {}): FuzzRun {
  const seconds = options.seconds ?? 60;
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const guided = options.guided ?? true;
  const log = options.log ?? (() => {});
  const corpus = [...(options.seeds ?? readCorpus(target.name).map((entry) => entry.input))];
  const coverage = guided ? new BlockCoverage(target.sources ?? CODEC_SOURCES) : undefined;
  const crashes: Crash[] = [];
  const known = new Set<string>();
  const growth: FuzzRun["growth"] = [];
  const plans = planArb(target);
  const deadline = Date.now() + seconds * 1000;
  const maxExecutions = options.maxExecutions ?? Number.POSITIVE_INFINITY;
  let executions = 0;
  let nextGrowth = 1;
  let nextLog = Date.now() + 10_000;
  // Coverage is read once per PEEK_BATCH inputs (one read costs milliseconds, more than most
  // inputs): only a batch that reached something new is run again input by input to find and
  // keep the inputs responsible. The price: a hit-count bucket that only the batch's sum reaches
  // is not kept, and one that the sum hides (a lower bucket of a block the batch ran more often)
  // is missed; new blocks are never missed.
  let batchInputs: string[] = [];
  const flush = (): void => {
    if (coverage && batchInputs.length > 0 && coverage.peek()) {
      for (const input of batchInputs) {
        try {
          target.check(input);
        } catch {
          // Failures were recorded on the first run.
        }
        if (coverage.collect() > 0 && input.length <= MAX_KEPT_LENGTH && corpus.length < MAX_CORPUS) corpus.push(input);
      }
    }
    batchInputs = [];
  };
  try {
    for (let batch = 0; executions < maxExecutions && Date.now() < deadline; batch++) {
      for (const plan of fc.sample(plans, { seed: seed + batch, numRuns: BATCH })) {
        if (executions >= maxExecutions || Date.now() >= deadline) break;
        const input = plan(corpus);
        executions++;
        let failure: { error: unknown; signature: string } | undefined;
        try {
          target.check(input);
        } catch (error) {
          const signature = signatureOf(error);
          if (!known.has(signature)) failure = { error, signature };
        }
        batchInputs.push(input);
        if (failure || batchInputs.length >= PEEK_BATCH) flush();
        if (failure) {
          known.add(failure.signature);
          const reduced = reduce(target, input, failure.signature);
          coverage?.discard();
          crashes.push({ input: reduced, signature: failure.signature, error: failure.error });
          log(`crash ${crashes.length} after ${executions} executions: ${failure.signature}\n  input: ${preview(reduced)}`);
        }
        if (executions === nextGrowth) {
          growth.push({ executions, blocks: coverage?.blockCount ?? 0 });
          nextGrowth *= 2;
        }
        if (coverage && Date.now() >= nextLog) {
          nextLog = Date.now() + 10_000;
          log(`${target.name}: ${executions} executions, ${coverage.blockCount} blocks, ${coverage.featureCount} features, corpus ${corpus.length}`);
        }
      }
    }
    flush();
  } finally {
    coverage?.discard();
  }
  growth.push({ executions, blocks: coverage?.blockCount ?? 0 });
  return {
    target: target.name,
    seconds,
    executions,
    crashes,
    seed,
    blocks: coverage?.blockCount ?? 0,
    features: coverage?.featureCount ?? 0,
    corpusSize: corpus.length,
    growth,
  };
}
