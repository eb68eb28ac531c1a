/**
 * @silp/openai-agents in the Agents SDK's real runner (`run`, its OpenAIChatCompletionsModel on
 * the `openai` client), against scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1: the
 * structured-output request, the decoded final output and its repairs, the partial IRs of a
 * streamed run, a reply that is not SILP (the SDK's error and the SilpError), and a handoff that
 * gives the next agent the compact payload instead of the conversation.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, test } from "vitest";
import { Agent, ModelBehaviorError, OpenAIChatCompletionsModel, run, setSensitiveDataLoggingEnabled, setTracingDisabled } from "@openai/agents";
import { buildPrompt } from "@silp/grammar";
import { silpHandoff, silpOutputType, silpRun, silpRunStream, silpWritePrompt } from "@silp/openai-agents";
import { derivedReqId, FENCED, PROSE, repairsOf, TAKEN_BACK } from "@silp/testkit/adapter-fixtures.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { assertFencedEvents } from "@silp/testkit/adapter-asserts.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import OpenAI from "openai";
import { VERSION as OPENAI_VERSION } from "openai/version";
import type { DecodeResult, StreamEvent } from "silp";

// Traces would be exported to OpenAI; nothing leaves this machine.
setTracingDisabled(true);

const scripted = scriptedReplies();
const { answer } = scripted;

test("runs on Node 22 with openai 7, which declares engines.node >= 22 (vitest.config.ts, project lab-node22)", () => {
  assert.equal(process.versions.node.split(".")[0], "22", `this file ran on Node ${process.version}`);
  assert.equal(OPENAI_VERSION.split(".")[0], "7", `openai ${OPENAI_VERSION}`);
});

const model = () => new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "test-double-key", baseURL: scripted.server.baseUrl, maxRetries: 0 }), "test-double");
const planner = () => new Agent({ name: "planner", instructions: silpWritePrompt(), model: model(), outputType: silpOutputType() });
/** The wrapper object as the model writes it under the strict schema. */
const wrapped = (payload: string): string => JSON.stringify({ silp_payload: payload });
/** The wrapper streamed so that each chunk carries one chunk of the payload, JSON-escaped. */
const wrappedChunks = (chunks: readonly string[]): string[] =>
  chunks.map((chunk, index) => `${index === 0 ? '{"silp_payload":"' : ""}${JSON.stringify(chunk).slice(1, -1)}${index === chunks.length - 1 ? '"}' : ""}`);

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe("silpOutputType", () => {
  test("the model is asked for the strict wrapper object; the final output is the decoded payload with its repairs", async () => {
    answer({ text: wrapped(FENCED.reply) });
    const result = await run(planner(), "If it does not rain tomorrow, hike to Oslo and tell Sam; else cards indoors.");
    const output: DecodeResult | undefined = result.finalOutput;
    assert.ok(output);
    assert.deepEqual(output.ir, FENCED.ir);
    assert.deepEqual(repairsOf(output.repairs), FENCED.repairs);
    const body = scripted.server.calls.at(-1)!.body;
    assert.deepEqual(body.response_format, {
      type: "json_schema",
      json_schema: {
        name: "output",
        strict: true,
        schema: {
          type: "object",
          properties: { silp_payload: { type: "string", description: "The answer as a SILP payload in its code form." } },
          required: ["silp_payload"],
          additionalProperties: false,
        },
      },
    });
    assert.equal(messageText(body.messages[0]!), buildPrompt({ role: "write" }).text);
  });

  test("a payload that is not SILP, default SDK settings: its ModelBehaviorError, details redacted by the SDK", async () => {
    answer({ text: wrapped(PROSE.reply) });
    await assert.rejects(run(planner(), "hello"), (error: unknown) => {
      assert.ok(error instanceof ModelBehaviorError, `expected a ModelBehaviorError, got ${String(error)}`);
      assert.equal(error.message, "Invalid output type: final assistant output did not match the expected schema.");
      return true;
    });
  });

  describe("with the SDK's sensitive data logging enabled", () => {
    beforeAll(() => setSensitiveDataLoggingEnabled(true));
    afterAll(() => setSensitiveDataLoggingEnabled(false));

    test("the ModelBehaviorError names the SILP code and position", async () => {
      answer({ text: wrapped(PROSE.reply) });
      await assert.rejects(run(planner(), "hello"), (error: unknown) => {
        assert.ok(error instanceof ModelBehaviorError, `expected a ModelBehaviorError, got ${String(error)}`);
        assert.match(error.message, /^Invalid output type: silp_payload: error\[invalid_syntax\] at line 1, column 6: /);
        return true;
      });
    });

    test("silpRun still rejects with the SilpError itself", async () => {
      answer({ text: wrapped(PROSE.reply) });
      const error = await silpRejectionOf(silpRun(planner(), "hello"));
      assert.equal(error.code, PROSE.error.code);
      assert.equal(error.offset, PROSE.error.offset);
    });
  });
});

