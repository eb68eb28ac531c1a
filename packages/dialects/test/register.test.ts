/**
 * A registered dialect is a frontend like any other: compile, decode (strict and lenient),
 * the envelope, streaming's final result, listFrontends, and //ping negotiation with its x- name.
 * Expected payloads are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { CODE_DIALECT, type DialectSpec, parseDialectSpec, registerDialect } from "@silp/dialects";
import { compile, createDecoder, decode, fromEnvelope, listFrontends, toEnvelope } from "silp";
import { acceptPong, answerPing, createPing, formatProbe, parseProbeLine, readPing } from "silp/negotiation";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const PLAIN: DialectSpec = parseDialectSpec({
  silp_dialect: 1,
  name: "x-plain",
  genes: { ...CODE_DIALECT.genes, call: "spaces", else: "otherwise", location: "at", negation: "not", actions: "and" },
});
registerDialect(PLAIN);

/** Appendix A.1 of the draft, and its payload in x-plain (written by hand). */
const A1 = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: "a1b2c3d4" },
};
const A1_PLAIN = "if not rain t+1: start hike otherwise start cards at indoor";

describe("registerDialect", () => {
  test("lists the frontend as lossless and decoding", () => {
    const info = listFrontends().find((frontend) => frontend.name === "x-plain");
    assert.ok(info);
    assert.equal(info.lossless, true);
    assert.equal(info.decodes, true);
    assert.equal(info.async, false);
    assert.match(info.description, /call=spaces/);
  });

  test("compile and decode (strict and lenient) with the x- name", () => {
    assert.equal(compile(A1, "x-plain"), A1_PLAIN);
    for (const strict of [true, false]) {
      const result = decode(A1_PLAIN, "x-plain", { strict });
      assert.equal(result.frontend, "x-plain");
      assert.deepEqual(result.ir.constraints, A1.constraints);
      assert.deepEqual(result.ir.alternatives, A1.alternatives);
      assert.equal(result.reqIdDerived, true);
      assert.deepEqual(result.repairs, []);
    }
  });

  test("decode derives the req_id from the dialect payload, as it does for code", () => {
    const ir = decode(A1_PLAIN, "x-plain").ir;
    const again = decode(A1_PLAIN, "x-plain").ir;
    assert.equal(ir.meta.req_id, again.meta.req_id);
    assert.notEqual(ir.meta.req_id, decode(compile(A1, "code"), "code").ir.meta.req_id);
  });

  test("meta that must travel goes inline, and a trailer forced by inlineMeta: true is accepted", () => {
    const withMeta = { ...A1, meta: { req_id: "a1b2c3d4", priority: 2 } };
    const payload = compile(withMeta, "x-plain");
    assert.equal(payload, `${A1_PLAIN} #{p2}`);
    assert.deepEqual({ ...decode(payload, "x-plain").ir.meta, req_id: "" }, { req_id: "", priority: 2, confidence: 1, seq: [], out: "natural" });
    // A payload of an earlier version, with the whole meta as JSON, still decodes.
    const earlier = `${A1_PLAIN} #meta {"meta":{"req_id":"a1b2c3d4","priority":2,"confidence":1,"seq":[],"out":"natural"}}`;
    assert.deepEqual(decode(earlier, "x-plain").ir.meta, { req_id: "a1b2c3d4", priority: 2, confidence: 1, seq: [], out: "natural" });
    const forced = compile(A1, "x-plain", { inlineMeta: true });
    assert.equal(decode(forced, "x-plain", { strict: true }).ir.meta.req_id, "a1b2c3d4");
  });

  test("the decoder stays strict in lenient mode: the code frontend's repairs do not apply", () => {
    for (const text of [`${A1_PLAIN};`, A1_PLAIN.replace("hike", '"hike"'), A1_PLAIN.replace(" at ", "@"), A1_PLAIN.replace("start hike", "START hike")]) {
      assert.equal(silpErrorOf(() => decode(text, "x-plain", { strict: false })).code, "invalid_syntax", text);
    }
  });

  test("lenient decode cuts blanks around a payload line it finds and reports them as a whitespace repair", () => {
    // A dialect whose calls keep parentheses: lenient extraction finds its payload on a line.
    registerDialect(parseDialectSpec({ silp_dialect: 1, name: "x-bars", genes: { ...CODE_DIALECT.genes, else: "|", and: "&" } }));
    const payload = "if !rain(t+1): start(hike) | start(cards@indoor)";
    assert.equal(compile(A1, "x-bars"), payload);
    for (const [text, offset] of [
      [`${payload} `, payload.length],
      [`\n ${payload}`, 0],
      [`${payload}\n`, payload.length],
    ] as const) {
      const result = decode(text, "x-bars", { strict: false });
      assert.deepEqual(result.ir.alternatives, A1.alternatives, JSON.stringify(text));
      assert.deepEqual(
        result.repairs.map((repair) => [repair.kind, repair.offset]),
        [["whitespace", offset]],
        JSON.stringify(text),
      );
      assert.equal(silpErrorOf(() => decode(text, "x-bars", { strict: true })).code, "invalid_syntax");
    }
  });

  test("the caller's options apply: the verb whitelist, extra verbs", () => {
    const ir = { intent: "!FROBNICATE", entities: [{ id: "act", value: "x" }], meta: { req_id: "a1b2c3d4" } };
    assert.equal(silpErrorOf(() => compile(ir, "x-plain")).code, silpErrorOf(() => compile(ir, "code")).code);
    const options = { whitelist: { mode: "strict", extra: ["!FROBNICATE"] } } as const;
    assert.equal(compile(ir, "x-plain", options), "frobnicate x");
    assert.equal(decode("frobnicate x", "x-plain", options).ir.intent, "!FROBNICATE");
    assert.ok(silpErrorOf(() => decode("frobnicate x", "x-plain")));
  });

  test("the envelope carries the dialect's name and payload", () => {
    const envelope = toEnvelope(A1, "x-plain");
    assert.equal(envelope.silp_encoding, "x-plain");
    assert.equal(envelope.silp_payload, A1_PLAIN);
    assert.deepEqual(fromEnvelope(envelope).ir.alternatives, A1.alternatives);
  });

  test("a stream decoder gives the final result", () => {
    const decoder = createDecoder("x-plain");
    for (const chunk of A1_PLAIN.match(/.{1,7}/gs) ?? []) decoder.push(chunk);
    assert.deepEqual(decoder.end().ir.constraints, A1.constraints);
  });

  test("//ping negotiation: an x- name is a frontend name, and the receiver's priority picks it", () => {
    const line = formatProbe(createPing({ versions: ["v1"], frontends: ["x-plain", "code"] }));
    assert.equal(line, "//ping silp=v1 frontends=x-plain,code");
    const ping = readPing(line);
    assert.deepEqual(parseProbeLine(line), ping);
    const { pong, agreement } = answerPing(ping, { versions: ["v1"], frontends: ["x-plain", "json", "code"] });
    assert.equal(agreement?.frontend, "x-plain");
    assert.equal(formatProbe(pong), "//pong silp=v1 frontends=x-plain,json,code prefer=x-plain");
    assert.equal(acceptPong(ping, pong).frontend, "x-plain");
    // The agreed name is what both sides compile and decode with.
    assert.deepEqual(decode(compile(A1, acceptPong(ping, pong).frontend), "x-plain").ir.entities, decode(compile(A1, "code"), "code").ir.entities);
  });

  test("re-registering a name replaces the dialect", () => {
    registerDialect({ ...PLAIN, name: "x-other" });
    registerDialect({ ...PLAIN, name: "x-other", genes: { ...PLAIN.genes, location: "@" } });
    assert.equal(compile(A1, "x-other"), "if not rain t+1: start hike otherwise start cards@indoor");
  });

  test("an invalid spec is refused before anything is registered", () => {
    const error = silpErrorOf(() => registerDialect({ ...PLAIN, name: "code" }));
    assert.equal(error.code, "invalid_options");
    assert.equal(compile(A1, "code"), "if !rain(t+1): start(hike) else: start(cards@indoor)");
  });
});
