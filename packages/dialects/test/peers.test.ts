/**
 * Hostile peers against one receiver's holdings (docs/dialect-negotiation.md, "Peers"): a name a
 * peer proposes stands for that peer's spec, and a shipped name only for the shipped spec; no
 * peer holds the pool; a dialect held is listed in every pong that offers it.
 *
 * The receiver is a real DialectHoldings answering real pings; the MCP server and the A2A agent
 * carry the same answers (packages/mcp/test/mcp-dialect-peers.test.ts, packages/a2a/test/a2a-dialects.test.ts).
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, decode } from "silp";
import type { Capabilities, Ping } from "silp/negotiation";
import { DialectHoldings, EVOLVED_DIALECT, type DialectSpec, dialectRef, parseDialectSpec, randomDialectSpec } from "../src/index.js";
import { seededRandom as seeded } from "@silp/testkit/seeded-random.js";

const BASE: Capabilities = { versions: ["v1"], frontends: ["code", "json"] };

/** The shipped x-evolved with the argument order of two verbs swapped: D1's forgery. */
function forgedEvolved(): DialectSpec {
  const order = { ...(EVOLVED_DIALECT.argument_order as Record<string, string[]>) };
  order["!TRANSLATE"] = ["tgt", "src", "style"];
  return parseDialectSpec({ ...EVOLVED_DIALECT, argument_order: order });
}

function offering(...specs: DialectSpec[]): Ping {
  const refs = specs.map(dialectRef);
  return {
    kind: "ping",
    versions: ["v1"],
    frontends: [...specs.map((spec) => spec.name), "code"],
    dialects: refs,
    specs: specs.map((spec) => JSON.parse(JSON.stringify(spec))),
  };
}

/** A ping that names frontends without any hash, as a draft peer does. */
function named(...frontends: string[]): Ping {
  return { kind: "ping", versions: ["v1"], frontends };
}

describe("a dialect name stands for one spec, for everyone", () => {
  test("a forged spec under a shipped name is refused (name_taken); a draft peer naming x-evolved then agrees on code, never on the forgery", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    const forged = forgedEvolved();
    assert.notEqual(dialectRef(forged), dialectRef(EVOLVED_DIALECT));
    const a = receiver.answer(offering(forged), BASE, "client-a");
    assert.deepEqual(
      a.refused.map((error) => [error.code, error.details?.reason]),
      [["dialect_refused", "name_taken"]],
    );
    assert.equal(a.pong.prefer, "code");
    const b = receiver.answer(named("x-evolved", "code", "json"), BASE, "client-b");
    assert.equal(b.pong.prefer, "code");
    assert.deepEqual(b.agreement?.unverified, []);
    // The shipped spec itself may be taken under its name.
    const real = receiver.answer(offering(parseDialectSpec(EVOLVED_DIALECT)), BASE, "client-c");
    assert.deepEqual(real.received, [dialectRef(EVOLVED_DIALECT)]);
    assert.equal(real.pong.prefer, "x-evolved");
  });

  test("a name one peer proposed is agreed only with a peer that names it by its hash", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    const mine = randomDialectSpec(seeded(7), "x-peer-named");
    const a = receiver.answer(offering(mine), BASE, "client-a");
    assert.deepEqual([a.received, a.pong.prefer], [[dialectRef(mine)], "x-peer-named"]);
    // Another peer naming it without the hash: not listed to it, not matched.
    const b = receiver.answer(named("x-peer-named", "code"), BASE, "client-b");
    assert.equal(b.pong.prefer, "code");
    assert.equal(b.pong.frontends.includes("x-peer-named"), false);
    // With the hash (it holds the same spec): agreed, by reference.
    const c = receiver.answer({ kind: "ping", versions: ["v1"], frontends: ["x-peer-named", "code"], dialects: [dialectRef(mine)] }, BASE, "client-c");
    assert.deepEqual([c.pong.prefer, c.agreement?.dialects["x-peer-named"]], ["x-peer-named", dialectRef(mine)]);
    // What the agreement means: the payload reads back as its IR.
    const ir = { intent: "!TRANSLATE", entities: [{ id: "act", value: "doc" }], meta: { req_id: "0badc0de" } };
    assert.deepEqual(decode(compile(ir, "x-peer-named", { whitelist: "off" }), "x-peer-named", { whitelist: "off" }).ir.entities, [
      { id: "act", value: "doc", action: "!TRANSLATE" },
    ]);
  });
});

describe("no peer holds the pool", () => {
  test("D2's flood: one client's 2 pings of 4 random specs hold at most 4; a second client's dialect is then agreed", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    const random = seeded(2026);
    const flood = Array.from({ length: 8 }, (_, i) => randomDialectSpec(random, `x-flood-${i}`));
    const first = receiver.answer(offering(...flood.slice(0, 4)), BASE, "flooder");
    const second = receiver.answer(offering(...flood.slice(4)), BASE, "flooder");
    assert.equal(first.received.length + second.received.length, 8);
    const held = receiver.refs;
    assert.deepEqual(held, flood.slice(4).map(dialectRef), "the flooder keeps its most recent 4");
    const honest = randomDialectSpec(seeded(99), "x-honest");
    const answer = receiver.answer(offering(honest), BASE, "honest");
    assert.deepEqual([answer.received, answer.refused, answer.pong.prefer], [[dialectRef(honest)], [], "x-honest"]);
  });

  test("many peers together: past maxHeld the dialect used longest ago goes, and one still in use stays", () => {
    const receiver = new DialectHoldings({ accept: "any", maxHeld: 3 });
    const specs = Array.from({ length: 4 }, (_, i) => randomDialectSpec(seeded(300 + i), `x-many-${i}`));
    for (const [i, spec] of specs.slice(0, 3).entries()) receiver.answer(offering(spec), BASE, `peer-${i}`);
    // peer-0 uses its dialect again: peer-1's is now the one used longest ago.
    receiver.answer({ kind: "ping", versions: ["v1"], frontends: ["x-many-0", "code"], dialects: [dialectRef(specs[0] as DialectSpec)] }, BASE, "peer-0");
    receiver.answer(offering(specs[3] as DialectSpec), BASE, "peer-3");
    assert.deepEqual(receiver.refs.sort(), [specs[0], specs[2], specs[3]].map((spec) => dialectRef(spec as DialectSpec)).sort());
  });

  test("a dialect held is listed in every pong that offers it: 4 received, 4 listed, none asked for again", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    const own = receiver.hold(randomDialectSpec(seeded(5), "x-operator"));
    const specs = Array.from({ length: 4 }, (_, i) => randomDialectSpec(seeded(500 + i), `x-listed-${i}`));
    const answer = receiver.answer(offering(...specs), BASE, "peer");
    assert.deepEqual(answer.received, specs.map(dialectRef));
    assert.deepEqual(answer.pong.dialects, specs.map(dialectRef));
    assert.equal(answer.pong.want, undefined);
    // A peer that offers nothing still sees the operator's own dialect.
    assert.deepEqual(receiver.answer(named("code"), BASE, "other").pong.dialects, [own]);
  });
});
