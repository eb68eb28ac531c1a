/**
 * `npm run bench:ai-sdk-follow`: what `silpOutput` costs an AI SDK `streamText` that streams a
 * payload one character at a time, beside the SDK's own `Output.text()` on the same stream, in
 * the same process, alternating, in CPU time. The model is the AI SDK's own MockLanguageModelV3
 * (a TEST DOUBLE from `ai/test`: it replays the deltas given, no model runs). For 20k, 40k and 80k
 * characters: the CPU time of each, the ratio silpOutput / Output.text, and the growth exponent
 * from n to 4n (log(t(4n)/t(n)) / log 4: 1 is linear, 2 quadratic).
 */
import { Output, streamText } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { median } from "simple-statistics";
import { compile } from "silp";
import { silpOutput } from "@silp/ai-sdk";
import { sizedIR } from "./datasets.js";

const SIZES = (process.env.SILP_FOLLOW_SIZES ?? "20000,40000,80000").split(",").map(Number);
const ROUNDS = Number(process.env.SILP_FOLLOW_ROUNDS ?? 3);

function payloadOf(chars: number): string {
  const text = compile(sizedIR(chars), "code", { whitelist: "off", inlineMeta: false });
  return text.length > chars ? `${text.slice(0, text.lastIndexOf(",", chars))})` : text;
}

function model(text: string): MockLanguageModelV3 {
  const chunks = [
    { type: "stream-start" as const, warnings: [] },
    { type: "text-start" as const, id: "t" },
    ...Array.from(text, (delta) => ({ type: "text-delta" as const, id: "t", delta })),
    { type: "text-end" as const, id: "t" },
    {
      type: "finish" as const,
      finishReason: { unified: "stop" as const, raw: "stop" },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
    },
  ];
  return new MockLanguageModelV3({ doStream: async () => ({ stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) }) });
}

async function cpuOf(text: string, output: "silp" | "text"): Promise<number> {
  const before = process.cpuUsage();
  const result = streamText({ model: model(text), prompt: "go", output: output === "silp" ? silpOutput() : Output.text() });
  let partials = 0;
  for await (const _ of result.partialOutputStream) partials++;
  await result.output;
  const spent = process.cpuUsage(before);
  if (partials === 0) throw new Error(`${output}: no partial output`);
  return (spent.user + spent.system) / 1000;
}

const rows: { chars: number; silp: number; text: number }[] = [];
for (const chars of SIZES) {
  const text = payloadOf(chars);
  const silp: number[] = [];
  const plain: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    silp.push(await cpuOf(text, "silp"));
    plain.push(await cpuOf(text, "text"));
  }
  rows.push({ chars: text.length, silp: median(silp), text: median(plain) });
}
console.log("chars    silpOutput ms  Output.text ms  ratio");
for (const row of rows)
  console.log(
    `${String(row.chars).padEnd(8)} ${row.silp.toFixed(0).padStart(13)} ${row.text.toFixed(0).padStart(15)} ${(row.silp / row.text).toFixed(2).padStart(6)}`,
  );
const first = rows[0] as (typeof rows)[number];
const last = rows.at(-1) as (typeof rows)[number];
const exponent = (a: number, b: number) => Math.log(b / a) / Math.log(last.chars / first.chars);
console.log(
  `growth exponent from ${first.chars} to ${last.chars} characters: silpOutput ${exponent(first.silp, last.silp).toFixed(2)}, Output.text ${exponent(first.text, last.text).toFixed(2)}`,
);
