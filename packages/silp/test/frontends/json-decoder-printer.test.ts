/**
 * The json frontend's decoder, fast path, printer and embedded-JSON depth check against
 * hand-written expected values: exact printed strings, exact IRs,
 * exact repairs and sanitizer hits, and every rejection pinned by code, offset and message.
 *
 * Internals, on purpose: the printer and the embedded-JSON parser are checked alone as well, so that
 * a printer change cannot be cancelled out by the decoder reading it back.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError, decode, type SilpIR } from "silp";
import { checkJsonDepth, parseEmbeddedJson } from "../../src/frontends/json-value.js";
import { printJson } from "../../src/frontends/json/printer.js";
import { ir, META, REQ, rejectsAs } from "./json-cases.js";

const META_JSON = `"meta":{"req_id":"${REQ}"}`;

function fullIr(intent: string, entities: SilpIR["entities"], extra: Partial<SilpIR> = {}): SilpIR {
  return { silp: "v1", version: "ir-v0.1", intent, entities, constraints: [], alternatives: [], meta: { ...META }, ...extra } as SilpIR;
}

const rejects = rejectsAs("first line");

describe("json decoder: syntax errors of the payload", () => {
  test("a comment is not JSON: strict mode rejects it at the comment with the parser's reason", () => {
    rejects(
      `{"intent":"!BOOK"/*c*/,${META_JSON}}`,
      { code: "invalid_syntax", offset: 17, message: "invalid JSON: invalid comment token", expected: ["a JSON object"] },
      { strict: true },
    );
  });

  test("a missing comma is rejected in strict mode at the next key, expecting a JSON object", () => {
    rejects(
      `{"intent":"!BOOK" "a":"b"}`,
      { code: "invalid_syntax", offset: 18, message: "invalid JSON: comma expected", expected: ["a JSON object"] },
      { strict: true },
    );
  });
  test("a payload of only white space is rejected where a value was expected, after the spaces", () => {
    rejects("   ", { code: "invalid_syntax", offset: 3, message: "invalid JSON: value expected", expected: ["a JSON object"] });
    rejects("", { code: "invalid_syntax", offset: 0, message: "invalid JSON: value expected", expected: ["a JSON object"] });
  });
});

describe("json decoder: lenient repairs are listed with their messages", () => {
  test("an intent without its ! is repaired and the repair names the intent", () => {
    const result = decode(`{"intent":"START","act":"hike",${META_JSON}}`, "json");
    assert.deepStrictEqual(result.ir, ir("!START", [{ id: "act", value: "hike", action: "!START" }]));
    assert.deepEqual(result.repairs, [{ kind: "intent_without_bang", offset: 10, message: 'the intent "START" has no !' }]);
  });

  test("numbers in a positional act list keep their source text, one repair each", () => {
    const result = decode(`{"intent":"!BOOK","act":[1,"b",2.50],${META_JSON}}`, "json");
    assert.deepStrictEqual(
      result.ir,
      ir("!BOOK", [
        { id: "act", value: "1", action: "!BOOK" },
        { id: "act", value: "b", action: "!BOOK" },
        { id: "act", value: "2.50", action: "!BOOK" },
      ]),
    );
    assert.deepEqual(result.repairs, [
      { kind: "number_as_string", offset: 25, message: '"act" should be a string, got number 1' },
      { kind: "number_as_string", offset: 31, message: '"act" should be a string, got number 2.50' },
    ]);
  });
});

describe("json decoder: secondary items without the sanitizer (fast path declines what it cannot carry)", () => {
  test("an item of an action_ key that names its own action is rejected, even with the sanitizer off", () => {
    rejects(
      `{"intent":"!BOOK","action_notify":[{"id":"a","value":"b","action":"!EMAIL"}]}`,
      {
        code: "decode_failed",
        offset: 35,
        message: 'items of "action_notify" take their action from the key',
      },
      { sanitize: false },
    );
  });

  test("a number item of an action_ key is repaired by the positioned decoder with the sanitizer off", () => {
    const result = decode(`{"intent":"!BOOK","action_notify":[5],${META_JSON}}`, "json", { sanitize: false });
    assert.deepStrictEqual(result.ir, ir("!BOOK", [{ id: "act", value: "5", action: "!NOTIFY" }]));
    assert.deepEqual(result.repairs, [{ kind: "number_as_string", offset: 35, message: '"action_notify" should be a string, got number 5' }]);
  });

  test("a null in the entities list is rejected as not an object with the sanitizer off", () => {
    rejects(`{"intent":"!BOOK","entities":[null]}`, { code: "decode_failed", offset: 30, message: "an entity must be a JSON object" }, { sanitize: false });
  });
});

describe("json decoder: sanitizer roles of keys inside objects", () => {
  test("a mixed-script key of an entity is flagged as a name, not as a verb", () => {
    // "vіa" with U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I at index 1; the key's quote is at 52, its "v" at 53.
    const result = decode(`{"intent":"!BOOK","entities":[{"id":"a","value":"b","v\u0456a":"x"}],${META_JSON}}`, "json");
    const hits = result.sanitizer.hits.map((hit) => ({ kind: hit.kind, role: hit.role, offset: hit.offset, action: hit.action }));
    assert.deepEqual(hits, [{ kind: "mixed_script", role: "name", offset: 53, action: "flagged" }]);
  });
});

describe("json printer: flat slots or the entities list, as exact strings", () => {
  test("a primary slot before the positional value still prints flat", () => {
    const printed = printJson(
      fullIr("!BOOK", [
        { id: "to", value: "Paris", action: "!BOOK" },
        { id: "act", value: "x", action: "!BOOK" },
      ]),
      undefined,
    );
    assert.equal(printed, '{"intent":"!BOOK","to":"Paris","act":"x"}');
  });

  test("a primary id starting with action_ cannot be a flat slot: the entities list is printed", () => {
    const printed = printJson(fullIr("!BOOK", [{ id: "action_x", value: "v", action: "!BOOK" }]), undefined);
    assert.equal(printed, '{"intent":"!BOOK","entities":[{"id":"action_x","value":"v"}]}');
  });

  test("a primary id __proto__ cannot be a flat slot (assigning it would set the prototype): the entities list is printed", () => {
    const printed = printJson(fullIr("!BOOK", [{ id: "__proto__", value: "v", action: "!BOOK" }]), undefined);
    assert.equal(printed, '{"intent":"!BOOK","entities":[{"id":"__proto__","value":"v"}]}');
  });

  test("a primary id ending in action_ is an ordinary flat slot", () => {
    const printed = printJson(fullIr("!BOOK", [{ id: "re_action_", value: "v", action: "!BOOK" }]), undefined);
    assert.equal(printed, '{"intent":"!BOOK","re_action_":"v"}');
  });

  test("a secondary entity with extra fields stays flat, as an object item of its action_ key", () => {
    const printed = printJson(
      fullIr("!BOOK", [
        { id: "act", value: "a", action: "!BOOK" },
        { id: "via", value: "sms", action: "!NOTIFY", x: 1 } as SilpIR["entities"][number],
        { id: "act", value: "me", action: "!NOTIFY" },
      ]),
      undefined,
    );
    assert.equal(printed, '{"intent":"!BOOK","act":"a","action_notify":[{"id":"via","value":"sms","x":1},"me"]}');
  });

  test("secondary ids may repeat and interleave positional ones without leaving the flat form", () => {
    const printed = printJson(
      fullIr("!BOOK", [
        { id: "act", value: "a", action: "!EMAIL" },
        { id: "to", value: "b", action: "!EMAIL" },
        { id: "act", value: "c", action: "!EMAIL" },
        { id: "to", value: "d", action: "!EMAIL" },
      ]),
      undefined,
    );
    assert.equal(printed, '{"intent":"!BOOK","action_email":["a",{"id":"to","value":"b"},"c",{"id":"to","value":"d"}]}');
  });

  test("inline meta writes a non-default silp and version before the meta", () => {
    const printed = printJson(fullIr("!BOOK", [], { silp: "v2", version: "ir-v0.2" }), { silp: "v2", version: "ir-v0.2", meta: { ...META } });
    assert.equal(printed, `{"intent":"!BOOK","silp":"v2","version":"ir-v0.2","meta":${JSON.stringify(META)}}`);
  });
});

describe("embedded JSON: the nesting limit counts depth, not the number of containers", () => {
  test("sibling arrays and objects at the limit are accepted", () => {
    assert.doesNotThrow(() => checkJsonDepth('{"a":[],"b":[],"c":{},"d":[]}', 2, "", 0));
    assert.deepEqual(parseEmbeddedJson("[[1],[2],[3],[4]]", 2, "", 0), [[1], [2], [3], [4]]);
  });

  test("one level deeper than the limit is a limit error at the opening bracket", () => {
    const source = "x=[[],[[]]]";
    assert.throws(
      () => checkJsonDepth(source.slice(2), 2, source, 2),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "limit_exceeded");
        assert.equal(error.offset, 7);
        return true;
      },
    );
  });
});
