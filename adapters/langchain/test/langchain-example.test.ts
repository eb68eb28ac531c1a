/**
 * adapters/langchain/examples/agent-plan.ts runs as documented (a child process, OPENAI_BASE_URL
 * pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and prints what it promises.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { FENCED } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, runExample } from "@silp/testkit/examples.js";
import { scriptedReplyForFile } from "@silp/testkit/scripted-replies.js";

const fenced = scriptedReplyForFile({ text: FENCED.reply, chunks: FENCED.chunks });

test("examples/agent-plan.ts: the parts as the agent streams, the intent, then what the next model reads", async () => {
  const out = await runExample("adapters/langchain/examples/agent-plan.ts", fenced.server.baseUrl);
  assert.equal(out, FENCED.exampleOutput);
  assert.deepEqual(
    fenced.server.calls.map((call) => call.body.stream === true),
    [true, false],
  );
});

test("examples/agent-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/langchain/examples/agent-plan.ts", /intent:/, (text) => [{ text, chunks: [...text] }]);
});
