/**
 * `npm run bench:stream`: what streaming costs over one decode. A 200 KB code payload and its json
 * form are fed to createDecoder one character at a time, and the time is compared with one
 * decode() of the whole text, in the same process (medians of 5, alternating).
 */
import { compile, createDecoder, decode } from "silp";
import { sizedIR } from "./datasets.js";

const OPTIONS = { whitelist: "off" } as const;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

for (const frontend of ["code", "json"]) {
  const text = compile(sizedIR(200_000), frontend, OPTIONS);
  const whole: number[] = [];
  const fed: number[] = [];
  for (let run = 0; run < 5; run++) {
    let started = performance.now();
    decode(text, frontend, OPTIONS);
    whole.push(performance.now() - started);
    started = performance.now();
    const decoder = createDecoder(frontend, OPTIONS);
    for (let i = 0; i < text.length; i++) decoder.push(text[i] as string);
    decoder.end();
    fed.push(performance.now() - started);
  }
  const [w, f] = [median(whole), median(fed)];
  console.log(
    `${frontend}: ${(text.length / 1024).toFixed(0)} KB, decode ${w.toFixed(1)} ms, 1-character feed ${f.toFixed(1)} ms: ${(f / w).toFixed(1)}x one decode (target: at most 3x)`,
  );
}
