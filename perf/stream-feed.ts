/**
 * `npm run bench:stream`: what streaming costs over one decode. A 200 KB code payload and its json
 * form are fed to createDecoder one character at a time, and the time is compared with one
 * decode() of the whole text, in the same process, alternating, in CPU time of the process (on a
 * shared machine, wall time mostly measures the other processes). Two ratios, since the JIT favours
 * one decode more than the feed's many small calls as a process warms up: the median of the first
 * five runs (a process that decodes a few streams) and the median of the next twenty (a long-lived
 * agent runtime, the steady state).
 *
 * Each frontend is measured in several fresh processes (SILP_STREAM_PROCESSES, default 5), and the
 * median process is reported with the range: the same build's feed took 41 to 70 ms of CPU from
 * one process to the next, minutes apart, so one process's ratio is good to about a third.
 *
 * Two more rows split the cost, for the steady state, each measured the same way in processes of
 * its own (a second kind of feed in the same process changes what the JIT makes of the shared code,
 * and so both the feed and the decode it is compared with):
 * - a 32-character feed: what the units cost (each is parsed and lowered once, as in decode) with
 *   the per-character path mostly gone;
 * - the layers above the frontend alone (createDecoder, the reader, the stream sanitizer, the
 *   text kept): the same 1-character feed through a test double of the frontend whose stream reads
 *   nothing;
 * - the study's 27 payloads (meta inline, as compile writes them by default), each fed in
 *   4-character chunks (about a model's token) to a decoder of its own, against one decode() of
 *   each: what a stream costs at the size agents send, where a decoder's own setup counts.
 *
 * Targets: the 1-character feed at most 2x one decode, the study's payloads at most 3x.
 */
import { inFreshProcess } from "./fresh-process.js";
import { compile, createDecoder, decode, getFrontend, registerFrontend } from "silp";
import { cpuMs } from "@silp/testkit/cpu-time.js";
import { corpusCases, sizedIR } from "./datasets.js";
import { median } from "simple-statistics";

const OPTIONS = { whitelist: "off" } as const;
const FIRST = 5;
const RUNS = 25;
const PROCESSES = Number(process.env.SILP_STREAM_PROCESSES ?? 5);
/** Set in a child process: what it measures, `<row>:<frontend>` (ROWS). */
const WORKER = process.env.SILP_STREAM_WORKER;
/** The chunk size of the second feed: about a model's token or a few, with the per-character path mostly gone. */
const CHUNK = 32;

/** One process's medians for a phase: the decode, the feed, and their ratio. */
interface Phase {
  decode: number;
  feed: number;
  ratio: number;
}
interface Measured {
  kb: number;
  first: Phase;
  next: Phase;
}

/**
 * The text cut into chunks of `size` characters, before the clock starts: a model's chunks arrive
 * as strings already, as decode()'s text does, so making them is the producer's cost, not the
 * decoder's (a one-character string of a letter outside Latin-1 is a new allocation each time
 * `text[i]` makes it, which the feed used to pay).
 */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** The texts a row measures, made for the frontend: the 200 KB payload, or the study's 27 with default options. */
type Texts = (frontend: string) => string[];
const BIG: Texts = (frontend) => [compile(sizedIR(200_000), frontend, OPTIONS)];
const STUDY: Texts = (frontend) => {
  const cases = corpusCases();
  if (cases === undefined) throw new Error("the study's cases are not in data/study/cases");
  const payloads = cases.map((ir) => compile(ir, frontend, OPTIONS));
  // Twenty times over, so that a run takes milliseconds as the other rows' do, and the JIT has
  // warmed both paths by the steady state's runs as it has for the 200 KB payload.
  return Array.from({ length: 20 }, () => payloads).flat();
};
/** A model's token: about four characters. */
const TOKEN = 4;

/** A row's texts, their chunks made before the clock starts, and the feed of every text in turn. */
function feedEach(texts: Texts, frontend: string, size: number, end: boolean, compiledBy = frontend): { texts: string[]; feed: () => void } {
  const made = texts(compiledBy);
  const chunked = made.map((text) => chunksOf(text, size));
  return {
    texts: made,
    feed: () => {
      for (const chunks of chunked) feed(chunks, frontend, end);
    },
  };
}

/** Feeds `chunks` to a decoder of `frontend`, and ends it when `end`. */
function feed(chunks: readonly string[], frontend: string, end: boolean): void {
  const decoder = createDecoder(frontend, OPTIONS);
  for (const chunk of chunks) decoder.push(chunk);
  if (end) decoder.end();
}

/** Medians of runs `from` to `to` of a decode and a feed, and their ratio. */
function phaseOf(whole: number[], fed: number[], from: number, to: number): Phase {
  const decodeMs = median(whole.slice(from, to));
  const feedMs = median(fed.slice(from, to));
  return { decode: decodeMs, feed: feedMs, ratio: feedMs / decodeMs };
}

