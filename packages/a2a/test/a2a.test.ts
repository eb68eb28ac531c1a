/**
 * silp/a2a with two real A2A v1.0 agents (express on 127.0.0.1, random ports) and the SDK's
 * Client: the AgentCard extension, negotiation both ways, the degradation chain, sessions by
 * contextId with heartbeat, validation before dispatch, and the wire format of the parts.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { AgentCard } from "@a2a-js/sdk";
import { newReqId, normalize, type SilpIRInput } from "silp";
import {
  SILP_EXTENSION_URI,
  SilpPeer,
  startSilpAgent,
  type ActionCall,
  type DispatchContext,
  type ExecutorEvent,
  type RunningSilpAgent,
} from "../src/index.js";
import { APPENDIX_EXAMPLES, appendixExample } from "silp/examples";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";

interface Seen {
  action: string;
  ir: ReturnType<typeof normalize>;
  session: DispatchContext["session"];
}

/** Handlers that record what they were called with, for every verb the appendix uses. */
function recordingHandlers(seen: Seen[]): Record<string, (call: ActionCall, context: DispatchContext) => string> {
  const handler = (call: ActionCall, context: DispatchContext): string => {
    seen.push({ action: call.action, ir: call.ir, session: context.session });
    return `${call.functionName} ${call.entities.map((e) => e.value).join(" ")}`.trim();
  };
  return Object.fromEntries(["!START", "!CANCEL", "!EMAIL", "!TRANSLATE", "!BOOK", "!FETCH", "!PROCESS", "!SEARCH"].map((verb) => [verb, handler]));
}

const sendError = silpRejectionOf;

/** The fields of a part in a JSON-RPC SendMessage response that the tests below read. */
interface WirePart {
  text: string;
  data: { silp_encoding: string; silp_payload: string; silp_error: { code: string } };
}

/** A JSON-RPC SendMessage response as the tests below read it; the agent's reply is one message. */
interface WireBody {
  result: {
    message: {
      extensions: string[];
      parts: [WirePart, ...WirePart[]];
      metadata: { [SILP_EXTENSION_URI]: { session: { turn: number } } };
    };
  };
}

/** A JSON-RPC SendMessage over plain fetch, to see the wire format and the headers. */
async function rawSend(agent: RunningSilpAgent, parts: unknown[], extensions?: string): Promise<{ headers: Headers; body: WireBody }> {
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "A2A-Version": "1.0", ...(extensions ? { "A2A-Extensions": extensions } : {}) },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: randomUUID(), contextId: randomUUID(), role: "ROLE_USER", parts } },
    }),
  });
  return { headers: response.headers, body: (await response.json()) as WireBody };
}

