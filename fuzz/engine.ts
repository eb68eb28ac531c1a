/**
 * A MUTATION FUZZER built on fast-check: random and mutation-based, NOT coverage-guided.
 *
 * Issue #11 asked for coverage-guided fuzzing with @jazzer.js/core. It installs from the npm
 * registry without downloading anything, but its native addon
 * (@jazzer.js/fuzzer/prebuilds/fuzzer-linux-x64.node, 4.0.0) needs GLIBC_2.38 and our machines
 * (Debian 12) have glibc 2.36, so loading it fails with ERR_DLOPEN_FAILED; 2.1.0 downloads its
 * addon from outside the npm registry at install time (prebuild-install). This engine is the
 * fallback: it starts from the seed corpus (fuzz/corpus/<target>/), applies random stacks of
 * mutations (token insertions from each target's dictionary, deletions, duplications of slices
 * (rarely up to 200K times),
 * splices of two seeds, random code points, truncation), mixes in purely random strings, and
 * checks each target's property on every input. fast-check shrinks each failure to a small
 * input, and the run goes on to look for failures with other signatures.
 */
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
}

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

/** Inputs: mostly mutated seeds, some random strings over the target's tokens, some raw random text. */
export function inputArb(target: FuzzTarget, seeds: readonly string[]): fc.Arbitrary<string> {
  const mutated = fc
    .tuple(fc.nat(), fc.array(mutationArb(target.tokens), { minLength: 1, maxLength: 10 }))
    .map(([which, mutations]) => mutations.reduce((text, mutate) => mutate(text, seeds), seeds[which % seeds.length] ?? ""));
  const tokenSoup = fc.array(fc.oneof(fc.constantFrom(...target.tokens), fc.constantFrom(...SPECIAL)), { maxLength: 30 }).map((parts) => parts.join(""));
  return fc.oneof(
    { arbitrary: mutated, weight: 8 },
    { arbitrary: tokenSoup, weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 80 }), weight: 1 },
  );
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
 * Runs `target` for `seconds` seconds. Each failure is shrunk by fast-check and recorded once per
 * signature; inputs that fail with an already recorded signature count as passing afterwards, so
 * the run can find further bugs.
 */
export function runFuzz(target: FuzzTarget, seconds: number, seed = Date.now() % 2 ** 31, log: (line: string) => void = () => {}): FuzzRun {
  const seeds = readCorpus(target.name).map((entry) => entry.input);
  const crashes: Crash[] = [];
  const known = new Set<string>();
  let executions = 0;
  const deadline = Date.now() + seconds * 1000;
  const property = fc.property(inputArb(target, seeds), (input) => {
    executions++;
    try {
      target.check(input);
    } catch (error) {
      if (known.has(signatureOf(error))) return;
      throw error;
    }
  });
  let round = 0;
  while (Date.now() < deadline) {
    const remaining = deadline - Date.now();
    const details = fc.check(property, { seed: seed + round++, numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: remaining, endOnFailure: false });
    if (!details.failed || !details.counterexample) break;
    const [input] = details.counterexample;
    const error = details.errorInstance;
    const signature = signatureOf(error);
    known.add(signature);
    crashes.push({ input, signature, error });
    log(`crash ${crashes.length}: ${signature}\n  input: ${preview(input)}`);
  }
  return { target: target.name, seconds, executions, crashes, seed };
}
