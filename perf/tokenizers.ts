/**
 * Tokenizer load cost and counting speed: `node --import tsx bench/tokenizers.ts`.
 * Each tokenizer is loaded in a fresh child process, so its load time and memory are its own:
 * time to import + build, resident set (RSS) and JS heap growth, then counting throughput on
 * the study's 27 code payloads and the time for one 10,000 / 100,000-letter word (the
 * adversarial case for byte-pair merges). Numbers are for this machine and this run.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { compile } from "silp";
import { TOKENIZER_NAMES, loadTokenizer, isTokenizerName, textTable } from "@silp/tokens";
import { corpusCases } from "./datasets.js";

interface Measurement {
  tokenizer: string;
  loadMs: number;
  rssMB: number;
  heapMB: number;
  payloadsPerSecond: number;
  word10kMs: number;
  word100kMs: number;
}

const MB = 1024 * 1024;

async function measureOne(name: string): Promise<Measurement> {
  if (!isTokenizerName(name)) throw new Error(`unknown tokenizer ${name}`);
  const payloads = (corpusCases() ?? []).map((ir) => compile(ir, "code", { whitelist: "off" }));
  global.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const tokenizer = await loadTokenizer(name);
  const loadMs = performance.now() - started;
  global.gc?.();
  const after = process.memoryUsage();
  const rounds = 20;
  const countStart = performance.now();
  for (let round = 0; round < rounds; round++) for (const text of payloads) tokenizer.encode(text);
  const payloadsPerSecond = (rounds * payloads.length) / ((performance.now() - countStart) / 1000);
  const timeWord = (length: number): number => {
    const start = performance.now();
    tokenizer.encode("a".repeat(length));
    return performance.now() - start;
  };
  return {
    tokenizer: name,
    loadMs,
    rssMB: (after.rss - before.rss) / MB,
    heapMB: (after.heapUsed - before.heapUsed) / MB,
    payloadsPerSecond,
    word10kMs: timeWord(10_000),
    word100kMs: timeWord(100_000),
  };
}

const oneIndex = process.argv.indexOf("--one");
if (oneIndex >= 0) {
  process.stdout.write(JSON.stringify(await measureOne(process.argv[oneIndex + 1] ?? "")));
} else {
  const self = fileURLToPath(import.meta.url);
  const rows: string[][] = [];
  for (const name of TOKENIZER_NAMES) {
    const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--one", name], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    const m = JSON.parse(output) as Measurement;
    rows.push([
      m.tokenizer,
      (m.loadMs / 1000).toFixed(2),
      m.rssMB.toFixed(0),
      m.heapMB.toFixed(0),
      m.payloadsPerSecond.toFixed(0),
      m.word10kMs.toFixed(0),
      m.word100kMs.toFixed(0),
    ]);
    console.error(`measured ${name}`);
  }
  console.log("Tokenizer load cost (fresh process each) and counting speed\n");
  console.log(textTable(["tokenizer", "load s", "RSS +MB", "heap +MB", "code payloads/s", "10k-letter word ms", "100k-letter word ms"], rows));
}
