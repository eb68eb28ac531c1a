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
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { compile, createDecoder, decode } from "silp";
import { cpuMs } from "@silp/testkit/cpu-time.js";
import { sizedIR } from "./datasets.js";
import { median } from "simple-statistics";

const OPTIONS = { whitelist: "off" } as const;
const FIRST = 5;
const RUNS = 25;
const PROCESSES = Number(process.env.SILP_STREAM_PROCESSES ?? 5);
/** Set in a child process: the frontend it measures. */
const WORKER = process.env.SILP_STREAM_WORKER;

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

function measure(frontend: string): Measured {
  const text = compile(sizedIR(200_000), frontend, OPTIONS);
  const whole: number[] = [];
  const fed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    whole.push(cpuMs(() => decode(text, frontend, OPTIONS)));
    fed.push(
      cpuMs(() => {
        const decoder = createDecoder(frontend, OPTIONS);
        for (let i = 0; i < text.length; i++) decoder.push(text[i] as string);
        decoder.end();
      }),
    );
  }
  const phase = (from: number, to: number): Phase => {
    const [decode, feed] = [median(whole.slice(from, to)), median(fed.slice(from, to))];
    return { decode, feed, ratio: feed / decode };
  };
  return { kb: text.length / 1024, first: phase(0, FIRST), next: phase(FIRST, RUNS) };
}

/** Runs `measure(frontend)` in a fresh process, with the loader this one runs under (tsx). */
function inFreshProcess(frontend: string): Measured {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, SILP_STREAM_WORKER: frontend },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`the ${frontend} measuring process failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Measured;
}

if (WORKER !== undefined) {
  process.stdout.write(JSON.stringify(measure(WORKER)));
} else {
  for (const frontend of ["code", "json"]) {
    const runs = Array.from({ length: PROCESSES }, () => inFreshProcess(frontend));
    console.log(`${frontend}: ${(runs[0] as Measured).kb.toFixed(0)} KB, ${PROCESSES} processes (target: at most 3x one decode)`);
    for (const [label, pick] of [
      [`first ${FIRST} runs`, (run: Measured) => run.first],
      [`next ${RUNS - FIRST} runs`, (run: Measured) => run.next],
    ] as const) {
      const phases = runs.map(pick).sort((a, b) => a.ratio - b.ratio);
      const middle = phases[Math.floor(phases.length / 2)] as Phase;
      const range = `${(phases[0] as Phase).ratio.toFixed(1)}-${(phases.at(-1) as Phase).ratio.toFixed(1)}x`;
      console.log(
        `  ${label}: ${middle.ratio.toFixed(1)}x in the median process (${range} over the processes): decode ${middle.decode.toFixed(1)} ms, 1-character feed ${middle.feed.toFixed(1)} ms`,
      );
    }
  }
}
