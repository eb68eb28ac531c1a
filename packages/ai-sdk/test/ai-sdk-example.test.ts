/**
 * packages/ai-sdk/examples/stream-plan.ts runs as documented (a child process, OPENAI_BASE_URL
 * pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and prints what its comments
 * promise.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, test } from "vitest";
import { buildPrompt } from "@silp/grammar";
import { FENCED_PARTS, FENCED_REPLY, FENCED_REPLY_CHUNKS } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, runExample } from "@silp/testkit/examples.js";
import { messageText, type ScriptedChatServer, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

let server: ScriptedChatServer;
beforeAll(async () => {
  server = await scriptedChatServer(() => ({ text: FENCED_REPLY, chunks: FENCED_REPLY_CHUNKS }));
});
afterAll(() => server.close());

test("examples/stream-plan.ts: each part as it streams, then the decoded intent and the compact payload with its repairs", async () => {
  const out = await runExample("packages/ai-sdk/examples/stream-plan.ts", server.baseUrl);
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
  const request = server.calls.at(-1)?.body;
  assert.equal(request?.stream, true);
  assert.equal(messageText(request!.messages[0]!), buildPrompt({ role: "write" }).text);
});

test("examples/stream-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("packages/ai-sdk/examples/stream-plan.ts", /intent:/, (text) => [{ text, chunks: [...text] }]);
});
