/**
 * `npm run bench:floor`: what the round trip's targets leave for the codec's own work. The steps
 * every round trip must run are timed alone on the study IRs, in the same run and rounds as the
 * baseline (JSON.stringify + JSON.parse of the IR):
 *
 * - compile checks the caller's IR against the spec's schema (the generated Ajv code) and the
 *   rules (duplicate keyword ids, empty values, the verb whitelist...), and decode checks the rules
 *   on what it built;
 * - decode scans the text for invisible characters and homoglyphs (a payload may come from anyone);
 * - the json frontend prints with JSON.stringify and reads with JSON.parse, after one pass that
 *   bounds the nesting and counts the members written (a repeated key JSON.parse would hide).
 *
 * The req_id hash (spec 4.6: only for an IR or payload without one) is left out, so the sums are
 * lower bounds. A target of r times the baseline allows baseline / r per round trip; what the
 * sum of the steps leaves of that is all the rest may take: parsing and printing the code
 * surface, lowering a payload to the IR, normal form, meta, options. The script prints the rest
 * as it is now beside it, and each round trip again through a test double of its frontend whose
 * reading costs nothing (withFreeReading): the part of the rest that is not the reading.
 *
 * Then each round trip is timed again alone beside the baseline, in fresh processes of its own
 * (SILP_FLOOR_PROCESSES, default 3; the median process is reported): a process that runs every
 * step above hands the codec's shared code (validation above all) the objects of both frontends
 * and of every option, which V8 then reads more slowly than a process that compiles and decodes
 * with one frontend, as an agent mostly does.
 *
 * Internals are imported from the codec's source, and the script is bundled by esbuild before it
 * runs: tsx would add a naming helper to every closure the rules create, which doubles their time.
 */
import { compile, decode, getFrontend, listFrontends, registerFrontend, validate, type SilpOptions } from "../packages/silp/src/index.js";
import { schemaIssues } from "../packages/silp/src/ir/schema.js";
import { semanticIssues } from "../packages/silp/src/ir/rules.js";
import { resolveOptions } from "../packages/silp/src/options.js";
import { prepareForDecode } from "../packages/silp/src/security/decode-guard.js";
import { countMembers, scanJson } from "../packages/silp/src/frontends/json-value.js";
import { DecodeContext, type DecodedPayload } from "../packages/silp/src/frontends/decode-context.js";
import { openJsonStream } from "../packages/silp/src/frontends/json/reader.js";
import { ChunkText } from "../packages/silp/src/chunk-text.js";
import { IDENTITY_HOOKS } from "../packages/silp/src/security/hooks.js";
import type { SilpIR } from "../packages/silp/src/ir/types.js";
import { cpuMs } from "@silp/testkit/cpu-time.js";
import { corpusCases } from "./datasets.js";
import { ROUND_TRIP_TARGETS, TARGETS_LINE } from "./targets.js";
import { median } from "simple-statistics";
import { inFreshProcess } from "./fresh-process.js";

const irs = corpusCases();
if (!irs) {
  console.log("(study corpus not found: set SILP_CORPUS to the folder holding cases/)");
  process.exit(0);
}
const irCount = irs.length;
const REPS = Number(process.env.SILP_FLOOR_REPS ?? 1000);
const ROUNDS = Number(process.env.SILP_FLOOR_ROUNDS ?? 9);
const PROCESSES = Number(process.env.SILP_FLOOR_PROCESSES ?? 3);
/** Set in a child process: the index in ROUND_TRIP_TARGETS of the one round trip it times beside the baseline. */
const WORKER = process.env.SILP_FLOOR_WORKER;
const each = (run: () => void) => () => {
  for (let r = 0; r < REPS; r++) run();
};

/**
 * Times `steps` in ROUNDS rounds, each starting one step later, so that a slow stretch of the
 * machine does not land on one step. Microseconds per IR by step, from the median round (the
 * first round, a warm-up, left out).
 */
function timed(steps: Record<string, () => void>): (name: string) => number {
  const names = Object.keys(steps);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length] as string;
      (samples[name] as number[]).push(cpuMs(steps[name] as () => void));
    }
  }
  return (name) => (median((samples[name] as number[]).slice(1)) / REPS / irCount) * 1000;
}

