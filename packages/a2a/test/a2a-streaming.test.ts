/**
 * Behind a streaming card, the SSE answer to
 * SendStreamingMessage echoes `A2A-Extensions` when the SILP extension is activated. The SDK writes
 * the response headers before the executor runs, so activation inside execute() came too late;
 * startSilpAgent activates it in the call context builder, before dispatch.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { SILP_EXTENSION_URI, startSilpAgent, type RunningSilpAgent } from "../src/index.js";

const envelope = { silp: "v1", silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id: "b00c0001" } };

async function stream(agent: RunningSilpAgent, withExtension: boolean) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream", "A2A-Version": "1.0" };
  if (withExtension) headers["A2A-Extensions"] = SILP_EXTENSION_URI;
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "SendStreamingMessage",
      params: { message: { messageId: randomUUID(), contextId: randomUUID(), role: "ROLE_USER", parts: [{ data: envelope }] } },
    }),
  });
  const text = await response.text();
  // Server-sent events: one JSON-RPC response per `data:` line.
  const events = text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as any);
  return { response, events };
}

describe("finding 12: SSE responses echo the activated extension", () => {
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({ name: "streamer", streaming: true, handlers: { book: () => "booked" } });
  });
  afterAll(() => agent.close());

  test("the card advertises streaming", async () => {
    const card = (await (await fetch(`${agent.url}/.well-known/agent-card.json`)).json()) as any;
    assert.equal(card.capabilities.streaming, true);
  });

  test("with the header: an event stream whose response header echoes A2A-Extensions and whose message carries SILP", async () => {
    const { response, events } = await stream(agent, true);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.equal(response.headers.get("A2A-Extensions"), SILP_EXTENSION_URI);
    assert.equal(events.length, 1);
    const message = events[0].result.message;
    assert.equal(events[0].id, 7);
    assert.deepEqual(message.extensions, [SILP_EXTENSION_URI]);
    assert.match(message.parts[0].data.silp_payload, /^notify\(status=done,re=b00c0001,book=/);
  });

  test("without the header: no echo, and the SILP part is refused with negotiation_failed", async () => {
    const { response, events } = await stream(agent, false);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.equal(response.headers.get("A2A-Extensions"), null);
    const message = events[0].result.message;
    assert.deepEqual(message.extensions ?? [], []);
    assert.equal(message.parts[0].data.silp_error.code, "negotiation_failed");
  });
});
