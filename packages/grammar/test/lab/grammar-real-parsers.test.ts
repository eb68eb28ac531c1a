/**
 * The grammar, checked both ways against real parsers (docs/models.md, "Grammar check"):
 * (a) every payload compile() prints is accepted by Lark (python3-lark), by llama.cpp's GBNF
 *     engine (node-llama-cpp) and by XGrammar (@mlc-ai/web-xgrammar) reading the same GBNF;
 * (b) every text derived at random from the grammar decodes in strict mode, and the real
 *     parsers accept it too (the exporters print the grammar they were given).
 * Seeds come from SILP_GRAMMAR_SEED (default fixed) and are printed on failure.
 */
import assert from "node:assert/strict";
import { beforeAll, describe, it } from "vitest";
import { codeGrammar, toGbnf, toLark } from "@silp/grammar";
import { APPROVED_VERBS, compile, decode, SilpError } from "silp";
import { gbnfMatcher, larkMissing, larkVerdicts, xgrammarMatcher } from "./real-parsers.js";
import { compiledPayloads, derivedTexts } from "../samples.js";

const SEED = Number(process.env.SILP_GRAMMAR_SEED ?? 20261130);
// The suite checks 1,000 and 300 (Lark's Earley parser takes ~75 ms a payload); docs/models.md records the 10,000 run.
const COMPILED = Number(process.env.SILP_GRAMMAR_PAYLOADS ?? 1_000);
const DERIVED = Number(process.env.SILP_GRAMMAR_DERIVED ?? 300);
const approved = APPROVED_VERBS.map((verb) => verb.code);

function assertAllAccepted(label: string, texts: readonly string[], accepted: readonly boolean[], errors: readonly string[] = []): void {
  const rejected = texts.map((text, index) => ({ text, index })).filter(({ index }) => !accepted[index]);
  assert.deepEqual(
    rejected.slice(0, 5).map(({ text, index }) => ({ text, error: errors[index] })),
    [],
    `${label}: ${rejected.length} of ${texts.length} rejected (seed ${SEED})`,
  );
}

const larkSkip = larkMissing();