describe("silpRun", () => {
  test("a SILP answer: what run() gives, the final output decoded", async () => {
    answer({ text: wrapped(FENCED.reply) });
    const result = await silpRun(planner(), "hello");
    assert.deepEqual((result.finalOutput as DecodeResult).ir, FENCED.ir);
  });

  test("a wrapped payload that is not SILP, default SDK settings: the SilpError itself, not the redacted error, the SDK's error its cause", async () => {
    answer({ text: wrapped(PROSE.reply) });
    const error = await silpRejectionOf(silpRun(planner(), "hello"));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
    assert.equal(error.line, 1);
    assert.match(error.message, /reads as prose/);
    assert.ok(error.cause instanceof ModelBehaviorError, `cause: ${String(error.cause)}`);
  });

  test("a reply of bare prose (no wrapper, no JSON): decoded as the payload, so the error says it is prose", async () => {
    answer({ text: PROSE.reply });
    const error = await silpRejectionOf(silpRun(planner(), "hello"));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
    assert.match(error.message, /^the reply reads as prose, not a SILP payload/);
  });

  test("a final output that is an object without the wrapper's field is left to the SDK's error", async () => {
    answer({ text: '{"answer":"x"}' });
    await assert.rejects(silpRun(planner(), "hello"), ModelBehaviorError);
  });

  test("the caller's own error handler is still called, and may still recover the run", async () => {
    answer({ text: wrapped(PROSE.reply) });
    const seen: string[] = [];
    const result = await silpRun(planner(), "hello", {
      errorHandlers: {
        invalidFinalOutput: ({ error }) => {
          seen.push(error.name);
          // The SDK types a handler's finalOutput as the output type's result, but validates it as the
          // model's output: JSON.stringify, then the schema's validate, which takes the wrapper object.
          return { finalOutput: { silp_payload: "start(hike)" } as unknown as DecodeResult };
        },
      },
    });
    assert.deepEqual(seen, ["ModelBehaviorError"]);
    assert.equal((result.finalOutput as DecodeResult).ir.intent, "!START");
  });

  test("a recovery whose own output fails is the SDK's error about the handler, not the answer's SilpError", async () => {
    answer({ text: wrapped(PROSE.reply) });
    const broken = { silp_payload: "start(" } as unknown as DecodeResult; // validated as the model's output, as above
    await assert.rejects(silpRun(planner(), "hello", { errorHandlers: { invalidFinalOutput: () => ({ finalOutput: broken }) } }), (error: unknown) => {
      assert.ok(!(error instanceof Error && error.name === "SilpError"), `the answer's SilpError leaked: ${String(error)}`);
      return true;
    });
  });

  test("the caller's default handler stands in for invalidFinalOutput, as in run()", async () => {
    answer({ text: wrapped(PROSE.reply) });
    let called = 0;
    const error = await silpRejectionOf(silpRun(planner(), "hello", { errorHandlers: { default: () => void called++ } }));
    assert.equal(called, 1);
    assert.equal(error.code, PROSE.error.code);
  });
});

describe("silpRunStream", () => {
  test("a streamed run: the parts and the partial IR as the wrapper streams, then the decoded payload", async () => {
    answer({ text: wrapped(FENCED.reply), chunks: wrappedChunks(FENCED.chunks) });
    const events = await collect<StreamEvent>(silpRunStream(await run(planner(), "plan", { stream: true })));
    assertFencedEvents(events);
    assert.equal(scripted.server.calls.at(-1)?.body.stream, true);
  });

  test("one character per chunk gives the same parts", async () => {
    answer({ text: wrapped(FENCED.reply), chunkSize: 1 });
    const events = await collect<StreamEvent>(silpRunStream(await run(planner(), "plan", { stream: true })));
    assert.deepEqual(
      events.flatMap((event) => (event.done ? [] : event.parts)),
      FENCED.parts,
    );
  });

  test("a streamed reply that is not SILP: no parts, and the stream throws the SilpError (default SDK settings)", async () => {
    answer({ text: wrapped(PROSE.reply), chunkSize: 5 });
    const events: StreamEvent[] = [];
    const error = await silpRejectionOf(
      (async () => {
        for await (const event of silpRunStream(await run(planner(), "hello", { stream: true }))) events.push(event);
      })(),
    );
    assert.deepEqual(events, []);
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });
});

test("silpRunStream: an answer that takes its payload back streams only its first payload's parts, then throws", async () => {
  answer({ text: wrapped(TAKEN_BACK.reply), chunkSize: 3 });
  const events: StreamEvent[] = [];
  const error = await silpRejectionOf(
    (async () => {
      for await (const event of silpRunStream(await run(planner(), "plan", { stream: true }))) events.push(event);
    })(),
  );
  assert.ok(events.length > 0);
  for (const event of events) assert.equal(event.partial.intent, "!DELETE");
  assert.equal(
    events.some((event) => event.done),
    false,
  );
  assert.equal(error.code, TAKEN_BACK.error.code);
  assert.equal(error.offset, TAKEN_BACK.error.offset);
});

