/**
 * What a model reads, on the wire of a real A2A exchange (docs/integrations.md, "What a model
 * reads"): the peer's request is one text part whose text decodes by itself to the IR but the
 * req_id (the payload with the meta that differs from the defaults inline); the part's metadata
 * holds the req_id and the same meta for programs; the handler is handed the payload of what was
 * understood, meta included, plus note lines; and the reply is the same shape.
 * The JSON-RPC bodies are read off the SDK client's own fetch calls.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { compile, normalize, type SilpIRInput } from "silp";
import { SILP_EXTENSION_URI, SilpPeer, startSilpAgent, type RunningSilpAgent } from "../src/index.js";

interface WirePart {
  text?: string;
  data?: unknown;
  metadata?: Record<string, unknown>;
}

/** The SendMessage request bodies the SDK client posts while `run` runs. */
async function capturedRequests(run: () => Promise<void>): Promise<{ parts: WirePart[] }[]> {
  const original = globalThis.fetch;
  const seen: { parts: WirePart[] }[] = [];
  globalThis.fetch = async (input, init) => {
    if (typeof init?.body === "string" && init.body.includes('"SendMessage"')) {
      seen.push((JSON.parse(init.body) as { params: { message: { parts: WirePart[] } } }).params.message);
    }
    return original(input, init);
  };
  try {
    await run();
  } finally {
    globalThis.fetch = original;
  }
  return seen;
}

const ir: SilpIRInput = {
  intent: "!BOOK",
  entities: [
    { id: "act", value: "hotel" },
    { id: "city", value: "Shanghai" },
  ],
  constraints: [{ type: "budget", value: "500", operator: "<=" }],
  meta: { req_id: "5e1f0a9c", priority: 2, confidence: 0.95, session_id: "s7", seq: ["!BOOK"], out: "natural" },
};

describe("A2A: the text a model reads carries the meta; the req_id rides in the metadata", () => {
  const handed: string[] = [];
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({
      name: "booker",
      frontends: ["code", "json"],
      handlers: {
        "!BOOK": (_call, context) => {
          handed.push(context.modelText);
          return "booked";
        },
      },
    });
  });
  afterAll(() => agent.close());

  test("the request: one text part, the payload with its meta inline; silp_meta holds the req_id and what differs", async () => {
    const peer = await SilpPeer.connect(agent.url);
    let replyText = "";
    let sessionId = "";
    const requests = await capturedRequests(async () => {
      const { reply } = await peer.send(ir);
      replyText = reply.modelText;
      // The agent's own session for this context (not the requester's s7).
      sessionId = String(reply.decoded.ir.meta.session_id);
      assert.match(sessionId, /^[a-z0-9]+$/);
      // The reply is one text part too: the payload, its envelope fields in metadata.
      assert.equal(reply.message.parts.length, 1);
      const part = reply.message.parts[0];
      assert.equal(part?.content?.$case, "text");
      assert.equal(part?.content?.$case === "text" ? part.content.value : undefined, replyText);
      assert.deepEqual(reply.decoded.ir.meta.reply_to, "5e1f0a9c");
    });
    assert.equal(requests.length, 1);
    const [part, ...others] = requests[0]?.parts ?? [];
    assert.deepEqual(others, []);
    assert.equal(part?.text, "if budget<=500: book(hotel,city=Shanghai) #{sid=s7 p2 c.95 seq=[!BOOK]}");
    assert.deepEqual(part?.metadata?.[SILP_EXTENSION_URI], {
      silp_encoding: "code",
      silp_meta: { req_id: "5e1f0a9c", session_id: "s7", priority: 2, confidence: 0.95, seq: ["!BOOK"] },
    });
    assert.equal(part?.data, undefined);
    // The model on the other side is handed what was understood, the meta with it (the order, the session).
    assert.deepEqual(handed, ["if budget<=500: book(hotel,city=Shanghai) #{sid=s7 p2 c.95 seq=[!BOOK]}"]);
    // The reply's task names the request it answers (re=), and its meta the session and the request.
    assert.equal(replyText, `notify(status=done,re=5e1f0a9c,book=booked) #{sid=${sessionId} reply_to=5e1f0a9c}`);
  });

  test("the data form carries the whole envelope as JSON, still the compact payload inside", async () => {
    const peer = await SilpPeer.connect(agent.url, { form: "data" });
    const requests = await capturedRequests(async () => {
      await peer.send(ir);
    });
    const data = requests[0]?.parts[0]?.data as Record<string, unknown>;
    assert.deepEqual(data, {
      silp_encoding: "code",
      silp_payload: compile(ir, "code", { inlineMeta: false }),
      silp_meta: { req_id: "5e1f0a9c", session_id: "s7", priority: 2, confidence: 0.95, seq: ["!BOOK"] },
    });
  });

  test("every field comes back to the handler: the whole normal form, req_id included", async () => {
    const seen: unknown[] = [];
    const other = await startSilpAgent({
      name: "checker",
      handlers: {
        "!BOOK": (call) => {
          seen.push(call.ir);
          return "ok";
        },
      },
    });
    try {
      await (await SilpPeer.connect(other.url)).send(ir);
      assert.deepEqual(seen, [normalize(ir)]);
    } finally {
      await other.close();
    }
  });
});