describe("the code grammar against real parsers", () => {
  const grammar = codeGrammar();
  const lark = toLark(grammar);
  const gbnf = toGbnf(grammar);
  let payloads: string[] = [];
  let gbnfAccepts: (text: string) => boolean;
  let xgrammarAccepts: (text: string) => boolean;

  beforeAll(async () => {
    payloads = compiledPayloads(approved, COMPILED, SEED);
    gbnfAccepts = await gbnfMatcher(gbnf);
    xgrammarAccepts = await xgrammarMatcher(toGbnf(grammar, { engine: "xgrammar" }));
  });

  it(`(a) Lark accepts every payload compile() prints for ${COMPILED} generated IRs`, { skip: Boolean(larkSkip) }, async () => {
    const verdicts = await larkVerdicts(lark, payloads);
    assertAllAccepted(
      "Lark",
      payloads,
      verdicts.map((verdict) => verdict.ok),
      verdicts.map((verdict) => verdict.error),
    );
    console.log(`# grammar check (a) Lark: ${verdicts.filter((verdict) => verdict.ok).length}/${payloads.length} compiled payloads accepted`);
  });

  it(`(a) llama.cpp's GBNF engine accepts every payload compile() prints for ${COMPILED} generated IRs`, () => {
    const accepted = payloads.map((payload) => gbnfAccepts(payload));
    assertAllAccepted("GBNF", payloads, accepted);
    console.log(`# grammar check (a) GBNF: ${accepted.filter(Boolean).length}/${payloads.length} compiled payloads accepted`);
  });

  it(`(a) XGrammar accepts every payload compile() prints for ${COMPILED} generated IRs`, () => {
    const accepted = payloads.map((payload) => xgrammarAccepts(payload));
    assertAllAccepted("XGrammar", payloads, accepted);
    console.log(`# grammar check (a) XGrammar: ${accepted.filter(Boolean).length}/${payloads.length} compiled payloads accepted`);
  });

  it(`(b) ${DERIVED} texts derived from the grammar decode in strict mode, and the real parsers accept them`, { skip: Boolean(larkSkip) }, async () => {
    const texts = derivedTexts(approved, DERIVED, SEED, (text) => {
      decode(text, "code", { strict: true });
    });
    const gbnfAccepted = texts.map((text) => gbnfAccepts(text));
    assertAllAccepted("GBNF on derived texts", texts, gbnfAccepted);
    const xgrammarAccepted = texts.map((text) => xgrammarAccepts(text));
    assertAllAccepted("XGrammar on derived texts", texts, xgrammarAccepted);
    const verdicts = await larkVerdicts(lark, texts);
    assertAllAccepted(
      "Lark on derived texts",
      texts,
      verdicts.map((verdict) => verdict.ok),
      verdicts.map((verdict) => verdict.error),
    );
    console.log(
      `# grammar check (b): ${texts.length} derived texts decoded strictly; GBNF ${gbnfAccepted.filter(Boolean).length}, XGrammar ${xgrammarAccepted.filter(Boolean).length}, Lark ${verdicts.filter((v) => v.ok).length} accepted`,
    );
  });

  it("the real parsers reject what the strict decoder rejects: model habits, unknown verbs, non-canonical spacing", { skip: Boolean(larkSkip) }, async () => {
    // Hand-written: each is an error for decode(..., {strict: true}) (checked first, as the oracle).
    const bad = [
      "start(hike);",
      "START(hike)",
      "!START(hike)",
      "start('hike')",
      "refund(order_17)",
      "start(hike) ",
      " start(hike)",
      "start( hike)",
      "start(a, b)",
      "if !rain(t+1) : start(hike)",
      "if !rain(t+1): start(hike) else start(cards)",
      "if a>b then start(x)",
      "start(hike); email()",
      "start(x); start(y)",
      "start(a[k=b[j=c]])",
      "if !rain(t+1,time=x): start(hike)",
      'start() #meta {"meta":{"req_id":"xyz"}}',
      "start(hike) #{}",
      "start(hike) #{p1",
      "start(hike) #{priority=2}",
      "start(hike) #{p1  c.5}",
      "start(hike) #{c2}",
      "start(hike) #{seq=a}",
      "start(hike) #{sid=[a]}",
      "start(hike) #{p1} ",
      "start(hike) #{id=xyz}",
    ];
    for (const text of bad) assert.throws(() => decode(text, "code", { strict: true }), Error, `the strict decoder accepts ${text}`);
    const verdicts = await larkVerdicts(lark, bad);
    assert.deepEqual(
      bad.filter((_, index) => verdicts[index]?.ok),
      [],
      "Lark accepted text the strict decoder rejects",
    );
    assert.deepEqual(
      bad.filter((text) => gbnfAccepts(text)),
      [],
      "GBNF accepted text the strict decoder rejects",
    );
    assert.deepEqual(
      bad.filter((text) => xgrammarAccepts(text)),
      [],
      "XGrammar accepted text the strict decoder rejects",
    );
  });

  it("XGrammar needs its own printing of classes past ASCII: the plain GBNF lets ASCII punctuation into values there", async () => {
    const plain = await xgrammarMatcher(gbnf);
    const leaks = ["start(a, b)", "start('hike')", "start(x); start(y)", "start(if)"];
    for (const text of leaks) assert.throws(() => decode(text, "code", { strict: true }), Error, text);
    // The oracle: llama.cpp refuses them all on the same GBNF; XGrammar on it takes every one, on the xgrammar form none.
    assert.deepEqual(leaks.map(gbnfAccepts), [false, false, false, false]);
    assert.deepEqual(leaks.map(plain), [true, true, true, true]);
    assert.deepEqual(leaks.map(xgrammarAccepts), [false, false, false, false]);
  });

  it("past ASCII the xgrammar form is wider than the grammar: letters of any script pass, and so does any other character", () => {
    const letters = ["start(héllo)", 'email("李雷, 韩梅梅")', "start(Ωmega)", "book(\u{1D400}x)"];
    for (const text of letters) decode(text, "code", { strict: true });
    assert.deepEqual(
      letters.map(xgrammarAccepts),
      letters.map(() => true),
    );
    assert.deepEqual(
      letters.map(gbnfAccepts),
      letters.map(() => true),
    );
    // Not letters, marks or digits: the strict decoder and llama.cpp refuse them in a bare value; XGrammar's form lets them through.
    const others = ["start(a\u00a0b)", "start(a\u2022b)", "start(\u00d7)"];
    for (const text of others) assert.throws(() => decode(text, "code", { strict: true }), Error, text);
    assert.deepEqual(others.map(gbnfAccepts), [false, false, false]);
    assert.deepEqual(others.map(xgrammarAccepts), [true, true, true]);
  });

  it("a bare keyword value is only accepted quoted, by the grammar as by the strict decoder (docs/grammar.md)", { skip: Boolean(larkSkip) }, async () => {
    assert.throws(
      () => decode("start(if)", "code", { strict: true }),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax",
    );
    assert.equal(decode('start("if")', "code", { strict: true }).ir.entities[0]?.value, "if");
    assert.equal(compile({ intent: "!START", entities: [{ id: "act", value: "if" }], meta: { req_id: "abcd" } }, "code"), 'start("if")');
    const verdicts = await larkVerdicts(lark, ["start(if)", 'start("if")']);
    assert.deepEqual(
      verdicts.map((verdict) => verdict.ok),
      [false, true],
    );
    assert.deepEqual([gbnfAccepts("start(if)"), gbnfAccepts('start("if")')], [false, true]);
    assert.deepEqual([xgrammarAccepts("start(if)"), xgrammarAccepts('start("if")')], [false, true]);
  });

  it("the real parsers accept the spec's example payloads", { skip: Boolean(larkSkip) }, async () => {
    const good = [
      "if !rain(t+1): start(hike) else: start(cards@indoor)",
      "if loc(me,Beijing,t+1am): cancel(flight); email(zhangsan)",
      "fetch(data); process(result)",
      "if price<=500: book(hotel)",
      'email("Li, Wei")',
      "start(hike) #{p2 c.75}",
      'cancel(flight) #{sid=a1 seq=[!CANCEL,"x y"] next=b}',
    ];
    for (const text of good) decode(text, "code", { strict: true });
    const verdicts = await larkVerdicts(lark, good);
    assert.deepEqual(
      verdicts.map((verdict) => verdict.error),
      good.map(() => ""),
    );
    assert.deepEqual(
      good.map((text) => gbnfAccepts(text)),
      good.map(() => true),
    );
    assert.deepEqual(
      good.map((text) => xgrammarAccepts(text)),
      good.map(() => true),
    );
  });
});

