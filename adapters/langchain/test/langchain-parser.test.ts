/**
 * SilpOutputParser in LangChain's real runnable pipeline (ChatOpenAI of @langchain/openai piped
 * into the parser), against scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1: streamed
 * events (new parts and the partial IR after each chunk, then the decoded payload), invoke, the
 * repairs, a reply that is not SILP.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { ChatPromptTemplate } from "@langchain/core/prompts";
import { ChatOpenAI } from "@langchain/openai";
import { buildPrompt } from "@silp/grammar";
import { SilpOutputParser, type SilpParseEvent } from "@silp/langchain";
import { FENCED, PROSE, repairsOf, TAKEN_BACK } from "@silp/testkit/adapter-fixtures.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { assertFencedEvents } from "@silp/testkit/adapter-asserts.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";

const scripted = scriptedReplies();
const { answer } = scripted;

const chat = () => new ChatOpenAI({ model: "test-double", apiKey: "test-double-key", configuration: { baseURL: scripted.server.baseUrl }, maxRetries: 0 });

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe("SilpOutputParser, streamed", () => {
  test("one event per chunk that completes parts, with the new parts and the partial IR; then the decoded payload", async () => {
    answer({ text: FENCED.reply, chunks: FENCED.chunks });
    const events = await collect<SilpParseEvent>(await chat().pipe(new SilpOutputParser()).stream("plan the weekend"));
    assertFencedEvents(events);
    assert.equal(scripted.server.calls.at(-1)?.body.stream, true);
  });

  test("a prompt with the parser's format instructions as the system message sends the SILP write prompt", async () => {
    answer({ text: FENCED.reply });
    const parser = new SilpOutputParser();
    const prompt = ChatPromptTemplate.fromMessages([
      ["system", "{instructions}"],
      ["human", "{request}"],
    ]);
    const event = await prompt.pipe(chat()).pipe(parser).invoke({ instructions: parser.getFormatInstructions(), request: "Plan the weekend." });
    assert.ok(event.done);
    assert.deepEqual(event.result.ir, FENCED.ir);
    const { messages } = scripted.server.calls.at(-1)!.body;
    assert.deepEqual(
      messages.map((message) => [message.role, messageText(message)]),
      [
        ["system", buildPrompt({ role: "write" }).text],
        ["user", "Plan the weekend."],
      ],
    );
  });

  test("a streamed reply that takes its payload back: the events name only its first payload, and the stream fails", async () => {
    answer({ text: TAKEN_BACK.reply, chunkSize: 3 });
    const events: SilpParseEvent[] = [];
    const error = await silpRejectionOf(
      (async () => {
        for await (const event of await chat()
          .pipe(new SilpOutputParser({ decodeOptions: { whitelist: "advisory" } }))
          .stream("hello"))
          events.push(event);
      })(),
    );
    assert.ok(events.length > 0);
    for (const event of events) {
      assert.equal(event.done, false);
      assert.equal(event.partial.intent, "!DELETE");
    }
    assert.equal(error.code, TAKEN_BACK.error.code);
    assert.equal(error.offset, TAKEN_BACK.error.offset);
  });

  test("a streamed reply that is not SILP: no part events, and the stream fails with the SilpError", async () => {
    answer({ text: PROSE.reply, chunkSize: 4 });
    const events: SilpParseEvent[] = [];
    const error = await silpRejectionOf(
      (async () => {
        for await (const event of await chat().pipe(new SilpOutputParser()).stream("hello")) events.push(event);
      })(),
    );
    assert.deepEqual(events, []);
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });
});

describe("SilpOutputParser, invoked", () => {
  test("the decoded payload, its repairs and the parts a stream would have listed", async () => {
    answer({ text: FENCED.reply });
    const event = await chat().pipe(new SilpOutputParser()).invoke("plan");
    assert.ok(event.done);
    assert.deepEqual(event.result.ir, FENCED.ir);
    assert.deepEqual(repairsOf(event.result.repairs), FENCED.repairs);
    assert.deepEqual(event.partial, FENCED.partials.at(-1));
    assert.notEqual(scripted.server.calls.at(-1)?.body.stream, true);
  });

  test("a reply that is not SILP rejects with the SilpError", async () => {
    answer({ text: PROSE.reply });
    const error = await silpRejectionOf(chat().pipe(new SilpOutputParser()).invoke("hello"));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });

  test("verbs in force: an application verb is refused by the whitelist unless given", async () => {
    answer({ text: "refund(order_17)" }, { text: "refund(order_17)" });
    const refused = await silpRejectionOf(chat().pipe(new SilpOutputParser()).invoke("refund"));
    assert.equal(refused.code, "invalid_ir");
    const event = await chat()
      .pipe(new SilpOutputParser({ verbs: ["!REFUND"] }))
      .invoke("refund");
    assert.ok(event.done);
    assert.equal(event.result.ir.intent, "!REFUND");
  });

  test("parsePartialResult reads a partial text in one go", async () => {
    const event = await new SilpOutputParser().parsePartialResult([{ text: FENCED.reply.slice(0, FENCED.reply.indexOf(" to=Oslo")) }]);
    assert.deepEqual(event, { done: false, parts: FENCED.parts.slice(0, 3), partial: FENCED.partials[2] });
    assert.equal(await new SilpOutputParser().parsePartialResult([{ text: "Sorry, I" }]), undefined);
  });
});