/** The rows: how each feeds the text to a decoder, given the frontend's name. */
const ROWS = {
  "1-character feed": (frontend: string) => feedEach(BIG, frontend, 1, true),
  [`${CHUNK}-character chunks`]: (frontend: string) => feedEach(BIG, frontend, CHUNK, true),
  "the layers above the frontend alone (1-character feed, a stream that reads nothing)": (frontend: string) =>
    // Not ended: the end would decode the whole text, which this row does not ask about.
    feedEach(BIG, registerNullStream(frontend), 1, false, frontend),
  [`the study's payloads, ${TOKEN}-character chunks`]: (frontend: string) => feedEach(STUDY, frontend, TOKEN, true),
} as const;
type Row = keyof typeof ROWS;

/**
 * A test double of `frontend`, registered under a name of its own: its compile and decode, and a
 * stream that reads nothing. Returns its name.
 */
function registerNullStream(frontend: string): string {
  const real = getFrontend(frontend);
  const name = `bench-test-double-${frontend}-null-stream`;
  registerFrontend({
    name,
    lossless: true,
    description: `test double: ${frontend} with a stream that reads nothing (bench:stream's layers row)`,
    compile: real.compile,
    openStream: () => ({
      append() {},
      position: 0,
      finish: () => {
        throw new Error("the layers row never ends its stream");
      },
    }),
  });
  return name;
}

function measure(row: Row, frontend: string): Measured {
  const { texts, feed: fedBy } = ROWS[row](frontend);
  const whole: number[] = [];
  const fed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    whole.push(
      cpuMs(() => {
        for (const text of texts) decode(text, frontend, OPTIONS);
      }),
    );
    fed.push(cpuMs(fedBy));
  }
  return { kb: texts.reduce((sum, text) => sum + text.length, 0) / 1024, first: phaseOf(whole, fed, 0, FIRST), next: phaseOf(whole, fed, FIRST, RUNS) };
}

/** Runs `measure(row, frontend)` in a fresh process, with the loader this one runs under (tsx). */
function measuredInFreshProcess(row: Row, frontend: string): Measured {
  return inFreshProcess<Measured>(import.meta.url, { SILP_STREAM_WORKER: `${row}:${frontend}` }, `${row} (${frontend})`);
}

/** The median process of `runs` for one phase, and the range of the ratio over the processes. */
function middleOf(runs: Measured[], pick: (run: Measured) => Phase): { middle: Phase; range: string } {
  const phases = runs.map(pick).sort((a, b) => a.ratio - b.ratio);
  const middle = phases[Math.floor(phases.length / 2)] as Phase;
  return { middle, range: `${(phases[0] as Phase).ratio.toFixed(1)}-${(phases.at(-1) as Phase).ratio.toFixed(1)}x` };
}

if (WORKER !== undefined) {
  const at = WORKER.lastIndexOf(":");
  const row = WORKER.slice(0, at);
  if (!Object.hasOwn(ROWS, row))
    throw new Error(`SILP_STREAM_WORKER names no row: "${WORKER}" (expected <row>:<frontend>, a row of ${Object.keys(ROWS).join(" | ")})`);
  process.stdout.write(JSON.stringify(measure(row as Row, WORKER.slice(at + 1))));
} else {
  for (const frontend of ["code", "json"]) {
    const runs = Array.from({ length: PROCESSES }, () => measuredInFreshProcess("1-character feed", frontend));
    console.log(`${frontend}: ${(runs[0] as Measured).kb.toFixed(0)} KB, ${PROCESSES} processes (target: at most 2x one decode)`);
    for (const [label, pick] of [
      [`first ${FIRST} runs`, (run: Measured) => run.first],
      [`next ${RUNS - FIRST} runs`, (run: Measured) => run.next],
    ] as const) {
      const { middle, range } = middleOf(runs, pick);
      console.log(
        `  ${label}: ${middle.ratio.toFixed(1)}x in the median process (${range} over the processes): decode ${middle.decode.toFixed(1)} ms, 1-character feed ${middle.feed.toFixed(1)} ms`,
      );
    }
    for (const row of Object.keys(ROWS).slice(1) as Row[]) {
      const { middle, range } = middleOf(
        Array.from({ length: PROCESSES }, () => measuredInFreshProcess(row, frontend)),
        (run) => run.next,
      );
      console.log(
        `  next ${RUNS - FIRST} runs, ${row}: ${middle.ratio.toFixed(1)}x (${range}): decode ${middle.decode.toFixed(1)} ms, feed ${middle.feed.toFixed(1)} ms`,
      );
    }
  }
}