describe("a grammar for another verb set", () => {
  const verbs = ["!REFUND", "!START", "!A_B"];
  const grammar = codeGrammar({ verbs });

  it("bakes exactly the verbs in force in: their payloads pass, the spec's other verbs do not", { skip: Boolean(larkSkip) }, async () => {
    const payloads = compiledPayloads(verbs, 300, SEED + 1, { whitelist: "off" });
    const gbnfAccepts = await gbnfMatcher(toGbnf(grammar));
    const xgrammarAccepts = await xgrammarMatcher(toGbnf(grammar, { engine: "xgrammar" }));
    assertAllAccepted(
      "GBNF",
      payloads,
      payloads.map((payload) => gbnfAccepts(payload)),
    );
    assertAllAccepted(
      "XGrammar",
      payloads,
      payloads.map((payload) => xgrammarAccepts(payload)),
    );
    const verdicts = await larkVerdicts(toLark(grammar), [...payloads, "cancel(x)", "refund(x); cancel(y)", "refund(x)"]);
    assert.deepEqual(
      verdicts.slice(0, payloads.length).filter((verdict) => !verdict.ok),
      [],
    );
    assert.deepEqual(
      verdicts.slice(payloads.length).map((verdict) => verdict.ok),
      [false, false, true],
    );
    assert.equal(gbnfAccepts("cancel(x)"), false);
    assert.equal(gbnfAccepts("a_b(x) else: refund()"), true);
    assert.deepEqual(["cancel(x)", "refund(x); cancel(y)", "refund(x)", "a_b(x) else: refund()"].map(xgrammarAccepts), [false, false, true, true]);
  });

  it("derived texts use only those verbs and decode strictly with the whitelist off", () => {
    const used = new Set<string>();
    derivedTexts(verbs, 300, SEED + 2, (text) => {
      const ir = decode(text, "code", { strict: true, whitelist: "off" }).ir;
      for (const code of [ir.intent, ...ir.entities.map((entity) => entity.action ?? ir.intent), ...ir.alternatives.map((alternative) => alternative.action)])
        used.add(code);
    });
    assert.deepEqual(
      [...used].filter((code) => !verbs.includes(code)),
      [],
    );
    assert.deepEqual([...used].sort(), [...verbs].sort());
  });
});
