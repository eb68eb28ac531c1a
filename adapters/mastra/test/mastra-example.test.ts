/**
 * adapters/mastra/examples/stream-plan.ts and generate-plan.ts (an agent that answers in SILP,
 * streamed and in one call) and read-plan.ts (one that receives SILP) run as documented (a child
 * process, OPENAI_BASE_URL pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and
 * print what they promise.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { FENCED } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, NOT_SILP, refusalProblem, runExample, runExampleExit } from "@silp/testkit/examples.js";
import { scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplyForFile } from "@silp/testkit/scripted-replies.js";

const fenced = scriptedReplyForFile({ text: FENCED.reply, chunks: FENCED.chunks });

test("examples/stream-plan.ts: each part as the answer streams, then the intent and what the next model reads", async () => {
  const out = await runExample("adapters/mastra/examples/stream-plan.ts", fenced.server.baseUrl);
  assert.equal(out, FENCED.exampleOutput);
  assert.equal(fenced.server.calls.at(-1)?.body.stream, true);
});

test("examples/stream-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/mastra/examples/stream-plan.ts", /intent:/, (text) => [{ text, chunks: [...text] }]);
});

test("examples/generate-plan.ts (the README's quick start): one call, not streamed: the intent and what the next model reads", async () => {
  const out = await runExample("adapters/mastra/examples/generate-plan.ts", fenced.server.baseUrl);
  assert.equal(out, FENCED.exampleOutput.replace(/^part: .*\n/gm, ""));
  assert.notEqual(fenced.server.calls.at(-1)?.body.stream, true);
});

test("examples/generate-plan.ts with a prose answer and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/mastra/examples/generate-plan.ts", /intent:/, (text) => [{ text }]);
});

const READ = "adapters/mastra/examples/read-plan.ts";

test("examples/read-plan.ts: the model reads the decoded payload re-printed, after the read prompt, and the answer is printed", async () => {
  const server = await scriptedChatServer(() => ({ text: "Packing for the hike." }));
  try {
    const out = await runExample(READ, server.baseUrl, { MESSAGE: FENCED.payload });
    assert.equal(out, "the model answered: Packing for the hike.\n");
    const messages = server.calls[0]?.body.messages ?? [];
    const user = messages.findLast((message) => message.role === "user");
    // Written by hand from the payload: the canonical text, and one note of the two repairs (the
    // space after the comma at 26, the colon missing after `else` at 53).
    assert.equal(
      contentText(user?.content),
      "if !rain(t+1): start(hike,to=Oslo); notify(sam) else: start(cards@indoor)\nrepairs 2: space_after_comma@26 else_without_colon@53",
    );
    assert.ok(
      messages.some((message) => message.role === "system" && contentText(message.content).includes("SILP")),
      "the read prompt is a system message",
    );
  } finally {
    await server.close();
  }
});

test("examples/read-plan.ts with a prose message and with a broken payload: the SilpError's code and position on stderr, exit 1, no stack, and the model is never called", async () => {
  for (const answer of NOT_SILP) {
    const server = await scriptedChatServer(() => ({ status: 500 }));
    try {
      const run = await runExampleExit(READ, server.baseUrl, { MESSAGE: answer[0] });
      assert.equal(refusalProblem(run, answer, /the model answered/, "the message"), undefined);
      assert.equal(server.calls.length, 0);
    } finally {
      await server.close();
    }
  }
});

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? "").join("") : "";
}
