/**
 * Dialect negotiation between two peers' holdings (docs/dialect-negotiation.md): identity by
 * content, the offer, the receiver asking for a spec and taking it once it hashes to the offer,
 * the choice by the reader's tokenizer, the 27 study cases exchanged in the agreed dialect, and
 * every hostile offer refused with its typed error while the negotiation falls back.
 *
 * Every probe crosses the wire as text (a line, or JSON text when it carries specs), as it would
 * between processes. The two holdings share this process's frontend registry (the MCP test runs
 * the receiver in a process of its own: packages/mcp/test/mcp-dialects.test.ts).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { type SilpError, compile, decode, getFrontend, isSilpError, registerFrontend } from "silp";
import { type Capabilities, type Ping, type Pong, formatProbe, parseProbeJson, parseProbeLine, probeToJson } from "silp/negotiation";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import {
  DialectHoldings,
  EVOLVED_DIALECT,
  MAX_DIALECT_SPEC_BYTES,
  STUDY_COSTS,
  costOfTable,
  dialectRef,
  negotiateDialects,
  parseDialectSpec,
  type DialectSpec,
} from "@silp/dialects";

const BASE: Capabilities = { versions: ["v1"], frontends: ["code", "json", "natural"] };
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
const STUDY = readdirSync(join(REPO_ROOT, "data/study/cases"))
  .filter((name) => name.endsWith(".json"))
  .map((name) => readJson(`data/study/cases/${name}`));

/** The JCS form written independently of the code under test: keys sorted at every level (the spec holds only strings, lists and the integer 1). */
function sortedKeysJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedKeysJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedKeysJson(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A receiver on the other end of a wire: every probe is read from the text that crossed it. */
function wire(receiver: DialectHoldings, base: Capabilities, log: { line: string; answer: string; refused: SilpError[] }[] = []) {
  return async (ping: Ping): Promise<Pong> => {
    const line = ping.specs === undefined ? formatProbe(ping) : JSON.stringify(probeToJson(ping));
    const received = ping.specs === undefined ? (parseProbeLine(line) as Ping) : (parseProbeJson(JSON.parse(line)) as Ping);
    const answer = receiver.answer(received, base);
    const answerLine = formatProbe(answer.pong);
    log.push({ line, answer: answerLine, refused: answer.refused });
    return parseProbeLine(answerLine) as Pong;
  };
}

describe("a dialect's identity is its content", () => {
  test("x-evolved's reference is the SHA-256 of its file's canonical JSON, computed here by node:crypto over sorted keys", () => {
    const file = readJson("dialects/x-evolved.json");
    const expected = `x-evolved@sha256:${createHash("sha256").update(sortedKeysJson(file)).digest("hex")}`;
    assert.equal(dialectRef(EVOLVED_DIALECT), expected);
    assert.equal(dialectRef(parseDialectSpec(file)), expected);
  });

  test("layout and key order do not change it; a gene or an argument order does", () => {
    const ref = dialectRef(EVOLVED_DIALECT);
    const reordered = JSON.parse(
      JSON.stringify({ argument_order: EVOLVED_DIALECT.argument_order, genes: EVOLVED_DIALECT.genes, name: "x-evolved", silp_dialect: 1 }),
    );
    assert.equal(dialectRef(parseDialectSpec(reordered)), ref);
    const gene = parseDialectSpec({ ...EVOLVED_DIALECT, genes: { ...EVOLVED_DIALECT.genes, else: "else" } });
    assert.notEqual(dialectRef(gene), ref);
    const order = parseDialectSpec({ ...EVOLVED_DIALECT, argument_order: { ...EVOLVED_DIALECT.argument_order, "!UPDATE": ["act", "new_value", "field"] } });
    assert.notEqual(dialectRef(order), ref);
    assert.equal(dialectRef(gene).split("@")[0], "x-evolved", "the name stays; only the hash tells them apart");
  });
});

describe("two peers that never shared a file", () => {
  test("agree on x-evolved by hash for a gpt-4o reader, and exchange the 27 study cases in it losslessly", async () => {
    const sender = new DialectHoldings();
    const ref = sender.hold(EVOLVED_DIALECT);
    const receiver = new DialectHoldings({ accept: "any" });
    assert.deepEqual(receiver.refs, [], "the receiver starts without the dialect");
    const log: { line: string; answer: string; refused: SilpError[] }[] = [];
    const result = await negotiateDialects(wire(receiver, { ...BASE, tokenizer: "gpt-4o", order: "cost" }, log), BASE, sender);

    assert.equal(log.length, 2);
    assert.equal(log[0]?.line, `//ping silp=v1 frontends=x-evolved,code,json,natural dialects=${ref}`);
    assert.equal(log[0]?.answer, `//pong silp=v1 frontends=code,json,natural want=${ref} tokenizer=gpt-4o order=cost prefer=code`);
    assert.ok(log[1]?.line.startsWith('{"silp_ping":'), "the spec travels in the JSON form");
    assert.deepEqual(JSON.parse(log[1]?.line ?? "").silp_ping.dialect_specs, [JSON.parse(JSON.stringify(EVOLVED_DIALECT))]);
    assert.equal(log[1]?.answer, `//pong silp=v1 frontends=x-evolved,code,json,natural dialects=${ref} tokenizer=gpt-4o order=cost prefer=x-evolved`);
    assert.deepEqual(receiver.refs, [ref]);
    assert.deepEqual(result.sent, [ref]);
    assert.equal(result.agreement.frontend, "x-evolved");
    assert.deepEqual(result.agreement.dialects, { "x-evolved": ref });
    assert.equal(result.choice.by, "cost");
    assert.deepEqual(
      result.choice.costs.map((c) => [c.frontend, c.tokens]),
      [
        ["x-evolved", 16.7],
        ["code", 23.33],
        ["json", 50.41],
      ],
    );

    let chars = { dialect: 0, code: 0 };
    for (const ir of STUDY) {
      const payload = compile(ir as never, result.agreement.frontend, { whitelist: "off", inlineMeta: true });
      const back = decode(payload, "x-evolved", { whitelist: "off" }).ir;
      const expected = decode(compile(ir as never, "json", { whitelist: "off", inlineMeta: true }), "json", { whitelist: "off" }).ir;
      assert.deepEqual(back, expected, payload);
      chars = { dialect: chars.dialect + payload.length, code: chars.code + compile(ir as never, "code", { whitelist: "off", inlineMeta: true }).length };
    }
    assert.equal(STUDY.length, 27);
    assert.ok(chars.dialect < chars.code, `x-evolved ${chars.dialect} characters, code ${chars.code}`);
  });

  test("a receiver that does not allow received dialects (the default) asks for nothing: code, in one round trip", async () => {
    const sender = new DialectHoldings();
    sender.hold(EVOLVED_DIALECT);
    const log: { line: string; answer: string; refused: SilpError[] }[] = [];
    const result = await negotiateDialects(wire(new DialectHoldings(), { ...BASE, tokenizer: "llama-2", order: "cost" }, log), BASE, sender);
    assert.equal(log.length, 1);
    assert.equal(result.agreement.frontend, "code");
    assert.deepEqual(result.sent, []);
  });

  test("a receiver that lists only some references takes those and no other", async () => {
    const other = parseDialectSpec({ ...EVOLVED_DIALECT, name: "x-other" });
    const sender = new DialectHoldings();
    const evolved = sender.hold(EVOLVED_DIALECT);
    const otherRef = sender.hold(other);
    const receiver = new DialectHoldings({ accept: [otherRef] });
    const result = await negotiateDialects(wire(receiver, BASE), BASE, sender);
    assert.deepEqual(receiver.refs, [otherRef]);
    assert.deepEqual(result.sent, [otherRef]);
    assert.equal(result.agreement.frontend, "x-other");
    assert.ok(!result.agreement.mutual.includes("x-evolved"), evolved);
  });

  test("a peer without the extension (no dialects, no want) negotiates as today", async () => {
    const sender = new DialectHoldings();
    sender.hold(EVOLVED_DIALECT);
    const oldReceiver = async (ping: Ping): Promise<Pong> => {
      // What a peer of the draft does: the new parameters are unknown to it and ignored.
      const line = formatProbe(ping).replace(/ (dialects|tokenizer|order)=\S+/g, "");
      const seen = parseProbeLine(line) as Ping;
      const mine = ["json", "code"];
      const prefer = mine.find((f) => seen.frontends.includes(f));
      return { kind: "pong", versions: ["v1"], frontends: mine, ...(prefer ? { prefer } : {}) };
    };
    const result = await negotiateDialects(oldReceiver, BASE, sender);
    assert.equal(result.agreement.frontend, "json");
    assert.equal(result.pongs.length, 1);
  });
});

describe("hostile offers: a typed error, and the negotiation falls back", () => {
  const ping = (spec: unknown, offer = dialectRef(EVOLVED_DIALECT)): Ping => ({
    kind: "ping",
    versions: ["v1"],
    frontends: [offer.split("@")[0] as string, "code"],
    dialects: [offer],
    specs: [spec],
  });
  const refusedWith = (answer: ReturnType<DialectHoldings["answer"]>, code: string, reason?: string): SilpError => {
    assert.equal(answer.refused.length, 1, answer.refused.map((e) => e.message).join("; "));
    const error = answer.refused[0] as SilpError;
    assert.ok(isSilpError(error, code as never), `${error.code}: ${error.message}`);
    if (reason !== undefined) assert.equal(error.details?.reason, reason);
    assert.equal(answer.pong.prefer, "code", "the negotiation goes on without the dialect");
    assert.deepEqual(answer.received, []);
    return error;
  };

  test("a spec whose hash is not the offer's: dialect_refused hash_mismatch", () => {
    const altered = { ...JSON.parse(JSON.stringify(EVOLVED_DIALECT)), genes: { ...EVOLVED_DIALECT.genes, negation: "no" } };
    const error = refusedWith(new DialectHoldings({ accept: "any" }).answer(ping(altered), BASE), "dialect_refused", "hash_mismatch");
    assert.equal(error.details?.ref, dialectRef(EVOLVED_DIALECT));
  });

  test("a huge spec (512 verbs x 32 names): limit_exceeded, before hashing or registering, in well under a second", () => {
    const names = Array.from({ length: 32 }, (_, i) => `argument_name_${i}`);
    const verbs = Array.from({ length: 512 }, (_, i) => `!V${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
    const huge = { ...JSON.parse(JSON.stringify(EVOLVED_DIALECT)), argument_order: Object.fromEntries(verbs.map((verb) => [verb, names])) };
    const receiver = new DialectHoldings({ accept: "any" });
    const started = performance.now();
    const error = refusedWith(receiver.answer(ping(huge), BASE), "limit_exceeded");
    const elapsed = performance.now() - started;
    assert.equal(error.details?.limit, MAX_DIALECT_SPEC_BYTES);
    assert.ok((error.details?.value as number) > 300_000);
    // A bound far above the linear work (about 16,000 names checked once), far below a grammar build (15 s).
    assert.ok(elapsed < 2000, `${elapsed} ms`);
    assert.deepEqual(receiver.refs, []);
  });

  test("a spec that is not a dialect file, or a 1 MB name: dialect_refused invalid, its message bounded", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    refusedWith(receiver.answer(ping({ silp_dialect: 1, name: "x-evolved", genes: {}, extra: true }), BASE), "dialect_refused", "invalid");
    const error = refusedWith(receiver.answer(ping({ silp_dialect: 1, name: `x-${"a".repeat(1_000_000)}`, genes: {} }), BASE), "dialect_refused", "invalid");
    assert.ok(error.message.length < 400, `${error.message.length} characters`);
  });

  test("a spec no offer names: dialect_refused not_offered", () => {
    const other = JSON.parse(JSON.stringify(parseDialectSpec({ ...EVOLVED_DIALECT, name: "x-other" })));
    refusedWith(new DialectHoldings({ accept: "any" }).answer(ping(other), BASE), "dialect_refused", "not_offered");
  });

  test("a spec the operator did not allow: dialect_refused policy", () => {
    refusedWith(
      new DialectHoldings({ accept: (ref) => ref.startsWith("x-mine@") }).answer(ping(JSON.parse(JSON.stringify(EVOLVED_DIALECT))), BASE),
      "dialect_refused",
      "policy",
    );
  });

  test("a dialect named like a built-in cannot be offered; one named like a registered non-dialect frontend is name_taken", () => {
    assert.throws(
      () => parseProbeLine(`//ping silp=v1 frontends=code dialects=code@sha256:${"a".repeat(64)}`),
      (e: unknown) => isSilpError(e, "invalid_syntax"),
    );
    refusedWith(
      new DialectHoldings({ accept: "any" }).answer(
        ping({ silp_dialect: 1, name: "code", genes: EVOLVED_DIALECT.genes }, `x-code@sha256:${"a".repeat(64)}`),
        BASE,
      ),
      "dialect_refused",
      "invalid",
    );
    registerFrontend({ name: "x-custom", lossless: false, description: "a test double of an operator's own frontend", compile: () => "custom" });
    const custom = parseDialectSpec({ ...EVOLVED_DIALECT, name: "x-custom" });
    const answer = new DialectHoldings({ accept: "any" }).answer(ping(JSON.parse(JSON.stringify(custom)), dialectRef(custom)), {
      ...BASE,
      frontends: ["code"],
    });
    refusedWith(answer, "dialect_refused", "name_taken");
    assert.equal(
      compile({ intent: "!STOP", entities: [], constraints: [], alternatives: [] } as never, "x-custom", { whitelist: "off" }),
      "custom",
      "the operator's frontend is untouched",
    );
  });

  test("a second spec under a name held with another hash: never asked for, and name_taken when sent anyway", () => {
    const receiver = new DialectHoldings({ accept: "any" });
    receiver.hold(EVOLVED_DIALECT);
    const rival = parseDialectSpec({ ...EVOLVED_DIALECT, genes: { ...EVOLVED_DIALECT.genes, else: "else" } });
    const unasked = receiver.answer({ kind: "ping", versions: ["v1"], frontends: ["x-evolved", "code"], dialects: [dialectRef(rival)] }, BASE);
    assert.equal(unasked.pong.want, undefined);
    assert.equal(unasked.pong.prefer, "code");
    const sent = receiver.answer(ping(JSON.parse(JSON.stringify(rival)), dialectRef(rival)), BASE);
    assert.equal(sent.refused[0]?.details?.reason, "name_taken");
    assert.deepEqual(receiver.refs, [dialectRef(EVOLVED_DIALECT)]);
  });

  test("past maxHeld: the one used longest ago is let go (no longer a frontend), and the new one is taken", () => {
    const receiver = new DialectHoldings({ accept: "any", maxHeld: 1 });
    const first = parseDialectSpec({ ...EVOLVED_DIALECT, name: "x-first" });
    const second = parseDialectSpec({ ...EVOLVED_DIALECT, name: "x-second" });
    assert.deepEqual(receiver.answer(ping(JSON.parse(JSON.stringify(first)), dialectRef(first)), BASE).received, [dialectRef(first)]);
    const answer = receiver.answer(ping(JSON.parse(JSON.stringify(second)), dialectRef(second)), BASE);
    assert.deepEqual([answer.received, answer.refused], [[dialectRef(second)], []]);
    assert.deepEqual(receiver.refs, [dialectRef(second)]);
    assert.throws(
      () => getFrontend("x-first"),
      (e: unknown) => isSilpError(e, "unsupported_frontend"),
    );
    assert.equal(getFrontend("x-second").decodes, true);
  });

  test("thousands of offers never reach the holdings: the probe refuses them first", () => {
    const offers = Array.from({ length: 5000 }, (_, i) => `x-d${i}@sha256:${"a".repeat(64)}`);
    assert.throws(
      () => parseProbeJson({ silp_ping: { silp: ["v1"], frontends: ["code"], dialects: offers } }),
      (e: unknown) => isSilpError(e, "limit_exceeded"),
    );
  });
});

describe("the shipped cost table", () => {
  test("prices x-evolved by its reference, and a spec of the same name with other content not at all", () => {
    const costOf = costOfTable(STUDY_COSTS);
    assert.equal(costOf("x-evolved", dialectRef(EVOLVED_DIALECT), "llama-2"), 20.41);
    const rival: DialectSpec = parseDialectSpec({ ...EVOLVED_DIALECT, genes: { ...EVOLVED_DIALECT.genes, else: "else" } });
    assert.equal(costOf("x-evolved", dialectRef(rival), "llama-2"), undefined);
    assert.equal(costOf("code", undefined, "constructor"), undefined);
    assert.equal(costOf("toString", undefined, "gpt-4o"), undefined);
  });
});
