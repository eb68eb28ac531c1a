/**
 * silpOutput() through the AI SDK's real generateText / streamText and its OpenAI-compatible
 * provider (@ai-sdk/openai-compatible), against scriptedChatServer, the chat TEST DOUBLE on
 * 127.0.0.1: the decoded IR, the partial IRs and the parts as they stream, the repairs, a reply
 * that is not SILP, a second step that starts the partial IR over.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { silpOutput } from "@silp/ai-sdk";
import { FENCED, PROSE, repairsOf, TAKEN_BACK } from "@silp/testkit/adapter-fixtures.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import { type PartialIR, SilpError, type StreamPart } from "silp";

// The SDK prints provider warnings to the console by default; the tests check behaviour instead.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const scripted = scriptedReplies();
const { answer } = scripted;

const model = () => createOpenAICompatible({ name: "double", baseURL: scripted.server.baseUrl, apiKey: "test-double-key" })("test-double");

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe("silpOutput with generateText", () => {
  test("the output is the decoded payload, with the repairs and their offsets", async () => {
    answer({ text: FENCED.reply });
    const { output } = await generateText({
      model: model(),
      prompt: "If it does not rain tomorrow, hike to Oslo and tell Sam; else play cards indoors.",
      output: silpOutput(),
    });
    assert.deepEqual(output.ir, FENCED.ir);
    assert.deepEqual(repairsOf(output.repairs), FENCED.repairs);
    assert.equal(output.reqIdDerived, true);
    assert.equal(output.frontend, "code");
  });

  test("a reply that is not SILP rejects with the SilpError, code and offset", async () => {
    answer({ text: PROSE.reply });
    const error = await silpRejectionOf(generateText({ model: model(), prompt: "hello", output: silpOutput() }));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });

  test("the verbs in force are the decoder's whitelist: an application verb passes only when given", async () => {
    answer({ text: "refund(order_17)" }, { text: "refund(order_17)" });
    const refused = await silpRejectionOf(generateText({ model: model(), prompt: "refund", output: silpOutput() }));
    assert.equal(refused.code, "invalid_ir");
    const { output } = await generateText({ model: model(), prompt: "refund", output: silpOutput({ verbs: ["!REFUND"] }) });
    assert.equal(output.ir.intent, "!REFUND");
  });
});

describe("silpOutput with streamText", () => {
  test("the partial output grows part by part, each part is an element, and the output is the decoded payload", async () => {
    answer({ text: FENCED.reply, chunks: FENCED.chunks });
    const result = streamText({ model: model(), prompt: "plan", output: silpOutput() });
    const [partials, elements, text] = await Promise.all([collect(result.partialOutputStream), collect(result.elementStream), result.text]);
    assert.deepEqual(partials, FENCED.partials);
    assert.deepEqual(elements, FENCED.parts);
    assert.equal(text, FENCED.reply);
    const output = await result.output;
    assert.deepEqual(output.ir, FENCED.ir);
    assert.deepEqual(repairsOf(output.repairs), FENCED.repairs);
  });

  test("one character per chunk gives the same partials", async () => {
    answer({ text: FENCED.reply, chunkSize: 1 });
    const result = streamText({ model: model(), prompt: "plan", output: silpOutput() });
    assert.deepEqual(await collect(result.partialOutputStream), FENCED.partials);
    assert.deepEqual((await result.output).ir, FENCED.ir);
  });

  test("with the Output, the SDK passes text on with each partial IR: one delta per part, then the rest", async () => {
    answer({ text: FENCED.reply, chunkSize: 1 });
    const result = streamText({ model: model(), prompt: "plan", output: silpOutput() });
    const deltas = await collect(result.textStream);
    assert.equal(deltas.join(""), FENCED.reply);
    assert.equal(deltas.length, FENCED.parts.length + 1);
  });

  test("a streamed reply that takes its payload back: the partials never show another payload, and the output rejects", async () => {
    answer({ text: TAKEN_BACK.reply, chunkSize: 3 });
    const result = streamText({ model: model(), prompt: "hello", output: silpOutput({ decodeOptions: { whitelist: "advisory" } }) });
    const partials: PartialIR[] = await collect(result.partialOutputStream);
    assert.deepEqual(
      partials.map((partial) => partial.intent),
      ["!DELETE", "!DELETE"],
    );
    const error = await silpRejectionOf(Promise.resolve(result.output));
    assert.equal(error.code, TAKEN_BACK.error.code);
    assert.equal(error.offset, TAKEN_BACK.error.offset);
  });

  test("a streamed reply that is not SILP: no partial output, and the output rejects with the SilpError", async () => {
    answer({ text: PROSE.reply, chunkSize: 4 });
    const result = streamText({ model: model(), prompt: "hello", output: silpOutput() });
    assert.deepEqual(await collect(result.partialOutputStream), []);
    const error = await silpRejectionOf(Promise.resolve(result.output));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });

  test("a second step starts the partial IR over: the first step's parts are dropped, not mixed in", async () => {
    // Step 1 writes a payload-like line and calls a tool; step 2 writes the answer.
    answer({ text: "notify(ops)", toolCalls: [{ name: "forecast", arguments: '{"day":"tomorrow"}' }] }, { text: FENCED.reply, chunks: FENCED.chunks });
    const forecast = tool({
      description: "the forecast",
      inputSchema: jsonSchema<{ day: string }>({ type: "object", properties: { day: { type: "string" } }, required: ["day"] }),
      execute: async () => "dry",
    });
    const result = streamText({ model: model(), prompt: "plan", tools: { forecast }, stopWhen: stepCountIs(2), output: silpOutput() });
    const partials: PartialIR[] = await collect(result.partialOutputStream);
    const notifyOps = { entities: [{ id: "act", value: "ops", action: "!NOTIFY" }], constraints: [], alternatives: [], intent: "!NOTIFY" };
    const empty = { entities: [], constraints: [], alternatives: [] };
    assert.deepEqual(partials, [{ intent: "!NOTIFY", entities: [], constraints: [], alternatives: [] }, notifyOps, empty, ...FENCED.partials]);
    assert.deepEqual((await result.output).ir, FENCED.ir);
    assert.equal(
      scripted.server.calls.at(-1)?.body.messages.some((message) => message.role === "tool"),
      true,
    );
  });

  test("one Output used for two calls in turn starts over for the second", async () => {
    const output = silpOutput();
    answer({ text: "notify(ops)", chunkSize: 3 });
    const first = streamText({ model: model(), prompt: "a", output });
    assert.deepEqual((await first.output).ir.intent, "!NOTIFY");
    answer({ text: FENCED.reply, chunks: FENCED.chunks });
    const second = streamText({ model: model(), prompt: "b", output });
    const [partials, elements] = await Promise.all([collect(second.partialOutputStream), collect<StreamPart>(second.elementStream)]);
    assert.deepEqual(partials, [{ entities: [], constraints: [], alternatives: [] }, ...FENCED.partials]);
    assert.deepEqual(elements, FENCED.parts);
  });

  test("a payload cut off by the token limit rejects with invalid_syntax at its end", async () => {
    answer({ text: "start(hike", finishReason: "length" });
    const result = streamText({ model: model(), prompt: "x", output: silpOutput() });
    await assert.rejects(
      Promise.resolve(result.output),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && error.offset === "start(hike".length,
    );
  });
});
