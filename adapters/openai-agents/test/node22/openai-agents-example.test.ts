/**
 * adapters/openai-agents/examples/handoff-plan.ts runs as documented (a child process,
 * OPENAI_BASE_URL pointed at scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1) and prints
 * what it promises; the planner's model received the payload, not the triage conversation.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { buildPrompt } from "@silp/grammar";
import { FENCED } from "@silp/testkit/adapter-fixtures.js";
import { assertExampleRefusesNotSilp, runExample } from "@silp/testkit/examples.js";
import { messageText } from "@silp/testkit/scripted-chat-server.js";
import { scriptedReplies } from "@silp/testkit/scripted-replies.js";

const HANDED = "suggest(weekend,day=tomorrow)";
const scripted = scriptedReplies();

test("examples/handoff-plan.ts: the payload handed over, each part as the plan streams, the plan", async () => {
  scripted.answer(
    { toolCalls: [{ name: "transfer_to_planner", arguments: JSON.stringify({ silp_payload: HANDED }) }] },
    { text: JSON.stringify({ silp_payload: FENCED.reply }), chunkSize: 3 },
  );
  const out = await runExample("adapters/openai-agents/examples/handoff-plan.ts", scripted.server.baseUrl);
  // The wrapper's payload is read unescaped, so parts sit at their offsets in the payload.
  assert.equal(
    out,
    [
      `handed to the planner: ${HANDED}`,
      ...FENCED.parts.map((part) => `part: ${part.kind} at ${part.offset}`),
      "plan: if !rain(t+1): start(hike,to=Oslo); notify(sam) else: start(cards@indoor)",
      `repairs 3: code_fence@0 space_after_comma@${FENCED.reply.indexOf(", to") + 1} else_without_colon@${FENCED.reply.indexOf(" else") + 5}`,
      "",
    ].join("\n"),
  );
  const planner = scripted.server.calls[1]!.body.messages;
  assert.deepEqual(
    planner.slice(1).map((message) => [message.role, messageText(message)]),
    [
      ["system", buildPrompt({ role: "read" }).text],
      ["user", HANDED],
    ],
  );
});

test("examples/handoff-plan.ts when the planner answers prose or a broken payload: the SilpError's code and position on stderr, exit 1, no stack", async () => {
  await assertExampleRefusesNotSilp("adapters/openai-agents/examples/handoff-plan.ts", /plan:/, (text) => [
    { toolCalls: [{ name: "transfer_to_planner", arguments: JSON.stringify({ silp_payload: HANDED }) }] },
    { text: JSON.stringify({ silp_payload: text }), chunkSize: 3 },
  ]);
});