describe("two SILP agents over A2A on loopback", () => {
  const alphaSeen: Seen[] = [];
  const betaSeen: Seen[] = [];
  const betaEvents: ExecutorEvent[] = [];
  let alpha: RunningSilpAgent;
  let beta: RunningSilpAgent;

  beforeAll(async () => {
    alpha = await startSilpAgent({ name: "alpha", frontends: ["code", "json"], handlers: recordingHandlers(alphaSeen) });
    beta = await startSilpAgent({
      name: "beta",
      frontends: ["json", "natural"],
      heartbeat: 5,
      handlers: recordingHandlers(betaSeen),
      onProse: (text) => `read as prose: ${text}`,
      onEvent: (event) => betaEvents.push(event),
    });
  });
  afterAll(async () => {
    await alpha.close();
    await beta.close();
  });

  test("each AgentCard declares the SILP extension with its frontends, preferred one and heartbeat", async () => {
    const response = await fetch(`${beta.url}/.well-known/agent-card.json`);
    // Cacheable (A2A 1.0, 8.6.1): the card's date is the agent's start; the framework goes unnamed.
    assert.ok(Date.parse(response.headers.get("last-modified") ?? "") <= Date.now(), "a Last-Modified date, not in the future");
    assert.equal(response.headers.get("x-powered-by"), null);
    const card = (await response.json()) as AgentCard;
    const extension = card.capabilities!.extensions.find((e) => e.uri === SILP_EXTENSION_URI)!;
    assert.deepEqual(extension.params, { silp: ["v1"], frontends: ["json", "natural"], prefer: "json", heartbeat: 5 });
    assert.equal(extension.required, false);
    assert.equal(card.supportedInterfaces[0]!.protocolVersion, "1.0");
    assert.ok(card.skills[0]!.tags.includes("!BOOK"));
  });

  test("static negotiation from the card: the receiver's order wins", async () => {
    const toBeta = await SilpPeer.connect(beta.url);
    assert.deepEqual(toBeta.agreeFromCard(), { version: "v1", frontend: "json", mutual: ["json", "natural"], skipped: [], dialects: {}, unverified: [] });
    const toAlpha = await SilpPeer.connect(alpha.url, { frontends: ["json", "code"] });
    assert.equal(toAlpha.agreeFromCard().frontend, "code");
  });

  test("dynamic negotiation by //ping, in the text and the JSON form", async () => {
    const peer = await SilpPeer.connect(beta.url);
    const text = await peer.ping("text");
    assert.equal(text.ping, "//ping silp=v1 frontends=code,json,natural");
    assert.equal(text.pong, "//pong silp=v1 frontends=json,natural prefer=json");
    assert.equal(peer.agreementSource, "ping");
    const json = await peer.ping("data");
    assert.equal(json.agreement.frontend, "json");
    const natural = await SilpPeer.connect(alpha.url, { frontends: ["natural"] });
    assert.equal((await sendError(natural.ping())).code, "negotiation_failed");
  });

  test("without negotiation the degradation chain finds json: code is rejected by beta, which lacks it", async () => {
    const peer = await SilpPeer.connect(beta.url);
    const { delivery, reply } = await peer.send(appendixExample("A.1").ir);
    assert.deepEqual(
      delivery.attempts.map((a) => [a.frontend, a.outcome, a.error?.code]),
      [
        ["code", "rejected", "unsupported_frontend"],
        ["json", "delivered", undefined],
      ],
    );
    // The text part's payload is what beta's model reads: A.1's one non-default meta field rides in it.
    assert.equal(
      delivery.payload,
      '{"intent":"!START","act":"hike","constraints":[{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!START","target":"cards","location":"indoor"}],"meta":{"out":"code"}}',
    );
    assert.equal(reply.decoded.ir.intent, "!NOTIFY");
    assert.equal(reply.decoded.ir.meta.reply_to, "a1b2c3d4");
  });

  test("every appendix example reaches the handlers intact (meta included), as a data part and as a text part", async () => {
    for (const form of ["data", "text"] as const) {
      const peer = await SilpPeer.connect(alpha.url, { form });
      peer.agreeFromCard();
      for (const { ir } of APPENDIX_EXAMPLES) {
        const withMeta: SilpIRInput = { ...ir, meta: { ...ir.meta, trace: { hop: 1, path: ["alpha", null], ok: true }, weight: 0.25 } };
        const before = alphaSeen.length;
        const { reply } = await peer.send(withMeta);
        const calls = alphaSeen.slice(before);
        assert.ok(calls.length >= 1);
        for (const call of calls) assert.deepEqual(call.ir, normalize(withMeta));
        assert.equal(reply.envelope.silp_encoding, "code");
      }
    }
  });

  test("a session per contextId: heartbeat N=5 renews the context after the fifth turn", async () => {
    const peer = await SilpPeer.connect(beta.url);
    peer.agreeFromCard();
    const sessions = [];
    const ir = appendixExample("A.3").ir;
    // Seven requests: each its own req_id (a repeated one is a retry, counted once; tested below).
    for (let i = 0; i < 7; i++) sessions.push((await peer.send({ ...ir, meta: { ...ir.meta, req_id: newReqId() } })).reply.session!);
    assert.deepEqual(
      sessions.map((s) => s.turn),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      sessions.map((s) => s.contextLength),
      [0, 1, 2, 3, 4, 0, 1],
    );
    assert.deepEqual(
      sessions.map((s) => s.renewed),
      [false, false, false, false, true, false, false],
    );
    assert.equal(new Set(sessions.map((s) => s.id)).size, 1);
    assert.equal(sessions[0]!.heartbeat, 5);
    // The handlers saw the same session turns.
    assert.deepEqual(
      betaSeen.slice(-7).map((s) => s.session.turn),
      [0, 1, 2, 3, 4, 5, 6],
    );
    const other = await SilpPeer.connect(beta.url);
    other.agreeFromCard();
    const first = (await other.send(appendixExample("A.3").ir)).reply.session!;
    assert.notEqual(first.id, sessions[0]!.id);
    assert.equal(first.turn, 0);
  });

  test("a retried request (same req_id) is not counted again; a session the agent lost is reported to the peer, then reopened", async () => {
    const seen: Seen[] = [];
    const agent = await startSilpAgent({ name: "forgetful", frontends: ["json"], handlers: recordingHandlers(seen) });
    try {
      const peer = await SilpPeer.connect(agent.url);
      peer.agreeFromCard();
      const ir = appendixExample("A.3").ir;
      const first = (await peer.send({ ...ir, meta: { ...ir.meta, req_id: "0000a001" } })).reply.session!;
      const retry = (await peer.send({ ...ir, meta: { ...ir.meta, req_id: "0000a001" } })).reply.session!;
      const next = (await peer.send({ ...ir, meta: { ...ir.meta, req_id: "0000a002" } })).reply.session!;
      assert.deepEqual([first.turn, retry.turn, next.turn], [0, 0, 1]);
      assert.equal(seen.length, 3, "the handler ran for the retry too: only the count is kept once");
      // The agent's store loses every session (a Redis restarted without persistence does this).
      await agent.executor.sessions.manager.store.close();
      const lost = await sendError(peer.send({ ...ir, meta: { ...ir.meta, req_id: "0000a003" } }));
      assert.equal(lost.code, "session_expired");
      assert.equal(peer.session, undefined, "the peer forgot the lost session");
      const reopened = (await peer.send({ ...ir, meta: { ...ir.meta, req_id: "0000a003" } })).reply.session!;
      assert.deepEqual([reopened.turn, reopened.opened], [0, true]);
    } finally {
      await agent.close();
    }
  });

  test("seq order is execution order (draft -02 3.6)", async () => {
    const peer = await SilpPeer.connect(alpha.url);
    const a5 = appendixExample("A.5").ir;
    let before = alphaSeen.length;
    await peer.send(a5);
    assert.deepEqual(
      alphaSeen.slice(before).map((s) => s.action),
      ["!FETCH", "!PROCESS", "!EMAIL"],
    );
    before = alphaSeen.length;
    await peer.send({ ...a5, meta: { ...a5.meta, seq: ["!EMAIL", "parallel", "!PROCESS", "!FETCH"] } });
    assert.deepEqual(
      alphaSeen.slice(before).map((s) => s.action),
      ["!EMAIL", "!PROCESS", "!FETCH"],
    );
  });

  test("validation before dispatch: a verb outside the whitelist is refused, no handler runs", async () => {
    const peer = await SilpPeer.connect(beta.url);
    peer.agreeFromCard();
    const before = betaSeen.length;
    const hostile = { intent: "!DELETE", entities: [{ id: "act", value: "all_bookings" }], meta: { req_id: "dead0001" } };
    assert.equal((await sendError(peer.send(hostile))).code, "invalid_ir"); // our own compile refuses it first
    const error = await sendError(peer.send(hostile, { codec: { whitelist: "off" } }));
    assert.equal(error.code, "invalid_ir");
    assert.match(error.message, /peer rejected the json payload/);
    assert.equal(betaSeen.length, before);
    const refusal = betaEvents.at(-1);
    assert.equal(refusal?.type, "refused");
    assert.equal(refusal?.type === "refused" && refusal.error.code, "invalid_ir");
  });

  test("an action without a handler refuses the whole message: nothing is half done", async () => {
    const peer = await SilpPeer.connect(beta.url);
    peer.agreeFromCard();
    const before = betaSeen.length;
    const ir = {
      intent: "!BOOK",
      entities: [
        { id: "act", value: "hotel" },
        { id: "act", value: "ops", action: "!NOTIFY" },
      ],
      meta: { req_id: "0000beef" },
    };
    assert.equal((await sendError(peer.send(ir))).code, "unsupported_action");
    assert.equal(betaSeen.length, before);
  });

  test("agent to agent: a handler of one agent delegates its action to the other over A2A", async () => {
    let toAlpha: SilpPeer | undefined;
    const relay = await startSilpAgent({
      name: "relay",
      frontends: ["json"],
      handlers: {
        "!EMAIL": async (call) => {
          toAlpha ??= await SilpPeer.connect(alpha.url);
          const forwarded = { intent: "!EMAIL", entities: call.entities.map(({ id, value }) => ({ id, value })), meta: { req_id: call.ir.meta.req_id } };
          const { reply } = await toAlpha.send(forwarded);
          return `relayed: ${reply.decoded.ir.entities.find((e) => e.id === "email")?.value}`;
        },
      },
    });
    try {
      const before = alphaSeen.length;
      const { reply } = await (await SilpPeer.connect(relay.url)).send({
        intent: "!EMAIL",
        entities: [{ id: "act", value: "zhangsan" }],
        meta: { req_id: "0e0a1101" },
      });
      assert.equal(reply.decoded.ir.entities.find((e) => e.id === "email")?.value, "relayed: email zhangsan");
      assert.deepEqual(
        alphaSeen.slice(before).map((s) => [s.action, s.ir.meta.req_id]),
        [["!EMAIL", "0e0a1101"]],
      );
      assert.equal(toAlpha?.agreementSource, "assumed"); // alpha reads code, so the first frontend worked
    } finally {
      await relay.close();
    }
  });

  test("natural is the lossy last step: accepted as prose, not dispatched", async () => {
    const peer = await SilpPeer.connect(beta.url, { frontends: ["natural"] });
    peer.agreeFromCard();
    const before = betaSeen.length;
    const { delivery, reply } = await peer.send(appendixExample("A.1").ir);
    assert.deepEqual({ frontend: delivery.frontend, lossless: delivery.lossless }, { frontend: "natural", lossless: false });
    assert.equal(reply.decoded.ir.entities.find((e) => e.id === "status")?.value, "accepted_as_prose");
    assert.equal(betaSeen.length, before);
    const noLossy = await SilpPeer.connect(beta.url, { frontends: ["natural"], degradation: { allowLossy: false } });
    noLossy.agreeFromCard();
    assert.equal((await sendError(noLossy.send(appendixExample("A.1").ir))).code, "decode_failed");
  });
});

