/**
 * silpProcessor() and silpReaderProcessor() in Mastra's real Agent (generate and stream, its
 * OpenAI-compatible model router pointed at scriptedChatServer, the chat TEST DOUBLE on
 * 127.0.0.1): the system message the model gets, the decoded answer, the partial IRs as the answer
 * streams, the repairs, a reply that is not SILP, and an incoming payload handed to the model as
 * compact text. The same file runs against Mastra 0.24 (what Node 20 installs, the repository's
 * devDependency) and 1.x (docs/frameworks.md, "Mastra versions"); the few places where the majors
 * differ by design are branched on the installed major.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { Agent } from "@mastra/core/agent";
import mastraPackage from "@mastra/core/package.json" with { type: "json" };
import { buildPrompt } from "@silp/grammar";
import { SILP_PARTIAL_CHUNK, type SilpPartialEvent, silpProcessor, silpReaderProcessor, silpResultOf } from "@silp/mastra";
import { FENCED, PROSE, repairsOf, TAKEN_BACK } from "@silp/testkit/adapter-fixtures.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { assertFencedPartials } from "@silp/testkit/adapter-asserts.js";
import { SilpError } from "silp";

const MAJOR = Number(mastraPackage.version.split(".")[0]);

const scripted = scriptedReplies();
const { answer } = scripted;

const model = () => ({ id: "double/test-double" as `${string}/${string}`, url: scripted.server.baseUrl, apiKey: "test-double-key" });
const planner = (partials?: SilpPartialEvent[]) => {
  const silp = silpProcessor(partials ? { onPartial: (event) => partials.push(event) } : {});
  return new Agent({ id: "planner", name: "planner", instructions: "You plan weekends.", model: model(), inputProcessors: [silp], outputProcessors: [silp] });
};

/** What the model received: role and text of each message. */
const sent = () => scripted.server.calls.at(-1)!.body.messages.map((message) => [message.role, messageText(message)]);

/** What a finished stream resolves to, as silpResultOf reads it (silpStreamResultOf does the same). */
async function streamResult(stream: { response: unknown; tripwire: unknown }): Promise<Parameters<typeof silpResultOf>[0]> {
  const [response, tripwire, tripwireReason] = await Promise.all([stream.response, stream.tripwire, (stream as { tripwireReason?: unknown }).tripwireReason]);
  return { response, tripwire, tripwireReason } as Parameters<typeof silpResultOf>[0];
}

/**
 * A call whose answer is not SILP: it is not stopped (no tripwire: Mastra 1.x would print its
 * stack), the answer's text is left as the model wrote it, and silpResultOf throws the SilpError.
 */
async function silpFailureOf(call: Promise<Parameters<typeof silpResultOf>[0]>, stopped = false): Promise<SilpError> {
  const result = await call;
  // silpReaderProcessor refuses an incoming payload before the model is called: that one is a tripwire.
  assert.equal(Boolean(result.tripwire), stopped, stopped ? "the call was not stopped by a tripwire" : "the call was stopped by a tripwire");
  try {
    silpResultOf(result);
  } catch (error) {
    assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
    return error;
  }
  assert.fail("silpResultOf did not throw the SilpError");
}

