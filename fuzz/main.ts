/**
 * `npm run fuzz -- <target|all> [seconds] [--seed N]`: runs the coverage-guided fuzzer (engine.ts:
 * V8 block coverage as feedback, fast-check mutations) on one target or all of them; every 10 s and
 * at the end it prints executions, blocks covered and corpus size. Each new
 * crash is written to fuzz/crashes/<target>/crash-<hash>.txt with its signature and stack on
 * standard error; turn it into a regression input in fuzz/corpus/<target>/ once understood.
 * Exit 1 when a crash was found.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crashFileName, preview, runFuzz } from "./engine.js";
import { TARGETS } from "./targets.js";

const args = process.argv.slice(2);
const seedAt = args.indexOf("--seed");
const seed = seedAt >= 0 ? Number(args.splice(seedAt, 2)[1]) : undefined;
const [name, secondsText] = args;
const seconds = Number(secondsText ?? 60);
const names = name === "all" ? Object.keys(TARGETS) : [name ?? ""];
if (!names.every((each) => each in TARGETS) || !(seconds > 0)) {
  console.error(`usage: npm run fuzz -- <${Object.keys(TARGETS).join("|")}|all> [seconds] [--seed N]`);
  process.exit(2);
}

let found = 0;
for (const each of names) {
  const target = TARGETS[each];
  if (!target) continue;
  const started = performance.now();
  const run = runFuzz(target, { seconds, seed, log: (line) => console.error(line) });
  const elapsed = (performance.now() - started) / 1000;
  for (const crash of run.crashes) {
    const dir = new URL(`./crashes/${each}/`, import.meta.url).pathname;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, crashFileName(crash.input));
    writeFileSync(file, crash.input);
    console.error(
      `\n${crash.signature}\n  input: ${preview(crash.input)}\n  saved: ${file}\n${crash.error instanceof Error ? crash.error.stack : String(crash.error)}`,
    );
  }
  found += run.crashes.length;
  console.log(
    `${each}: ${elapsed.toFixed(1)} s, ${run.executions} executions (${Math.round(run.executions / elapsed)}/s), ${run.blocks} blocks covered ` +
      `(${run.features} features, corpus ${run.corpusSize}), ${run.crashes.length} crash(es), seed ${run.seed}\n` +
      `  coverage growth (executions -> blocks): ${run.growth.map((point) => `${point.executions}->${point.blocks}`).join(" ")}`,
  );
}
process.exit(found > 0 ? 1 : 0);
