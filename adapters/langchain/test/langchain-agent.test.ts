/**
 * silpAgentMiddleware() and silpAgentStream() in LangChain's real createAgent loop (ChatOpenAI of
 * @langchain/openai, a real tool), against scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1:
 * the system message the model receives, the decoded answer in the agent state, the partial IRs
 * of the streamed answer, a tool step left alone, a reply that is not SILP.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { buildPrompt } from "@silp/grammar";
import { silpAgentMiddleware, silpAgentStream } from "@silp/langchain/agents";
import { FENCED, PROSE, repairsOf } from "@silp/testkit/adapter-fixtures.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";
import { assertFencedEvents } from "@silp/testkit/adapter-asserts.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { createAgent } from "langchain";
import { SilpError, type StreamEvent } from "silp";
import { z } from "zod/v4";

const scripted = scriptedReplies();
const { answer } = scripted;

const chat = () => new ChatOpenAI({ model: "test-double", apiKey: "test-double-key", configuration: { baseURL: scripted.server.baseUrl }, maxRetries: 0 });
const forecast = tool(async () => "dry all day", { name: "forecast", description: "The weather forecast for a day", schema: z.object({ day: z.string() }) });
const planner = () => createAgent({ model: chat(), tools: [forecast], systemPrompt: "You plan weekends.", middleware: [silpAgentMiddleware()] });
const request = { messages: [{ role: "user", content: "Hike to Oslo unless it rains tomorrow; tell Sam. Else cards indoors." }] };

describe("silpAgentMiddleware", () => {
  test("the model gets the SILP write prompt before the agent's system prompt; the decoded answer is the state's silp", async () => {
    answer({ text: FENCED.reply });
    const state = await planner().invoke(request);
    assert.ok(state.silp);
    assert.deepEqual(state.silp.ir, FENCED.ir);
    assert.deepEqual(repairsOf(state.silp.repairs), FENCED.repairs);
    // The prompt ends with a newline; a blank line separates it from the agent's own.
    assert.equal(messageText(scripted.server.calls.at(-1)!.body.messages[0]!), `${buildPrompt({ role: "write" }).text}\nYou plan weekends.`);
    assert.equal(state.messages.at(-1)?.text, FENCED.reply);
  });

  test("a model call that asks for a tool is not decoded; the answer after the tool is", async () => {
    answer({ toolCalls: [{ name: "forecast", arguments: '{"day":"tomorrow"}' }] }, { text: FENCED.reply });
    const state = await planner().invoke(request);
    assert.deepEqual(state.silp?.ir, FENCED.ir);
    const secondCall = scripted.server.calls.at(-1)!.body.messages;
    assert.deepEqual(secondCall.filter((message) => message.role === "tool").map(messageText), ["dry all day"]);
  });

  test("an answer that is not SILP fails the run with the SilpError", async () => {
    answer({ text: PROSE.reply });
    const error = await silpRejectionOf(planner().invoke(request));
    assert.equal(error.code, PROSE.error.code);
    assert.equal(error.offset, PROSE.error.offset);
  });
});

describe("silpAgentStream", () => {
  test("the agent's streamed answer: the parts and partial IR after each chunk, then the decoded payload", async () => {
    answer({ toolCalls: [{ name: "forecast", arguments: '{"day":"tomorrow"}' }] }, { text: FENCED.reply, chunks: FENCED.chunks });
    const events: StreamEvent[] = [];
    for await (const event of silpAgentStream(await planner().stream(request, { streamMode: "messages" }))) events.push(event);
    assertFencedEvents(events);
    assert.equal(scripted.server.calls.at(-1)?.body.stream, true);
  });

  test("a streamed answer that is not SILP throws the SilpError when the answer ends", async () => {
    answer({ text: PROSE.reply, chunkSize: 4 });
    const events: StreamEvent[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of silpAgentStream(await planner().stream(request, { streamMode: "messages" }))) events.push(event);
      })(),
      (error: unknown) => {
        // The agent run fails too (the middleware decodes the same answer): whichever ends first,
        // the stream's error is the SilpError with the reply's code and offset.
        assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
        assert.equal(error.code, PROSE.error.code);
        assert.equal(error.offset, PROSE.error.offset);
        return true;
      },
    );
    assert.deepEqual(events, []);
  });
});
