/**
 * packages/langchain/examples/agent-plan.ts runs as documented (a child process, OPENAI_BASE_URL
 * pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and prints what it promises.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, test } from "vitest";
import { FENCED_PARTS, FENCED_REPLY, FENCED_REPLY_CHUNKS } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, runExample } from "@silp/testkit/examples.js";
import { type ScriptedChatServer, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

let server: ScriptedChatServer;
beforeAll(async () => {
  server = await scriptedChatServer(() => ({ text: FENCED_REPLY, chunks: FENCED_REPLY_CHUNKS }));
});
afterAll(() => server.close());

test("examples/agent-plan.ts: the parts as the agent streams, the intent, then what the next model reads", async () => {
  const out = await runExample("packages/langchain/examples/agent-plan.ts", server.baseUrl);
  assert.equal(
    out,
    [
      ...FENCED_PARTS.map((part) => `part: ${part.kind} at ${part.offset}`),
      "intent: !START, 3 entities",
      "the next agent's model reads:",
      "if !rain(t+1): start(hike,to=Oslo); notify(sam) else: start(cards@indoor)",
      `repairs 3: code_fence@0 space_after_comma@${FENCED_REPLY.indexOf(", to") + 1} else_without_colon@${FENCED_REPLY.indexOf(" else") + 5}`,
      "",
    ].join("\n"),
  );
  assert.deepEqual(
    server.calls.map((call) => call.body.stream === true),
    [true, false],
  );
});

test("examples/agent-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("packages/langchain/examples/agent-plan.ts", /intent:/, (text) => [{ text, chunks: [...text] }]);
});
