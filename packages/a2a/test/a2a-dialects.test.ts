/**
 * Dialect negotiation on A2A (docs/dialect-negotiation.md) with real agents on loopback and the
 * SDK's client: the card lists an agent's dialects by content hash, a peer that holds the same
 * spec agrees on it from the card alone, one that holds another spec of that name does not; an
 * agent that starts without the dialect takes it from a peer's //ping (the spec in a data part),
 * then reads the 27 study cases in it. Both agents share this process's frontend registry, so
 * "the agent reads x-evolved" is checked where it is decided: by its own capabilities, which
 * refuse an x-evolved payload before the negotiation and accept it after.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { normalize, type SilpIRInput } from "silp";
import { type DialectSpec, DialectHoldings, EVOLVED_DIALECT, dialectRef, parseDialectSpec, randomDialectSpec } from "@silp/dialects";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { SILP_EXTENSION_URI, SilpPeer, startSilpAgent, type ActionCall, type ExecutorEvent, type RunningSilpAgent } from "../src/index.js";
import { seededRandom as seeded } from "@silp/testkit/seeded-random.js";

const STUDY_DIR = join(REPO_ROOT, "data/study/cases");
const STUDY = readdirSync(STUDY_DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(join(STUDY_DIR, name), "utf8")) as SilpIRInput);
const VERBS = ["!BOOK", "!CANCEL", "!FETCH", "!ROUTE", "!SEARCH", "!START", "!SWITCH", "!TRANSLATE", "!UPDATE", "!EMAIL", "!PROCESS", "!SUGGEST"];
const REF = dialectRef(EVOLVED_DIALECT);
const RIVAL = parseDialectSpec({ ...EVOLVED_DIALECT, genes: { ...EVOLVED_DIALECT.genes, else: "else" } });

function handlers(seen: { ir: ActionCall["ir"] }[]) {
  return Object.fromEntries(
    VERBS.map((verb) => [
      verb,
      (call: ActionCall) => {
        seen.push({ ir: call.ir });
        return `done ${call.functionName}`;
      },
    ]),
  );
}

let learner: RunningSilpAgent;
let holder: RunningSilpAgent;
const learnerSeen: { ir: ActionCall["ir"] }[] = [];
const learnerEvents: ExecutorEvent[] = [];

describe("A2A agents negotiate dialects by hash", () => {
  beforeAll(async () => {
    learner = await startSilpAgent({
      name: "learner",
      frontends: ["code", "json"],
      whitelist: "off",
      dialects: new DialectHoldings({ accept: "any" }),
      tokenizer: "llama-2",
      order: "cost",
      handlers: handlers(learnerSeen),
      onEvent: (event) => learnerEvents.push(event),
    });
    const operatorHeld = new DialectHoldings();
    operatorHeld.hold(EVOLVED_DIALECT);
    holder = await startSilpAgent({ name: "holder", frontends: ["code", "json"], whitelist: "off", dialects: operatorHeld, handlers: handlers([]) });
  });
  afterAll(async () => {
    await learner.close();
    await holder.close();
  });

  test("the card lists the agent's dialects by hash, its tokenizer and order", async () => {
    const card = (await (await fetch(`${holder.url}/.well-known/agent-card.json`)).json()) as {
      capabilities: { extensions: { uri: string; params: Record<string, unknown> }[] };
    };
    const params = card.capabilities.extensions.find((entry) => entry.uri === SILP_EXTENSION_URI)?.params;
    assert.deepEqual(params?.frontends, ["x-evolved", "code", "json"]);
    assert.deepEqual(params?.dialects, [REF]);
    const learnerCard = (await (await fetch(`${learner.url}/.well-known/agent-card.json`)).json()) as typeof card;
    const learnerParams = learnerCard.capabilities.extensions.find((entry) => entry.uri === SILP_EXTENSION_URI)?.params;
    assert.deepEqual([learnerParams?.tokenizer, learnerParams?.order, learnerParams?.dialects], ["llama-2", "cost", undefined]);
  });

  test("from the card alone: the same spec agrees on x-evolved, another spec of that name falls back to code", async () => {
    const same = new DialectHoldings();
    same.hold(EVOLVED_DIALECT);
    const peer = await SilpPeer.connect(holder.url, { frontends: ["code", "json"], dialects: same, codec: { whitelist: "off" } });
    assert.equal(peer.agreeFromCard().frontend, "x-evolved");
    assert.deepEqual(peer.agreement?.dialects, { "x-evolved": REF });
    const delivered = await peer.send(STUDY[0] as SilpIRInput);
    assert.equal(delivered.delivery.frontend, "x-evolved");

    // A rival spec cannot be registered in this process under the held name; its peer offers it by
    // the card's rule only (agree), which is what decides.
    const rivalCaps = { versions: ["v1"], frontends: ["x-evolved", "code", "json"], dialects: [dialectRef(RIVAL)] };
    const { agreementFromCard } = await import("../src/index.js");
    const agreement = agreementFromCard(rivalCaps, peer.card);
    assert.equal(agreement.frontend, "code");
    assert.match(agreement.skipped[0]?.reason ?? "", /another content hash/);
  });

  test("an agent without the dialect takes it from a peer's //ping and then reads the 27 study cases in it", async () => {
    const mine = new DialectHoldings();
    mine.hold(EVOLVED_DIALECT);
    const peer = await SilpPeer.connect(learner.url, { frontends: ["code", "json"], dialects: mine, codec: { whitelist: "off" } });
    assert.equal(peer.agreeFromCard().frontend, "code", "the card names no dialect: code");

    const exchange = await peer.ping();
    assert.equal(exchange.probes.length, 4);
    assert.equal(exchange.probes[0], `//ping silp=v1 frontends=x-evolved,code,json dialects=${REF}`);
    assert.equal(exchange.probes[1], `//pong silp=v1 frontends=code,json want=${REF} tokenizer=llama-2 order=cost prefer=code`);
    assert.ok(exchange.probes[2]?.startsWith('{"silp_ping":'), "the spec went in a data part");
    assert.equal(exchange.probes[3], `//pong silp=v1 frontends=x-evolved,code,json dialects=${REF} tokenizer=llama-2 order=cost prefer=x-evolved`);
    assert.deepEqual(exchange.sent, [REF]);
    assert.equal(exchange.agreement.frontend, "x-evolved");
    assert.equal(exchange.choice.by, "cost");
    assert.deepEqual(
      exchange.choice.costs.map((c) => [c.frontend, c.tokens]),
      [
        ["x-evolved", 20.41],
        ["code", 29.41],
        ["json", 60.11],
      ],
    );
    const probe = learnerEvents.find((event) => event.type === "probe" && event.received?.length === 1);
    assert.ok(probe?.type === "probe" && probe.refused?.length === 0);

    for (const ir of STUDY) {
      const { delivery } = await peer.send(ir);
      assert.equal(delivery.frontend, "x-evolved");
      assert.equal(delivery.attempts.length, 1, "delivered on the first attempt");
    }
    assert.equal(learnerSeen.length >= STUDY.length, true);
    const byReq = new Map(learnerSeen.map((entry) => [entry.ir.meta.req_id, entry.ir]));
    for (const ir of STUDY) {
      const { intent, entities, constraints, alternatives, meta } = normalize(ir);
      const got = byReq.get(meta.req_id);
      assert.ok(got, meta.req_id);
      assert.deepEqual([got.intent, got.entities, got.constraints, got.alternatives], [intent, entities, constraints, alternatives]);
    }
  });

  test("before the negotiation the learner refuses x-evolved: what it reads is its own capabilities", async () => {
    const fresh = await startSilpAgent({
      name: "fresh",
      frontends: ["code"],
      whitelist: "off",
      dialects: new DialectHoldings({ accept: "any" }),
      handlers: handlers([]),
    });
    try {
      const mine = new DialectHoldings();
      mine.hold(EVOLVED_DIALECT);
      const peer = await SilpPeer.connect(fresh.url, {
        frontends: ["x-evolved", "code"],
        dialects: mine,
        codec: { whitelist: "off" },
        degradation: { maxAttempts: 1 },
      });
      await assert.rejects(peer.send(STUDY[0] as SilpIRInput), (error: unknown) => String((error as Error).message).includes("x-evolved"));
    } finally {
      await fresh.close();
    }
  });
});

describe("hostile peers against an A2A agent that takes dialects (accept any)", () => {
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({
      name: "open",
      frontends: ["code", "json"],
      whitelist: "off",
      dialects: new DialectHoldings({ accept: "any" }),
      handlers: handlers([]),
    });
  });
  afterAll(async () => {
    await agent.close();
  });

  /** A peer that holds `specs` and negotiates with the agent by //ping. */
  async function peerHolding(specs: DialectSpec[], frontends = ["code", "json"]) {
    const holdings = new DialectHoldings();
    for (const spec of specs) holdings.hold(spec);
    return SilpPeer.connect(agent.url, { frontends, dialects: holdings, codec: { whitelist: "off" } });
  }

  test("D1: a peer's own dialect is agreed with it by hash; a draft peer naming it without the hash agrees on code", async () => {
    const own = randomDialectSpec(seeded(21), "x-a2a-peer-a");
    const a = await peerHolding([own]);
    assert.equal((await a.ping()).agreement.frontend, "x-a2a-peer-a");
    const b = await SilpPeer.connect(agent.url, { frontends: ["x-a2a-peer-a", "code", "json"], codec: { whitelist: "off" } });
    const exchange = await b.ping();
    assert.equal(exchange.agreement.frontend, "code");
    assert.equal(exchange.probes[1]?.includes("x-a2a-peer-a"), false, "the pong does not list another peer's dialect to a peer that names no hash");
  });

  test("D2: two floods of 4 random specs do not fill the pool for good: the next peer's dialect is agreed", async () => {
    const random = seeded(4242);
    for (const round of [0, 1]) {
      const flood = Array.from({ length: 4 }, (_, i) => randomDialectSpec(random, `x-a2a-flood-${round}-${i}`));
      const flooder = await peerHolding(flood);
      const exchange = await flooder.ping();
      assert.equal(exchange.sent.length, 4);
      assert.equal(exchange.agreement.frontend, `x-a2a-flood-${round}-0`);
    }
    const honest = await peerHolding([randomDialectSpec(seeded(88), "x-a2a-honest")]);
    const exchange = await honest.ping();
    assert.equal(exchange.agreement.frontend, "x-a2a-honest");
    const { delivery } = await honest.send(STUDY[0] as SilpIRInput);
    assert.equal(delivery.frontend, "x-a2a-honest");
  });
});
