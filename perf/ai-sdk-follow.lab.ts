/**
 * `npm run bench:ai-sdk-follow`: what `silpOutput` costs an AI SDK `streamText` that streams a
 * payload one character at a time, beside the SDK's own `Output.text()` on the same stream, in
 * the same process, alternating, in CPU time. The model is the testkit's characterStreamModel
 * (a TEST DOUBLE: the AI SDK's own MockLanguageModelV3 replaying the text, no model runs). For
 * 20k, 40k and 80k characters: the CPU time of each, the ratio silpOutput / Output.text, and the
 * growth exponent from n to 4n (log(t(4n)/t(n)) / log 4: 1 is linear, 2 quadratic). A lab
 * script (`.lab.ts`): the AI SDK is a lab dependency.
 */
import { Output, streamText } from "ai";
import { characterStreamModel } from "@silp/testkit/ai-sdk-stream-test-double.lab.js";
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

async function cpuOf(text: string, output: "silp" | "text"): Promise<number> {
  const before = process.cpuUsage();
  const result = streamText({ model: characterStreamModel(text), prompt: "go", output: output === "silp" ? silpOutput() : Output.text() });
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