const BASELINE = "JSON.stringify + JSON.parse of the IR";
const baseline = each(() => {
  for (const ir of irs) JSON.parse(JSON.stringify(ir));
});
const roundTrip = (frontend: string, options: SilpOptions | undefined) =>
  each(() => {
    for (const ir of irs) decode(compile(ir, frontend, options), frontend, options);
  });

if (WORKER !== undefined) {
  // Before anything else of the codec has run in this process: the round trip alone beside the baseline.
  const { name, frontend, options } = ROUND_TRIP_TARGETS[Number(WORKER)] as (typeof ROUND_TRIP_TARGETS)[number];
  const us = timed({ [BASELINE]: baseline, [name]: roundTrip(frontend, options) });
  process.stdout.write(JSON.stringify({ base: us(BASELINE), now: us(name) }));
  process.exit(0);
}

const resolved = resolveOptions(undefined);
const normal = irs.map((ir) => validate(ir).ir as SilpIR);
const jsonPayloads = irs.map((ir) => compile(ir, "json"));
const compact = { inlineMeta: false } as const;
const codePayloads = irs.map((ir) => compile(ir, "code", compact));
const codeDefaultPayloads = irs.map((ir) => compile(ir, "code"));
const parsed = jsonPayloads.map((text) => JSON.parse(text) as unknown);

const steps: Record<string, () => void> = {
  [BASELINE]: baseline,
  "schema check of the caller's IR (compile)": each(() => {
    for (const ir of normal) schemaIssues(ir);
  }),
  "rules (compile, and again in decode)": each(() => {
    for (const ir of normal) semanticIssues(ir, resolved);
  }),
  "sanitizer scan of the json payload": each(() => {
    for (const text of jsonPayloads) prepareForDecode(text, resolved);
  }),
  "sanitizer scan of the compact code payload": each(() => {
    for (const text of codePayloads) prepareForDecode(text, resolved);
  }),
  "sanitizer scan of the code payload, default options": each(() => {
    for (const text of codeDefaultPayloads) prepareForDecode(text, resolved);
  }),
  "JSON.stringify of the normal IR (json compile)": each(() => {
    for (const ir of normal) JSON.stringify(ir);
  }),
  "JSON.parse of the payload (json decode)": each(() => {
    for (const text of jsonPayloads) JSON.parse(text);
  }),
  "nesting and members: scan and count (json decode)": each(() => {
    for (let i = 0; i < jsonPayloads.length; i++) {
      const text = jsonPayloads[i] as string;
      scanJson(text, 64, text, 0);
      countMembers(parsed[i]);
    }
  }),
  // What the JSON.parse shortcut is worth: the json reader given the whole text (decode(), which
  // takes the shortcut when it can), against the same reader given the text as a stream's one
  // chunk (which cannot take it: a stream reads a prefix of the payload).
  "json reader with its JSON.parse shortcut (decode)": each(() => {
    for (const text of jsonPayloads) openJsonStream(new DecodeContext(text, resolved, IDENTITY_HOOKS), 0).finish(text.length);
  }),
  "json reader without the shortcut (the text as one chunk)": each(() => {
    for (const text of jsonPayloads) {
      const context = new DecodeContext(text, resolved, IDENTITY_HOOKS);
      const received = new ChunkText();
      received.append(text);
      context.received = received;
      const stream = openJsonStream(context, 0);
      stream.append(text);
      stream.finish(text.length);
    }
  }),
};
/**
 * A test double of `frontend` whose reading costs nothing: it prints with the real frontend, and
 * "reads" a payload by handing back what the real frontend read from the same text before the
 * clock started (a fresh root each time, as decode sets a derived req_id on it). A round trip
 * through it is everything but the reading itself (a lookup of the text remains), so where it is
 * over the target too, no reader alone can reach the target.
 */
function withFreeReading(frontend: string): string {
  const name = `bench-test-double-${frontend}-free-reading`;
  if (listFrontends().some((registered) => registered.name === name)) return name; // two targets read code
  const real = getFrontend(frontend);
  const read = new Map<string, DecodedPayload>();
  registerFrontend({
    name,
    lossless: true,
    description: `test double: ${frontend} whose reading costs nothing (bench:floor)`,
    compile: real.compile,
    decode(context, start, end) {
      const text = context.source.slice(start, end);
      let payload = read.get(text);
      if (payload === undefined) {
        payload = (real.decode as NonNullable<typeof real.decode>)(context, start, end);
        read.set(text, payload);
      }
      return { ir: { ...payload.ir }, normalParts: payload.normalParts };
    },
  });
  return name;
}

