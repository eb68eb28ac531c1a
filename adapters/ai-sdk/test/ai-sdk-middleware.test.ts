/**
 * silpMiddleware() on a real AI SDK model (wrapLanguageModel over @ai-sdk/openai-compatible),
 * against scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1: what the request carries (the
 * SILP system prompt first, the grammar for each engine), the decoded answer in provider
 * metadata, streaming with silpOutput, a reply that is not SILP, and a tool step left alone.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { silpMiddleware, silpOutput, silpResultOf } from "@silp/ai-sdk";
import { buildPrompt, codeGrammar, toGbnf } from "@silp/grammar";
import { FENCED, PROSE, REFUND, repairsOf } from "@silp/testkit/adapter-fixtures.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { silpErrorOf, silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from "ai";
import { SilpError } from "silp";

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const scripted = scriptedReplies();
const { answer } = scripted;

const silpModel = (options?: Parameters<typeof silpMiddleware>[0]) =>
  wrapLanguageModel({
    model: createOpenAICompatible({ name: "double", baseURL: scripted.server.baseUrl, apiKey: "test-double-key" })("test-double"),
    middleware: silpMiddleware(options),
  });

const lastRequest = () => {
  const call = scripted.server.calls.at(-1);
  assert.ok(call, "the double received no request");
  return call.body;
};

describe("silpMiddleware: the request", () => {
  test("the SILP write prompt is the first system message; the caller's system prompt and the user's text follow", async () => {
    answer({ text: FENCED.reply });
    await generateText({ model: silpModel(), system: "You plan weekends.", prompt: "Hike to Oslo unless it rains; tell Sam." });
    const { messages } = lastRequest();
    assert.deepEqual(
      messages.map((message) => [message.role, messageText(message)]),
      [
        ["system", buildPrompt({ role: "write", frontend: "code" }).text],
        ["system", "You plan weekends."],
        ["user", "Hike to Oslo unless it rains; tell Sam."],
      ],
    );
    assert.equal(lastRequest().grammar, undefined);
  });

  test("grammar for llama.cpp: the GBNF of the verbs in force as `grammar`, beside the messages", async () => {
    answer({ text: REFUND.reply });
    const verbs = ["!REFUND", "!NOTIFY"];
    const result = await generateText({
      model: silpModel({ verbs, grammar: { providerOptionsKey: "double", engine: "llama.cpp" } }),
      prompt: "Refund order 17 and tell Dana.",
    });
    const body = lastRequest();
    assert.equal(body.grammar, toGbnf(codeGrammar({ verbs })));
    assert.equal(messageText(body.messages[0]!), buildPrompt({ role: "write", verbs }).text);
    assert.deepEqual(silpResultOf(result.providerMetadata)?.ir, REFUND.ir);
  });

  test("grammar for vLLM: structured_outputs.grammar, or guided_grammar for older releases", async () => {
    answer({ text: FENCED.reply }, { text: FENCED.reply });
    await generateText({ model: silpModel({ grammar: { providerOptionsKey: "double", engine: "vllm" } }), prompt: "plan" });
    assert.deepEqual(lastRequest().structured_outputs, { grammar: toGbnf(codeGrammar()) });
    await generateText({ model: silpModel({ grammar: { providerOptionsKey: "double", engine: "vllm-guided" } }), prompt: "plan" });
    assert.equal(lastRequest().guided_grammar, toGbnf(codeGrammar()));
  });

  test("bad options are refused when the middleware is made, as the codec refuses them: invalid_options naming the option", () => {
    const naming = (option: string) => (error: unknown) =>
      error instanceof SilpError && error.code === "invalid_options" && (error.details as { option?: string }).option === option;
    // A grammar for the json frontend (JSON is constrained by a schema), an unknown engine, an unknown frontend.
    assert.throws(() => silpMiddleware({ frontend: "json", grammar: { providerOptionsKey: "double", engine: "llama.cpp" } }), naming("grammar"));
    assert.throws(() => silpMiddleware({ grammar: { providerOptionsKey: "double", engine: "tgi" as "vllm" } }), naming("grammar.engine"));
    assert.throws(() => silpMiddleware({ frontend: "xml" as "code" }), naming("frontend"));
    assert.throws(() => silpOutput({ frontend: "xml" as "code" }), naming("frontend"));
  });
});

describe("silpMiddleware: the answer", () => {
  test("generateText: the decoded answer, with its repairs, is the provider metadata under silp; the text is as written", async () => {
    answer({ text: FENCED.reply });
    const result = await generateText({ model: silpModel(), prompt: "plan" });
    const decoded = silpResultOf(result.providerMetadata);
    assert.ok(decoded);
    assert.deepEqual(decoded.ir, FENCED.ir);
    assert.deepEqual(repairsOf(decoded.repairs), FENCED.repairs);
    assert.equal(result.text, FENCED.reply);
  });

  test("streamText with silpOutput: partial IRs as the text streams, the decoded answer at the end, in both places", async () => {
    answer({ text: FENCED.reply, chunks: FENCED.chunks });
    const result = streamText({ model: silpModel(), prompt: "plan", output: silpOutput() });
    const partials = [];
    for await (const partial of result.partialOutputStream) partials.push(partial);
    assert.deepEqual(partials, FENCED.partials);
    assert.deepEqual((await result.output).ir, FENCED.ir);
    const decoded = silpResultOf(await result.providerMetadata);
    assert.deepEqual(decoded?.ir, FENCED.ir);
    assert.deepEqual(repairsOf(decoded?.repairs ?? []), FENCED.repairs);
  });

  test("generateText, a reply that is not SILP: rejects with the SilpError", async () => {
    answer({ text: PROSE.reply });
    const error = await silpRejectionOf(generateText({ model: silpModel(), prompt: "hello", maxRetries: 0 }));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });

  test("streamText, a reply that is not SILP: no error part (the SDK's default onError would print its stack); silpResultOf throws the SilpError", async () => {
    answer({ text: PROSE.reply, chunkSize: 5 });
    const printed: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void printed.push(args);
    try {
      // No onError: the SDK's default, which prints each error part.
      const result = streamText({ model: silpModel(), prompt: "hello" });
      const kinds: string[] = [];
      for await (const part of result.fullStream) kinds.push(part.type);
      assert.ok(!kinds.includes("error"), kinds.join(" "));
      assert.equal(await result.text, PROSE.reply, "the text is passed on as the model wrote it");
      const metadata = await result.providerMetadata;
      const caught = silpErrorOf(() => silpResultOf(metadata));
      assert.equal(caught.code, PROSE.error.code);
      assert.equal(caught.offset, PROSE.error.offset);
      assert.equal(caught.line, 1);
      assert.equal(caught.column, PROSE.error.offset + 1);
    } finally {
      console.error = consoleError;
    }
    assert.deepEqual(printed, [], "nothing printed to the console");
  });

  test("a step that calls a tool is not decoded; the step after it is", async () => {
    answer({ toolCalls: [{ name: "forecast", arguments: '{"day":"tomorrow"}' }] }, { text: FENCED.reply });
    const forecast = tool({
      description: "the forecast",
      inputSchema: jsonSchema<{ day: string }>({ type: "object", properties: { day: { type: "string" } }, required: ["day"] }),
      execute: async () => "dry",
    });
    const result = await generateText({ model: silpModel(), prompt: "plan", tools: { forecast }, stopWhen: stepCountIs(2) });
    assert.equal(result.steps.length, 2);
    assert.equal(silpResultOf(result.steps[0]?.providerMetadata), undefined);
    assert.deepEqual(silpResultOf(result.steps[1]?.providerMetadata)?.ir, FENCED.ir);
  });
});