describe("the A2A wire: activation header, part formats, hostile input", () => {
  let agent: RunningSilpAgent;
  const seen: Seen[] = [];
  beforeAll(async () => {
    agent = await startSilpAgent({ name: "gamma", frontends: ["code", "json"], handlers: recordingHandlers(seen), limits: { maxInputLength: 4096 } });
  });
  afterAll(() => agent.close());

  const envelope = { silp: "v1", silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id: "b00c0001" } };

  test("with the A2A-Extensions header the extension is activated and listed back", async () => {
    const { headers, body } = await rawSend(agent, [{ data: envelope, mediaType: "application/json" }], SILP_EXTENSION_URI);
    assert.equal(headers.get("A2A-Extensions"), SILP_EXTENSION_URI);
    const reply = body.result.message;
    assert.deepEqual(reply.extensions, [SILP_EXTENSION_URI]);
    assert.equal(reply.parts[0].data.silp_encoding, "code");
    assert.match(reply.parts[0].data.silp_payload, /^notify\(status=done,re=b00c0001,book=/);
    assert.equal(reply.metadata[SILP_EXTENSION_URI].session.turn, 0);
  });

  test("without the header a SILP payload is refused with negotiation_failed and nothing runs", async () => {
    const before = seen.length;
    const { headers, body } = await rawSend(agent, [{ data: envelope }]);
    assert.equal(headers.get("A2A-Extensions"), null);
    assert.equal(body.result.message.parts[0].data.silp_error.code, "negotiation_failed");
    assert.equal(seen.length, before);
  });

  test("a text part carries the payload with the envelope fields in metadata", async () => {
    const { silp_payload, ...fields } = envelope;
    const { body } = await rawSend(agent, [{ text: silp_payload, metadata: { [SILP_EXTENSION_URI]: fields } }], SILP_EXTENSION_URI);
    assert.equal(seen.at(-1)?.ir.meta.req_id, "b00c0001");
    assert.equal(body.result.message.parts[0].text.startsWith("notify("), true);
  });

  test("malformed and hostile SILP parts are answered with the error code, never a crash", async () => {
    const cases: [unknown, string][] = [
      [{ data: { ...envelope, silp_payload: 42 } }, "decode_failed"],
      [{ data: { ...envelope, silp_payload: "book(hotel" } }, "invalid_syntax"],
      [{ data: { ...envelope, silp_encoding: "klingon" } }, "unsupported_frontend"],
      [{ data: { ...envelope, silp: "v3" } }, "unsupported_version"],
      [{ data: { ...envelope, silp_meta: "not an object" } }, "decode_failed"],
      [{ data: { ...envelope, silp_payload: `book(${"h".repeat(10_000)})` } }, "limit_exceeded"],
      [{ text: "//ping silp=v1 frontends=code,,json" }, "invalid_syntax"],
      [{ text: "//pong silp=v1 frontends=code prefer=code" }, "invalid_syntax"],
      [{ data: { silp_ping: { silp: "v1" } } }, "invalid_syntax"],
    ];
    for (const [part, code] of cases) {
      const { body } = await rawSend(agent, [part], SILP_EXTENSION_URI);
      assert.equal(body.result?.message?.parts?.[0]?.data?.silp_error?.code, code, JSON.stringify(part).slice(0, 80));
    }
    // A body beyond the SDK's JSON body limit is refused by the transport (HTTP 413), before us.
    const huge = await fetch(`${agent.url}/a2a/jsonrpc`, {
      method: "POST",
      headers: { "content-type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { parts: [{ text: "x".repeat(3_000_000) }] } } }),
    });
    assert.equal(huge.status, 413);
    // The agent still works afterwards.
    const { body } = await rawSend(agent, [{ data: envelope }], SILP_EXTENSION_URI);
    assert.ok(body.result.message.parts[0].data.silp_payload);
  });

  test("a message without SILP gets a plain answer", async () => {
    const { body } = await rawSend(agent, [{ text: "hello, what can you do?" }], SILP_EXTENSION_URI);
    assert.match(body.result.message.parts[0].text, /speaks SILP/);
  });
});

describe("adding SILP to an existing agent", () => {
  test("messages without SILP go to the agent's own executor", async () => {
    const { AgentEvent } = await import("@a2a-js/sdk/server");
    const { silpMessage, textPart } = await import("../src/index.js");
    const agent = await startSilpAgent({
      name: "legacy",
      handlers: { book: () => "booked" },
      fallback: {
        execute: async (context, bus) => {
          bus.publish(AgentEvent.message(silpMessage([textPart("the old agent answers")], { role: "agent", contextId: context.contextId })));
          bus.finished();
        },
        cancelTask: async () => undefined,
      },
    });
    try {
      const plain = await rawSend(agent, [{ text: "hi" }]);
      assert.equal(plain.body.result.message.parts[0].text, "the old agent answers");
      const peer = await SilpPeer.connect(agent.url);
      const { reply } = await peer.send({ intent: "!BOOK", entities: [{ id: "act", value: "hotel" }], meta: { req_id: "feed0001" } });
      assert.equal(reply.decoded.ir.entities.find((e) => e.id === "book")?.value, "booked");
    } finally {
      await agent.close();
    }
  });
});
