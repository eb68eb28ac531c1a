/**
 * `npm run bench:stream`: what streaming costs over one decode. A 200 KB code payload and its json
 * form are fed to createDecoder one character at a time, and the time is compared with one
 * decode() of the whole text, in the same process, alternating, in CPU time of the process (on a
 * shared machine, wall time mostly measures the other processes). Two ratios, since the JIT favours
 * one decode more than the feed's many small calls as a process warms up: the median of the first
 * five runs (a process that decodes a few streams) and the median of the next twenty (a long-lived
 * agent runtime, the steady state).
 */
import { compile, createDecoder, decode } from "silp";
import { cpuMs } from "@silp/testkit/cpu-time.js";
import { sizedIR } from "./datasets.js";

const OPTIONS = { whitelist: "off" } as const;
const FIRST = 5;
const RUNS = 25;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

for (const frontend of ["code", "json"]) {
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
  const ratio = (from: number, to: number): string => {
    const [w, f] = [median(whole.slice(from, to)), median(fed.slice(from, to))];
    return `decode ${w.toFixed(1)} ms, 1-character feed ${f.toFixed(1)} ms: ${(f / w).toFixed(1)}x`;
  };
  console.log(`${frontend}: ${(text.length / 1024).toFixed(0)} KB (target: at most 3x one decode)`);
  console.log(`  first ${FIRST} runs:  ${ratio(0, FIRST)}`);
  console.log(`  next ${RUNS - FIRST} runs:  ${ratio(FIRST, RUNS)}`);
}
