/**
 * The A2A pieces that need no network: sessions by contextId, the dispatch plan, the card
 * extension and the part formats.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { fromEnvelope, normalize } from "silp";
import { MemorySessionStore, SessionManager } from "silp/session";
import {
  ContextSessions,
  SILP_EXTENSION_URI,
  agreementFromCard,
  envelopePart,
  handlerTable,
  planActions,
  readSilpExtension,
  readSilpMessage,
  resultIr,
  silpAgentCard,
  silpAgentExtension,
} from "../src/index.js";
import { appendixExample } from "silp/examples";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

describe("ContextSessions", () => {
  test("concurrent first turns of one context open one session and are numbered in arrival order", async () => {
    const sessions = new ContextSessions(new SessionManager({ heartbeat: 5 }));
    const turns = await Promise.all(Array.from({ length: 8 }, (_, i) => sessions.turn("ctx-a", { i })));
    assert.deepEqual(
      turns.map((t) => t.turn),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    assert.equal(new Set(turns.map((t) => t.sessionId)).size, 1);
    assert.deepEqual(
      turns.map((t) => t.opened),
      [true, false, false, false, false, false, false, false],
    );
    assert.deepEqual(turns[6]!.context, [{ i: 5 }]);
    const other = await sessions.turn("ctx-b", {});
    assert.notEqual(other.sessionId, turns[0]!.sessionId);
  });

  test("an expired session is replaced by a new one on the next turn", async () => {
    let now = 0;
    const manager = new SessionManager({ store: new MemorySessionStore({ now: () => now }), heartbeat: 5, ttlMs: 1000 });
    const sessions = new ContextSessions(manager);
    const first = await sessions.turn("ctx", { n: 1 });
    now += 5000;
    const second = await sessions.turn("ctx", { n: 2 });
    assert.equal(second.opened, true);
    assert.equal(second.turn, 0);
    assert.equal(first.opened, true);
  });

  test("finding 3: an expired context never joins the session that reused its id", async () => {
    let now = 0;
    const store = new MemorySessionStore({ now: () => now });
    const record = { heartbeat: 20 as const, ttlMs: 1000 };
    const base = { scope: "peer:x", deadline: undefined, record, start: 0, maxSessions: 256 };
    const a = await store.ownedTurn({ ...base, owner: "ctx-a", entry: '"a0"' });
    now += 5000; // ctx-a's session expires
    const b = await store.ownedTurn({ ...base, owner: "ctx-b", entry: '"b0"' });
    assert.equal(a.status === "ok" && b.status === "ok" && a.id === b.id, true, "the id is reused");
    const again = await store.ownedTurn({ ...base, owner: "ctx-a", entry: '"a1"' });
    assert.equal(again.status, "ok");
    if (again.status !== "ok" || b.status !== "ok") return;
    assert.equal(again.opened, true);
    assert.notEqual(again.id, b.id);
    assert.deepEqual(again.context, []);
    const next = await store.ownedTurn({ ...base, owner: "ctx-b", entry: '"b1"' });
    assert.deepEqual(next.status === "ok" && [next.id, next.turn, next.context], [b.id, 1, ['"b0"']]);
  });

  test("finding 2: each scope holds at most maxSessionsPerScope sessions; the least recently used is evicted and reported", async () => {
    const sessions = new ContextSessions(new SessionManager(), { maxSessionsPerScope: 2 });
    // Each turn ends before the next (a turn in progress is never evicted: session-busy.test.ts).
    const turn = async (contextId: string, entry: number, scope: string) => {
      const done = await sessions.turn(contextId, entry, { scope });
      await sessions.end(contextId, done);
      return done;
    };
    await turn("a", 1, "p1");
    await turn("b", 1, "p1");
    await turn("a", 2, "p1");
    const c = await turn("c", 1, "p1");
    assert.deepEqual(
      c.evicted.map((e) => e.owner),
      ["b"],
    );
    const b = await turn("b", 2, "p1");
    assert.equal(b.opened, true);
    assert.equal(b.previous, "evicted");
    // Another scope has its own ids and quota.
    const other = await turn("a", 1, "p2");
    assert.deepEqual([other.opened, other.evicted], [true, []]);
  });
});

describe("dispatch plan", () => {
  const table = handlerTable({ "!CANCEL": () => "c", email: () => "e" });

  test("one call per action, primary first, with its own arguments", () => {
    const ir = normalize(appendixExample("A.2").ir);
    const calls = planActions(ir, table);
    assert.deepEqual(
      calls.map((c) => [c.action, c.functionName, c.role, c.entities.map((e) => e.value)]),
      [
        ["!CANCEL", "cancel", "primary", ["flight", "t+1pm"]],
        ["!EMAIL", "email", "secondary", ["zhangsan"]],
      ],
    );
  });

  test("a missing handler refuses the plan and names what is missing", () => {
    const ir = normalize(appendixExample("A.5").ir);
    const error = silpErrorOf(() => planActions(ir, table));
    assert.equal(error.code, "unsupported_action");
    assert.deepEqual(error.details?.missing, ["!FETCH", "!PROCESS"]);
  });

  test("handler keys must be action codes or function names", () => {
    assert.throws(() => handlerTable({ "Book Now": () => "x" }), TypeError);
    assert.throws(() => handlerTable({ book: "not a function" as never }), TypeError);
  });

  test("the result IR is a valid !NOTIFY naming the request; handler data cannot overwrite id, value or action", () => {
    const request = normalize(appendixExample("A.4").ir);
    const reply = normalize(
      resultIr(
        request,
        [{ action: "!BOOK", functionName: "book", role: "primary", summary: "booked", data: { ref: "BK-1", action: "!DELETE", id: "x" } }],
        "k3",
      ),
    );
    assert.equal(reply.intent, "!NOTIFY");
    assert.deepEqual(
      reply.entities.map((e) => [e.id, e.value, e.action]),
      [
        ["status", "done", "!NOTIFY"],
        ["re", "4a5b6c7d", "!NOTIFY"],
        ["book", "booked", "!NOTIFY"],
      ],
    );
    assert.equal(reply.entities[2]?.ref, "BK-1");
    assert.deepEqual({ reply_to: reply.meta.reply_to, session_id: reply.meta.session_id }, { reply_to: "4a5b6c7d", session_id: "k3" });
  });
});

describe("the AgentCard extension", () => {
  const card = (params: unknown) =>
    silpAgentCard({
      name: "x",
      url: "http://127.0.0.1:1/a2a/jsonrpc",
      extension: { uri: SILP_EXTENSION_URI, description: "", required: false, params: params as Record<string, unknown> },
    });

  test("declares the frontends with the preferred one first and reads them back", () => {
    const extension = silpAgentExtension({ versions: ["v1"], frontends: ["json", "code"] }, { heartbeat: 10 });
    assert.deepEqual(extension.params, { silp: ["v1"], frontends: ["json", "code"], prefer: "json", heartbeat: 10 });
    const read = readSilpExtension(silpAgentCard({ name: "x", url: "http://127.0.0.1:1/", extension }));
    assert.deepEqual(read, { silp: ["v1"], frontends: ["json", "code"], prefer: "json", heartbeat: 10 });
  });

  test("a prefer listed later leads the receiver's order", () => {
    const read = readSilpExtension(card({ silp: ["v1"], frontends: ["code", "json"], prefer: "json" }));
    assert.deepEqual(read?.frontends, ["json", "code"]);
    assert.equal(
      agreementFromCard({ versions: ["v1"], frontends: ["code", "json"] }, card({ silp: ["v1"], frontends: ["code", "json"], prefer: "json" })).frontend,
      "json",
    );
  });

  test("invalid or missing declarations are negotiation_failed", () => {
    for (const params of [
      { silp: ["v1"], frontends: [] },
      { silp: "v1", frontends: ["code"] },
      { silp: ["v1"], frontends: ["code"], prefer: "json" },
      { silp: ["v1"], frontends: ["Code!"] },
    ]) {
      assert.equal(silpErrorOf(() => readSilpExtension(card(params))).code, "negotiation_failed", JSON.stringify(params));
    }
    const noSilp = { ...card({}), capabilities: { extensions: [] } };
    assert.equal(readSilpExtension(noSilp), undefined);
    assert.equal(silpErrorOf(() => agreementFromCard({ versions: ["v1"], frontends: ["code"] }, noSilp)).code, "negotiation_failed");
  });
});

describe("message parts", () => {
  const envelope = { silp: "v1", silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id: "b00c0001", note: [1, null] } };

  test("data and text forms read back to the same envelope; the text form's text carries the meta a model reads", () => {
    assert.deepEqual(readSilpMessage({ parts: [envelopePart(envelope, "data")] }), { kind: "envelope", envelope, form: "data" });
    const read = { ...envelope, silp_payload: "book(hotel) #{note=`[1,null]`}" };
    assert.deepEqual(readSilpMessage({ parts: [envelopePart(envelope, "text")] }), { kind: "envelope", envelope: read, form: "text" });
    // The payload with the extra meta field inline, and the two agree when read.
    assert.deepEqual(fromEnvelope(read).ir, fromEnvelope(envelope).ir);
    // An envelope whose meta has nothing but the req_id: the text is the payload itself.
    const bare = envelopePart({ ...envelope, silp_meta: { req_id: "b00c0001" } }, "text");
    assert.equal(bare.content?.$case === "text" && bare.content.value, "book(hotel)");
    const text = envelopePart(envelope, "text");
    const ordered = { ...envelope, silp_meta: { req_id: "a1b2c3d4", seq: ["!BOOK", "!PAY"], next_agent: "billing" } };
    const withMeta = envelopePart(ordered, "text");
    // What differs from the defaults is in the text a model reads; the req_id stays in the metadata.
    assert.equal(withMeta.content?.$case === "text" && withMeta.content.value, "book(hotel) #{seq=[!BOOK,!PAY] next=billing}");
    assert.deepEqual(withMeta.metadata?.[SILP_EXTENSION_URI], { silp: "v1", silp_encoding: "code", silp_meta: ordered.silp_meta });
    assert.deepEqual(readSilpMessage({ parts: [withMeta] }), {
      kind: "envelope",
      envelope: { ...ordered, silp_payload: "book(hotel) #{seq=[!BOOK,!PAY] next=billing}" },
      form: "text",
    });
    assert.ok(text.metadata?.[SILP_EXTENSION_URI]);
  });

  test("non-SILP parts are skipped; the first SILP part counts", () => {
    const content = readSilpMessage({
      parts: [
        { content: { $case: "text", value: "hello" }, metadata: undefined, filename: "", mediaType: "text/plain" },
        { content: { $case: "data", value: { unrelated: true } }, metadata: undefined, filename: "", mediaType: "application/json" },
        envelopePart(envelope),
      ],
    });
    assert.equal(content.kind, "envelope");
    assert.deepEqual(readSilpMessage({ parts: [] }), { kind: "none" });
  });

  test("a peer's error with an unknown code is read as decode_failed", () => {
    const content = readSilpMessage({
      parts: [{ content: { $case: "data", value: { silp_error: { code: "rm -rf", message: "x" } } }, metadata: undefined, filename: "", mediaType: "" }],
    });
    assert.deepEqual(content.kind === "error" && content.error.code, "decode_failed");
  });
});
