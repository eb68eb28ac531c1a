/**
 * The page's logic without a browser: what analyze() finds and where, the URL fragment, the
 * negotiation panel and the SILP stream tokenizer. Expected offsets and lines are worked out by
 * hand from docs/grammar.md, docs/errors.md, docs/security.md and docs/protocol.md.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { StringStream } from "@codemirror/language";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { analyze } from "../page/analyze.js";
import { decodeState, encodeState, MAX_FRAGMENT, type PageState } from "../page/fragment.js";
import { negotiate, parseList } from "../page/negotiation.js";
import { silpToken } from "../page/silp-language.js";

describe("analyze", () => {
  test("an IR in JSON gives every frontend's text and the envelope", () => {
    const result = analyze('{"intent": "!CANCEL", "entities": [{"id": "act", "value": "flight"}], "meta": {"req_id": "a1b2c3d4"}}', "ir");
    assert.deepEqual(result.findings, []);
    const texts = Object.fromEntries(result.outputs.map((output) => [output.frontend, output.text]));
    assert.equal(texts.code, "cancel(flight)");
    assert.equal(texts.json, '{"intent":"!CANCEL","act":"flight"}');
    assert.deepEqual(Object.keys(texts), ["code", "json", "natural", "nl_json"]);
    assert.equal(result.envelope?.silp_payload, "cancel(flight)");
    assert.equal(result.ir?.meta.req_id, "a1b2c3d4");
  });

  test("a JSON syntax error is placed at its offset", () => {
    // The comma after "!CANCEL" is missing: jsonc-parser reports CommaExpected at the next key.
    const text = '{"intent": "!CANCEL" "entities": []}';
    const [first] = analyze(text, "ir").findings;
    assert.equal(first?.source, "json");
    assert.equal(first?.code, "CommaExpected");
    assert.equal(first?.from, text.indexOf('"entities"'));
  });

  test("a validation issue marks the property its JSON Pointer names", () => {
    // docs/ir.md: !SWITCH_TOOL is excluded, the hint says !SWITCH (rule verb-whitelist).
    const text = '{\n  "intent": "!SWITCH_TOOL",\n  "meta": {"req_id": "a1b2c3d4"}\n}';
    const result = analyze(text, "ir");
    assert.equal(result.ir, undefined);
    const issue = result.findings.find((finding) => finding.code === "verb-whitelist");
    assert.ok(issue, JSON.stringify(result.findings));
    assert.equal(issue.from, text.indexOf('"intent"'));
    assert.equal(issue.to, text.indexOf('"!SWITCH_TOOL"') + '"!SWITCH_TOOL"'.length);
    assert.match(issue.message, /use !SWITCH/);
    assert.ok(result.outputs.every((output) => output.text === undefined));
  });

  test("a broken payload gets the codec's error at its offset", () => {
    const [finding, ...rest] = analyze("fetch(data); process(re", "code").findings;
    assert.deepEqual(rest, []);
    assert.deepEqual({ from: finding?.from, code: finding?.code, source: finding?.source }, { from: 23, code: "invalid_syntax", source: "silp" });
    assert.match(finding?.message ?? "", /\(expected "," or "\)"\)$/);
  });

  test("homoglyphs and invisible characters are found where they are; the IR is the normalised one", () => {
    const result = analyze("if !r\u0430in(t+1): start(hi\u200bke)", "code");
    const found = result.findings.map(({ from, to, code }) => ({ from, to, code }));
    assert.deepEqual(found, [
      { from: 4, to: 8, code: "homoglyph" },
      { from: 23, to: 24, code: "zero_width" },
    ]);
    assert.equal(result.outputs[0]?.text, "if !rain(t+1): start(hike)");
  });

  test("lenient repairs are reported as info findings at their offsets", () => {
    // docs/grammar.md: `else` without `:` (draft -00 example A.1) is repaired in lenient mode.
    const text = "if !rain(t+1): start(hike) else start(cards@indoor)";
    const result = analyze(text, "code");
    const repairs = result.findings.filter((finding) => finding.source === "repair");
    assert.deepEqual(
      repairs.map(({ code, severity }) => ({ code, severity })),
      [{ code: "else_without_colon", severity: "info" }],
    );
    const at = text.indexOf("else");
    assert.ok(repairs[0] && repairs[0].from >= at && repairs[0].from <= at + 5, `repair at ${repairs[0]?.from}`);
    assert.equal(result.outputs[0]?.text, "if !rain(t+1): start(hike) else: start(cards@indoor)");
  });
});

describe("the URL fragment", () => {
  const state: PageState = { mode: "code", text: "if !rain(t+1): start(hike) — 下雨 \u200b", sender: "code, json", receiver: "json", envelopeFrontend: "json" };

  test("a state survives the trip through a link", () => {
    const hash = encodeState(state);
    assert.match(hash, /^#s=[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeState(hash), state);
  });

  test("any state survives (property, seeded)", () => {
    const arbitrary = fc.record({
      mode: fc.constantFrom("ir" as const, "code" as const, "json" as const),
      text: fc.string({ unit: "grapheme", maxLength: 200 }),
      sender: fc.string(),
      receiver: fc.string(),
      envelopeFrontend: fc.constantFrom("code", "json"),
    });
    assertProperty(
      fc.property(arbitrary, (value) => {
        assert.deepEqual(decodeState(encodeState(value)), { ...value });
      }),
      { numRuns: 300 },
    );
  });

  test("a fragment that is not a state is ignored, never half-read", () => {
    const encode = (value: unknown) => `#s=${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    for (const hash of [
      "",
      "#",
      "#s=",
      "#s=!!!",
      "#x=abc",
      encode([1]),
      encode({ ...state, mode: "natural" }),
      encode({ ...state, text: 5 }),
      `#s=${"A".repeat(MAX_FRAGMENT)}`,
    ]) {
      assert.equal(decodeState(hash), undefined, hash.slice(0, 40));
    }
    // Invalid UTF-8 (a lone 0xFF byte) is refused rather than turned into U+FFFD.
    assert.equal(decodeState(`#s=${Buffer.from([0x7b, 0xff, 0x7d]).toString("base64url")}`), undefined);
  });
});

describe("negotiation panel", () => {
  test("the receiver's priority wins and the chain follows the agreed frontend", () => {
    // docs/protocol.md: B's list, in B's order, first entry A also speaks; the chain is
    // DEGRADATION_CHAIN (code -> json -> natural) from there, kept to the mutual frontends.
    assert.deepEqual(negotiate("code, json, natural", "json natural"), {
      ping: "//ping silp=v1 frontends=code,json,natural",
      pong: "//pong silp=v1 frontends=json,natural prefer=json",
      frontend: "json",
      mutual: ["json", "natural"],
      chain: ["json", "natural"],
      skipped: [],
    });
  });

  test("no common frontend is an error line, the probes are still shown", () => {
    const view = negotiate("code", "natural");
    assert.equal(view.ping, "//ping silp=v1 frontends=code");
    assert.equal(view.pong, "//pong silp=v1 frontends=natural");
    assert.match(view.error ?? "", /^\w+: /);
    assert.equal(view.frontend, undefined);
  });

  test("a bad name is reported with its SILP code, not thrown", () => {
    assert.match(negotiate("code, Bad Name!", "code").error ?? "", /^[a-z_]+: /);
    assert.deepEqual(parseList(" code,json  natural ,"), ["code", "json", "natural"]);
  });
});

describe("SILP highlighting (stream parser)", () => {
  const tokens = (line: string) => {
    const state = { inMeta: false };
    const stream = new StringStream(line, 4, 2);
    const out: [string, string | null][] = [];
    while (!stream.eol()) {
      stream.start = stream.pos;
      const style = silpToken(stream, state);
      if (stream.pos === stream.start) throw new Error(`no progress at ${stream.pos}`);
      const text = line.slice(stream.start, stream.pos);
      if (text.trim() !== "") out.push([text, style]);
    }
    return out;
  };

  test("the Appendix A.1 payload", () => {
    assert.deepEqual(tokens("if !rain(t+1): start(hike) else: start(cards@indoor)"), [
      ["if", "keyword"],
      ["!", "negation"],
      ["rain", "verb"],
      ["(", "bracket"],
      ["t+1", "time"],
      [")", "bracket"],
      [":", "punctuation"],
      ["start", "verb"],
      ["(", "bracket"],
      ["hike", "value"],
      [")", "bracket"],
      ["else", "keyword"],
      [":", "punctuation"],
      ["start", "verb"],
      ["(", "bracket"],
      ["cards", "value"],
      ["@", "at"],
      ["indoor", "value"],
      [")", "bracket"],
    ]);
  });

  test("keyword arguments, quoted values, operators, json literals and an earlier version's #meta JSON", () => {
    assert.deepEqual(tokens('email("Li, Wei"[lang=zh]) and price>=500 budget(w=`0.5`) #meta {"meta":{"priority":2}}'), [
      ["email", "verb"],
      ["(", "bracket"],
      ['"Li, Wei"', "string"],
      ["[", "bracket"],
      ["lang", "key"],
      ["=", "punctuation"],
      ["zh", "value"],
      ["]", "bracket"],
      [")", "bracket"],
      ["and", "keyword"],
      ["price", "value"],
      [">=", "operator"],
      ["500", "value"],
      ["budget", "verb"],
      ["(", "bracket"],
      ["w", "key"],
      ["=", "punctuation"],
      ["`0.5`", "literal"],
      [")", "bracket"],
      ["#meta", "keyword"],
      ["{", "meta"],
      ['"meta"', "string"],
      [":", "meta"],
      ["{", "meta"],
      ['"priority"', "string"],
      [":", "meta"],
      ["2", "number"],
      ["}", "meta"],
      ["}", "meta"],
    ]);
  });

  test("the meta trailer #{...}: letter-number items, keys, values, lists and json literals", () => {
    assert.deepEqual(tokens('start(hike) #{p2 c.75 sid=a1 seq=[!START,"x y"] trace=`{"hop":3}`}'), [
      ["start", "verb"],
      ["(", "bracket"],
      ["hike", "value"],
      [")", "bracket"],
      ["#{", "keyword"],
      ["p2", "number"],
      ["c.75", "number"],
      ["sid", "key"],
      ["=", "punctuation"],
      ["a1", "value"],
      ["seq", "key"],
      ["=", "punctuation"],
      ["[", "bracket"],
      ["!", "punctuation"],
      ["START", "value"],
      [",", "punctuation"],
      ['"x y"', "string"],
      ["]", "bracket"],
      ["trace", "key"],
      ["=", "punctuation"],
      ['`{"hop":3}`', "literal"],
      ["}", "keyword"],
    ]);
  });

  test("an unterminated string runs to the end of the line; every character makes progress", () => {
    assert.deepEqual(tokens('cancel("fli'), [
      ["cancel", "verb"],
      ["(", "bracket"],
      ['"fli', "string"],
    ]);
    assert.doesNotThrow(() => tokens("\u0000 {} ' \\ ` \u200b 🙂 ===!"));
  });
});
