/**
 * `npm run bench:ai-sdk-follow`: what `silpOutput` costs an AI SDK `streamText` that streams a
 * payload one character at a time, beside the SDK's own `Output.text()` on the same stream, in
 * CPU time. The model is the testkit's characterStreamModel (a TEST DOUBLE: the AI SDK's own
 * MockLanguageModelV3 replaying the text, no model runs). For 20k, 40k and 80k characters: the
 * CPU time of each, the ratio silpOutput / Output.text, and the growth exponent from n to 4n
 * (log(t(4n)/t(n)) / log 4: 1 is linear, 2 quadratic). A lab script (in perf/lab/): the AI SDK is a
 * lab dependency.
 *
 * Two ways, both printed:
 * - each Output alone in fresh processes (SILP_FOLLOW_PROCESSES, default 3, the median process),
 *   as an application that uses one of them runs: the headline;
 * - both alternating in one process. The SDK's stream transform is shared by every Output, and
 *   once it has run with one kind of partial output (Output.text's strings) the JIT's code for it
 *   is slower with the other (silpOutput's objects): measured on 69.5k characters, silpOutput took
 *   1.5-1.8 s run first or after itself, and 3.7-3.9 s right after an Output.text run. An
 *   application that streams with both Outputs in one process pays that.
 */
import { Output, streamText } from "ai";
import { characterStreamModel } from "@silp/testkit/lab/ai-sdk-stream-test-double.js";
import { median } from "simple-statistics";
import { compile } from "silp";
import { silpOutput } from "@silp/ai-sdk";
import { sizedIR } from "../datasets.js";
import { inFreshProcess } from "../fresh-process.js";

type Kind = "silp" | "text";
const SIZES = (process.env.SILP_FOLLOW_SIZES ?? "20000,40000,80000").split(",").map(Number);
const ROUNDS = Number(process.env.SILP_FOLLOW_ROUNDS ?? 3);
const PROCESSES = Number(process.env.SILP_FOLLOW_PROCESSES ?? 3);
/** Set in a child process: `<kind>:<chars>`, one Output alone. */
const WORKER = process.env.SILP_FOLLOW_WORKER;

function payloadOf(chars: number): string {
  const text = compile(sizedIR(chars), "code", { whitelist: "off", inlineMeta: false });
  return text.length > chars ? `${text.slice(0, text.lastIndexOf(",", chars))})` : text;
}

async function cpuOf(text: string, output: Kind): Promise<number> {
  const before = process.cpuUsage();
  const result = streamText({ model: characterStreamModel(text), prompt: "go", output: output === "silp" ? silpOutput() : Output.text() });
  let partials = 0;
  for await (const _ of result.partialOutputStream) partials++;
  await result.output;
  const spent = process.cpuUsage(before);
  if (partials === 0) throw new Error(`${output}: no partial output`);
  return (spent.user + spent.system) / 1000;
}

interface Row {
  chars: number;
  silp: number;
  text: number;
}

function print(title: string, rows: readonly Row[]): void {
  console.log(`${title}\nchars    silpOutput ms  Output.text ms  ratio`);
  for (const row of rows)
    console.log(
      `${String(row.chars).padEnd(8)} ${row.silp.toFixed(0).padStart(13)} ${row.text.toFixed(0).padStart(15)} ${(row.silp / row.text).toFixed(2).padStart(6)}`,
    );
  const first = rows[0] as Row;
  const last = rows.at(-1) as Row;
  const exponent = (a: number, b: number) => Math.log(b / a) / Math.log(last.chars / first.chars);
  console.log(
    `growth exponent from ${first.chars} to ${last.chars} characters: silpOutput ${exponent(first.silp, last.silp).toFixed(2)}, Output.text ${exponent(first.text, last.text).toFixed(2)}\n`,
  );
}

/** The median of ROUNDS runs of one Output alone, in a fresh process. */
function alone(kind: Kind, chars: number): number {
  return inFreshProcess<number>(import.meta.url, { SILP_FOLLOW_WORKER: `${kind}:${chars}` }, `${kind} on ${chars} characters`);
}

if (WORKER !== undefined) {
  const [kind, chars] = WORKER.split(":") as [Kind, string];
  const text = payloadOf(Number(chars));
  const runs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await cpuOf(text, kind));
  process.stdout.write(String(median(runs)));
} else {
  const separate: Row[] = SIZES.map((chars) => ({
    chars: payloadOf(chars).length,
    silp: median(Array.from({ length: PROCESSES }, () => alone("silp", chars))),
    text: median(Array.from({ length: PROCESSES }, () => alone("text", chars))),
  }));
  print(`each Output alone, in fresh processes (the median of ${PROCESSES}, each the median of ${ROUNDS} runs)`, separate);
  const together: Row[] = [];
  for (const chars of SIZES) {
    const text = payloadOf(chars);
    const silp: number[] = [];
    const plain: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      silp.push(await cpuOf(text, "silp"));
      plain.push(await cpuOf(text, "text"));
    }
    together.push({ chars: text.length, silp: median(silp), text: median(plain) });
  }
  print("both alternating in one process", together);
}
