/**
 * TEST DOUBLE: `faultInjectingChatServer` is the scriptedChatServer (a local OpenAI-compatible
 * server on 127.0.0.1, not a model) with seeded fault injection in front of the answers: per
 * model, a share of calls answers HTTP 400/401/404/429/500, ends the stream without `[DONE]`,
 * stops at `finish_reason: "length"` or streams slowly; every answer reports `usage`, and
 * `GET /v1/models` lists the models it serves. `refusedBaseUrl()` gives a URL where nothing
 * listens (connection refused). Faults are drawn from a seeded generator, one stream per model,
 * so a test sees the same faults on every run whatever the interleaving of concurrent calls; the
 * seed is printed with a failing assertion by the tests.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { scriptedChatServer, type ChatCompletionBody, type ScriptedChatServer, type ScriptedReply } from "./scripted-chat-server.js";
import { seededRandom } from "./seeded-random.js";

export type Fault = "http400" | "http401" | "http404" | "http429" | "http500" | "cut" | "length" | "slow";

export interface FaultPlan {
  /** Share of calls (0..1) that get each fault; drawn in this order from one uniform number. */
  rates?: Partial<Record<Fault, number>>;
  /** Gap between chunks of a "slow" answer, ms (default 50). */
  slowChunkMs?: number;
}

export interface FaultInjectingOptions {
  seed: number;
  /** The answer of a healthy call. */
  answer: (body: ChatCompletionBody) => string;
  /** Faults per requested model id; a model not listed is healthy. */
  faults?: Record<string, FaultPlan>;
  /** Model ids served (listed by /v1/models); a request for another id answers 404. */
  models: readonly string[];
  /** The model name the server reports in answers, per requested id (a versioned name). */
  returnedModel?: (requested: string) => string;
}

export interface FaultInjectingChatServer extends ScriptedChatServer {
  /** Faults injected so far, per requested model id. */
  injected: Map<string, Fault[]>;
}

const FAULT_ORDER: readonly Fault[] = ["http400", "http401", "http404", "http429", "http500", "cut", "length", "slow"];

function draw(plan: FaultPlan | undefined, random: () => number): Fault | undefined {
  const u = random();
  let edge = 0;
  for (const fault of FAULT_ORDER) {
    edge += plan?.rates?.[fault] ?? 0;
    if (u < edge) return fault;
  }
  return undefined;
}

const usageOf = (body: ChatCompletionBody, text: string) => {
  const prompt = body.messages.reduce((n, m) => n + Math.ceil(m.content.length / 4), 0);
  const completion = Math.ceil(text.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

export async function faultInjectingChatServer(options: FaultInjectingOptions): Promise<FaultInjectingChatServer> {
  // One stream per model: the k-th call of a model meets the same draw whatever the other
  // models (or the judge) do meanwhile, so concurrency does not change which faults occur.
  const streams = new Map<string, () => number>();
  const randomFor = (model: string): (() => number) => {
    let stream = streams.get(model);
    if (!stream) {
      let h = options.seed >>> 0;
      for (const ch of model) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
      stream = seededRandom(h);
      streams.set(model, stream);
    }
    return stream;
  };
  const injected = new Map<string, Fault[]>();
  const server = await scriptedChatServer(
    (body): ScriptedReply => {
      if (!options.models.includes(body.model)) return { status: 404, body: JSON.stringify({ error: { message: `model ${body.model} not found` } }) };
      const fault = draw(options.faults?.[body.model], randomFor(body.model));
      if (fault) injected.set(body.model, [...(injected.get(body.model) ?? []), fault]);
      const text = options.answer(body);
      const model = options.returnedModel?.(body.model) ?? body.model;
      const usage = usageOf(body, text);
      switch (fault) {
        case "http400":
        case "http401":
        case "http404":
        case "http429":
        case "http500":
          return { status: Number(fault.slice(4)), ...(fault === "http429" ? { headers: { "retry-after": "0" } } : {}) };
        case "cut":
          return { text: text.slice(0, Math.max(1, Math.floor(text.length / 2))), finishReason: null, done: false, model };
        case "length":
          return { text: text.slice(0, Math.max(1, Math.floor(text.length / 3))), finishReason: "length", usage, model };
        case "slow":
          return { text, chunkSize: Math.max(1, Math.ceil(text.length / 4)), chunkDelayMs: options.faults?.[body.model]?.slowChunkMs ?? 50, usage, model };
        default:
          return { text, usage, model };
      }
    },
    { models: options.models },
  );
  return Object.assign(server, { injected });
}

/** A base URL on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusedBaseUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