describe(`silpProcessor (Mastra ${mastraPackage.version})`, () => {
  test("generate: the model gets the SILP write prompt as a system message; the decoded answer, with its repairs, is the result's", async () => {
    answer({ text: FENCED.reply });
    const result = await planner().generate("Hike to Oslo unless it rains tomorrow; tell Sam. Else cards indoors.");
    const decoded = silpResultOf(result);
    assert.ok(decoded);
    assert.deepEqual(decoded.ir, FENCED.ir);
    assert.deepEqual(repairsOf(decoded.repairs), FENCED.repairs);
    assert.equal(result.text, FENCED.reply);
    const system = [
      ["system", buildPrompt({ role: "write" }).text],
      ["system", "You plan weekends."],
    ];
    // 1.x puts the prompt before the instructions; 0.x input processors see no system messages, so it follows them.
    assert.deepEqual(sent(), [...(MAJOR >= 1 ? system : system.reverse()), ["user", "Hike to Oslo unless it rains tomorrow; tell Sam. Else cards indoors."]]);
  });

  test("stream: onPartial gets the new parts and the partial IR after each chunk; the decoded answer at the end", async () => {
    answer({ text: FENCED.reply, chunks: FENCED.chunks });
    const partials: SilpPartialEvent[] = [];
    const stream = await planner(partials).stream("plan");
    let text = "";
    for await (const delta of stream.textStream) text += delta;
    assert.equal(text, FENCED.reply);
    assertFencedPartials(partials);
    const decoded = silpResultOf({ response: await stream.response, tripwire: await stream.tripwire });
    assert.deepEqual(decoded?.ir, FENCED.ir);
    assert.equal(scripted.server.calls.at(-1)?.body.stream, true);
  });

  // Mastra 1.x gives processors a stream writer; 0.x has none, and onPartial is the only channel there.
  if (MAJOR >= 1) {
    test("stream (Mastra 1.x): the partials are also data-silp-partial chunks in the agent's own stream", async () => {
      answer({ text: FENCED.reply, chunks: FENCED.chunks });
      const stream = await planner().stream("plan");
      const chunks: unknown[] = [];
      for await (const chunk of stream.fullStream as AsyncIterable<{ type: string; data?: unknown }>)
        if (chunk.type === SILP_PARTIAL_CHUNK) chunks.push(chunk.data);
      assert.deepEqual(
        chunks,
        FENCED.parts.map((part, index) => ({ parts: [part], partial: FENCED.partials[index] })),
      );
    });
  }

  test("generate, a reply that is not SILP: the SilpError with its code and offset", async () => {
    answer({ text: PROSE.reply });
    const error = await silpFailureOf(planner().generate("hello"));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });

  test("stream, a reply that takes its payload back: partials of its first payload only, and the SilpError", async () => {
    answer({ text: TAKEN_BACK.reply, chunkSize: 3 });
    const partials: SilpPartialEvent[] = [];
    const stream = await planner(partials).stream("hello");
    for await (const _ of stream.textStream);
    const error = await silpFailureOf(streamResult(stream));
    assert.equal(error.code, TAKEN_BACK.error.code);
    assert.equal(error.offset, TAKEN_BACK.error.offset);
    assert.ok(partials.length > 0);
    for (const event of partials) assert.equal(event.partial.intent, "!DELETE");
  });

  test("stream, a reply that is not SILP: no partials, and the SilpError", async () => {
    answer({ text: PROSE.reply, chunkSize: 4 });
    const partials: SilpPartialEvent[] = [];
    const stream = await planner(partials).stream("hello");
    for await (const _ of stream.textStream);
    const error = await silpFailureOf(streamResult(stream));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
    assert.deepEqual(partials, []);
  });
});

describe(`silpReaderProcessor (Mastra ${mastraPackage.version})`, () => {
  const booker = () =>
    new Agent({ id: "booker", name: "booker", instructions: "You make restaurant bookings.", model: model(), inputProcessors: [silpReaderProcessor()] });

  test("the model reads the SILP read prompt and the compact payload with its repairs, not the sender's text", async () => {
    answer({ text: "Booked: Noma, 4 people." });
    const agent = booker();
    const incoming = "```\nbook(table, for=4, at=Noma)\n```";
    const result = await agent.generate(incoming);
    assert.equal(result.text, "Booked: Noma, 4 people.");
    const commas = [incoming.indexOf(", for") + 1, incoming.indexOf(", at") + 1];
    const payload = ["user", `book(table,for=4,at=Noma)\nrepairs 3: code_fence@0 space_after_comma@${commas[0]} space_after_comma@${commas[1]}`];
    const system = [
      ["system", buildPrompt({ role: "read" }).text],
      ["system", "You make restaurant bookings."],
    ];
    assert.deepEqual(sent(), [...(MAJOR >= 1 ? system : system.reverse()), payload]);
  });

  test("an incoming message that is not SILP: the SilpError, and the model is never called", async () => {
    answer({ text: "should not be asked" });
    const agent = booker();
    const calls = scripted.server.calls.length;
    const error = await silpFailureOf(agent.generate(PROSE.reply), true);
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
    assert.equal(scripted.server.calls.length, calls);
  });

  test("the tripwire it stops with has its reason as its whole stack: Mastra 1.x logs a processor's abort with the stack", () => {
    // A TEST DOUBLE of Mastra's abort(), which throws its tripwire error the same way.
    const abort = (reason?: string): never => {
      throw new Error(reason);
    };
    const message = { id: "m1", role: "user", content: { format: 2, parts: [{ type: "text", text: PROSE.reply }], content: PROSE.reply } };
    const thrown = (() => {
      try {
        silpReaderProcessor().processInput({ messages: [message] as never, abort });
      } catch (error) {
        return error;
      }
    })();
    assert.ok(thrown instanceof Error);
    assert.match(thrown.message, /^SILP error\[invalid_syntax\] at 5 \(line 1, column 6\): /);
    assert.equal(thrown.stack, `Error: ${thrown.message}`);
  });
});

describe("silpResultOf on a stopped call", () => {
  test("tripwire: true without its reason is a TypeError naming what to pass, never a silent undefined", () => {
    assert.throws(
      () => silpResultOf({ tripwire: true }),
      (error: unknown) => error instanceof TypeError && /tripwireReason/.test(error.message),
    );
    assert.equal(silpResultOf({ tripwire: false }), undefined);
    // With the reason (Mastra 0.x), the SilpError comes back with its code and position.
    assert.throws(
      () => silpResultOf({ tripwire: true, tripwireReason: "SILP error[invalid_syntax] at 5 (line 1, column 6): expected (" }),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && error.offset === 5,
    );
  });
});
