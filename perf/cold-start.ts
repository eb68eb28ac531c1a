/**
 * `npm run bench:cold-start`: what the first call costs a fresh process. Each sample is a new
 * Node process that imports the codec (the built package, as a user's `import("silp")` resolves
 * it), compiles one IR and decodes the payload, timed from before the import to after the decode;
 * the baseline is the same in a fresh process with @toon-format/toon (import, encode, decode).
 * Samples alternate between the two; the medians and their ratio are reported.
 */
import { execFileSync } from "node:child_process";
import { repoRoot } from "./datasets.js";
import { median } from "simple-statistics";

const RUNS = Number(process.env.SILP_COLD_RUNS ?? 15);
const IR = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  meta: { req_id: "a1b2c3d4" },
};

const SILP = `const t = performance.now();
const silp = await import("silp");
const text = silp.compile(${JSON.stringify(IR)}, "code");
silp.decode(text, "code");
console.log(performance.now() - t);`;

const TOON = `const t = performance.now();
const toon = await import("@toon-format/toon");
toon.decode(toon.encode(${JSON.stringify(IR)}));
console.log(performance.now() - t);`;

function sample(script: string): number {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: repoRoot, encoding: "utf8" });
  return Number(out.trim());
}

const silp: number[] = [];
const toon: number[] = [];
for (let i = 0; i < RUNS; i++) {
  silp.push(sample(SILP));
  toon.push(sample(TOON));
}
const [s, t] = [median(silp), median(toon)];
console.log(`Cold start (fresh process: import, first compile, first decode), median of ${RUNS}, samples alternating`);
console.log(`silp                ${s.toFixed(1)} ms`);
console.log(`@toon-format/toon   ${t.toFixed(1)} ms`);
console.log(`ratio               ${(s / t).toFixed(1)}x TOON's (target: at most 5x)`);
