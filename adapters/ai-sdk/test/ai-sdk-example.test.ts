/**
 * adapters/ai-sdk/examples/stream-plan.ts and generate-plan.ts run as documented (a child process, OPENAI_BASE_URL
 * pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and prints what its comments
 * promise.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { buildPrompt } from "@silp/grammar";
import { FENCED } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, runExample } from "@silp/testkit/examples.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplyForFile } from "@silp/testkit/scripted-replies.js";

const fenced = scriptedReplyForFile({ text: FENCED.reply, chunks: FENCED.chunks });

test("examples/stream-plan.ts: each part as it streams, then the decoded intent and the compact payload with its repairs", async () => {
  const out = await runExample("adapters/ai-sdk/examples/stream-plan.ts", fenced.server.baseUrl);
  assert.equal(out, FENCED.exampleOutput);
  const request = fenced.server.calls.at(-1)?.body;
  assert.equal(request?.stream, true);
  assert.equal(messageText(request!.messages[0]!), buildPrompt({ role: "write" }).text);
});

test("examples/stream-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/ai-sdk/examples/stream-plan.ts", /intent:/, (text) => [{ text, chunks: [...text] }]);
});

test("examples/generate-plan.ts: one call, not streamed: the decoded intent and the compact payload with its repairs", async () => {
  const out = await runExample("adapters/ai-sdk/examples/generate-plan.ts", fenced.server.baseUrl);
  assert.equal(out, FENCED.exampleOutput.replace(/^part: .*\n/gm, ""));
  const request = fenced.server.calls.at(-1)?.body;
  assert.notEqual(request?.stream, true);
  assert.equal(messageText(request!.messages[0]!), buildPrompt({ role: "write" }).text);
});

test("examples/generate-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/ai-sdk/examples/generate-plan.ts", /intent:/, (text) => [{ text }]);
});