const FREE_READING = ", reading free (test double)";
for (const { name, frontend, options } of ROUND_TRIP_TARGETS) {
  steps[name] = roundTrip(frontend, options);
  const double = withFreeReading(frontend);
  for (const ir of irs) decode(compile(ir, double, options), double, options); // what it hands back, read before the clock starts
  steps[`${name}${FREE_READING}`] = each(() => {
    for (const ir of irs) decode(compile(ir, double, options), double, options);
  });
}

const us = timed(steps);
const names = Object.keys(steps);

const base = us(BASELINE);
const row = (name: string, value: number): string =>
  `${name.padEnd(62)} ${value.toFixed(2).padStart(6)} µs  ${(value / base).toFixed(2).padStart(5)}x the baseline's time`;
console.log(`The study's ${irs.length} IRs, CPU time per IR (median of ${ROUNDS - 1} rounds of ${REPS} passes)\n`);
for (const name of names) console.log(row(name, us(name)));

const schema = us("schema check of the caller's IR (compile)");
const rules = us("rules (compile, and again in decode)");
// Each code round trip with the sanitizer scan of its own payload (the default options' carries meta).
const codeSteps = (options: unknown): number =>
  schema + 2 * rules + us(options === undefined ? "sanitizer scan of the code payload, default options" : "sanitizer scan of the compact code payload");
const jsonSteps =
  schema +
  2 * rules +
  us("sanitizer scan of the json payload") +
  us("JSON.stringify of the normal IR (json compile)") +
  us("JSON.parse of the payload (json decode)") +
  us("nesting and members: scan and count (json decode)");
const shortcut = us("json reader with its JSON.parse shortcut (decode)");
const reader = us("json reader without the shortcut (the text as one chunk)");
console.log(`\nThe JSON.parse shortcut: the json reader takes ${(reader / shortcut).toFixed(1)}x the time without it`);
console.log("");
console.log(TARGETS_LINE);
for (const { name, frontend, options, target } of ROUND_TRIP_TARGETS) {
  const floor = frontend === "json" ? jsonSteps : codeSteps(options);
  const budget = base / target;
  const now = us(name);
  console.log(`${name} (target ${target.toFixed(2)}x the baseline's speed: at most ${budget.toFixed(2)} µs per IR)`);
  console.log(`  the steps every ${frontend} round trip runs: ${floor.toFixed(2)} µs; what the target leaves for the rest: ${(budget - floor).toFixed(2)} µs`);
  console.log(`  the rest now: ${(now - floor).toFixed(2)} µs (the round trip takes ${now.toFixed(2)} µs, ${(base / now).toFixed(2)}x the baseline's speed)`);
  const free = us(`${name}${FREE_READING}`);
  console.log(
    `  with the frontend's reading free (a test double): ${free.toFixed(2)} µs, ${(base / free).toFixed(2)}x the baseline's speed; the reading leaves ${(budget - free).toFixed(2)} µs`,
  );
}

/** One round trip timed alone beside the baseline in a fresh process (SILP_FLOOR_WORKER): its speed as a ratio to the baseline's. */
function aloneInProcess(index: number): number {
  const timing = inFreshProcess<{ base: number; now: number }>(import.meta.url, { SILP_FLOOR_WORKER: String(index) }, `${ROUND_TRIP_TARGETS[index]?.name}`);
  return timing.base / timing.now;
}

console.log(`\nEach round trip alone beside the baseline, in ${PROCESSES} fresh processes of its own (the median process, the range over them):`);
ROUND_TRIP_TARGETS.forEach(({ name, target }, index) => {
  const speeds = Array.from({ length: PROCESSES }, () => aloneInProcess(index)).sort((a, b) => a - b);
  const middle = speeds[Math.floor(speeds.length / 2)] as number;
  console.log(
    `  ${name}: ${middle.toFixed(2)}x the baseline's speed (${(speeds[0] as number).toFixed(2)}-${(speeds.at(-1) as number).toFixed(2)}x over the processes; target ${target.toFixed(2)}x)`,
  );
});