test("silpRunStream: an answer naming silp_payload twice is decode_failed, not the first streamed and the last returned", async () => {
  answer({ text: '{"silp_payload":"delete(everything)","silp_payload":"cancel(flight)"}', chunkSize: 4 });
  const error = await silpRejectionOf(
    (async () => {
      for await (const _ of silpRunStream(await run(planner(), "plan", { stream: true })));
    })(),
  );
  assert.equal(error.code, "decode_failed");
  assert.equal(error.path, "/silp_payload");
});

describe("silpHandoff", () => {
  const BOOKING = "```\nbook(table, for=4, at=Noma)\n```";
  const BOOKING_PAYLOAD = "book(table, for=4, at=Noma)";
  const USER_REQUEST = "Please book a table for four at Noma tonight, my treat.";
  const agents = (onPayload?: (decoded: DecodeResult) => void) => {
    const booker = new Agent({ name: "booker", instructions: "You make restaurant bookings.", model: model() });
    const triage = new Agent({
      name: "triage",
      instructions: `${silpWritePrompt()}\nHand bookings to the booker.`,
      model: model(),
      handoffs: [silpHandoff(booker, onPayload ? { onPayload } : {})],
    });
    return { booker, triage };
  };

  test("the next agent reads the read prompt and the compact payload with its repairs, and nothing of the conversation", async () => {
    answer({ toolCalls: [{ name: "transfer_to_booker", arguments: JSON.stringify({ silp_payload: BOOKING }) }] }, { text: "Booked: Noma, 4 people." });
    const decoded: DecodeResult[] = [];
    const { triage } = agents((result) => decoded.push(result));
    const before = scripted.server.calls.length;
    const result = await run(triage, USER_REQUEST);
    assert.equal(result.finalOutput, "Booked: Noma, 4 people.");
    assert.equal(result.lastAgent?.name, "booker");

    const [first, second] = scripted.server.calls.slice(before).map((call) => call.body);
    assert.equal(scripted.server.calls.length - before, 2);
    const tool = (first!.tools as Array<{ function: { name: string; parameters: unknown; strict?: boolean } }>)[0]!.function;
    assert.equal(tool.name, "transfer_to_booker");
    assert.deepEqual(tool.parameters, {
      type: "object",
      properties: { silp_payload: { type: "string", description: "The task for the next agent, as a SILP payload." } },
      required: ["silp_payload"],
      additionalProperties: false,
    });
    const [comma1, comma2] = [BOOKING.indexOf(", for") + 1, BOOKING.indexOf(", at") + 1];
    assert.deepEqual(
      second!.messages.map((message) => [message.role, messageText(message)]),
      [
        ["system", "You make restaurant bookings."],
        ["system", buildPrompt({ role: "read" }).text],
        ["user", `book(table,for=4,at=Noma)\nrepairs 3: code_fence@0 space_after_comma@${comma1} space_after_comma@${comma2}`],
      ],
    );
    assert.ok(!JSON.stringify(second!.messages).includes("treat"), "the user's prose reached the next agent");
    assert.ok(!JSON.stringify(second!.messages).includes(derivedReqId(BOOKING_PAYLOAD)), "the meta reached the next agent");

    assert.equal(decoded.length, 1);
    assert.deepEqual(decoded[0]!.ir, {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!BOOK",
      entities: [
        { id: "act", value: "table", action: "!BOOK" },
        { id: "for", value: "4", action: "!BOOK" },
        { id: "at", value: "Noma", action: "!BOOK" },
      ],
      constraints: [],
      alternatives: [],
      meta: { req_id: derivedReqId(BOOKING_PAYLOAD), priority: 0, confidence: 1, seq: [], out: "natural" },
    });
  });

  test("a handoff payload that is not SILP fails the run with the SilpError; the next agent never runs", async () => {
    answer({ toolCalls: [{ name: "transfer_to_booker", arguments: JSON.stringify({ silp_payload: PROSE.reply }) }] }, { text: "should not be asked" });
    const error = await silpRejectionOf(run(agents().triage, USER_REQUEST));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
    assert.equal(scripted.unused(), 1, "the next agent's model was never called");
  });

  test("handoff arguments without a string payload: decode_failed at /silp_payload", async () => {
    answer({ toolCalls: [{ name: "transfer_to_booker", arguments: JSON.stringify({ silp_payload: 42 }) }] }, { text: "should not be asked" });
    const error = await silpRejectionOf(run(agents().triage, USER_REQUEST));
    assert.equal(error.code, "decode_failed");
    assert.equal(error.path, "/silp_payload");
    assert.equal(scripted.unused(), 1, "the next agent's model was never called");
  });

  test("streamed: the handoff happens, the next agent's text answer is decoded as SILP by silpRunStream", async () => {
    answer(
      { toolCalls: [{ name: "transfer_to_booker", arguments: JSON.stringify({ silp_payload: BOOKING }) }] },
      { text: FENCED.reply, chunks: FENCED.chunks },
    );
    const events = await collect<StreamEvent>(silpRunStream(await run(agents().triage, USER_REQUEST, { stream: true })));
    assert.deepEqual(
      events.filter((event) => !event.done).map((event) => event.partial),
      FENCED.partials,
    );
    const last = events.at(-1);
    assert.ok(last?.done);
    assert.deepEqual(last.result.ir, FENCED.ir);
  });
});
