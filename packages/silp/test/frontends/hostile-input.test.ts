/**
 * Untrusted text is the normal case: whatever a peer sends, decode either returns a
 * valid IR or throws a SilpError with a code — never another exception, never a hang — and a
 * truncated payload is never read as a silently shorter IR.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { compile, decode, SilpError, type DecodeResult } from "silp";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";

const OFF = { whitelist: "off" } as const;

const ACTION_CODE = /^![A-Z][A-Z_]*$/;

/**
 * What every successful decode must give, checked without the codec's validator: a v1 IR whose
 * verbs are action codes, whose entities, constraints and alternatives have their string fields,
 * whose repairs point into the text; and a fixed point: compiling it and decoding (strict) gives
 * it back whole (up to -0, which any JSON round trip makes 0).
 */
function assertWellFormed(result: DecodeResult, text: string, frontend: string): void {
  const { ir } = result;
  const where = JSON.stringify(text);
  assert.equal(ir.silp, "v1", where);
  assert.match(ir.intent, ACTION_CODE, where);
  for (const entity of ir.entities) {
    assert.equal(typeof entity.id, "string", where);
    assert.equal(typeof entity.value, "string", where);
    assert.match(entity.action as string, ACTION_CODE, where);
  }
  for (const constraint of ir.constraints) {
    assert.equal(typeof constraint.type, "string", where);
    assert.equal(typeof constraint.value, "string", where);
  }
  for (const alternative of ir.alternatives) assert.match(alternative.action, ACTION_CODE, where);
  assert.match(ir.meta.req_id, /^[a-f0-9]{4,8}$/, where);
  for (const repair of result.repairs) assert.ok(repair.offset >= 0 && repair.offset <= text.length, `${where}: repair offset ${repair.offset}`);
  const again = decode(compile(ir, frontend, { ...OFF, inlineMeta: true }), frontend, { ...OFF, strict: true });
  // Through JSON text: a number that reads as -0 (`-0`, `-1e-999`) comes back as 0 (docs/ir.md, normal form 6).
  assert.deepStrictEqual(again.ir, JSON.parse(JSON.stringify(ir)), `${where} does not survive a round trip`);
}

function decodeOrError(text: string, frontend: string) {
  try {
    const result = decode(text, frontend, OFF);
    assertWellFormed(result, text, frontend);
    return result;
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    assert.ok(error instanceof SilpError, `non-SilpError for ${JSON.stringify(text)}: ${String(error)}`);
    assert.ok(typeof error.code === "string" && error.code.length > 0);
    if (error.code === "invalid_syntax") assert.ok(error.line !== undefined && error.column !== undefined, "syntax errors carry a position");
    return undefined;
  }
}

for (const frontend of ["code", "json"]) {
  describe(`${frontend}: hostile input`, () => {
    test("random text decodes or fails with a SilpError", () => {
      const alphabet =
        frontend === "code" ? "if else and !()=,;:@[]`\"'\\<>#meta{}t+1 \n\u200b\u202eа" : '{}[]":,intent!ACT act_action 0123456789.-truefalsenull\\u \n';
      assertProperty(
        fc.property(fc.oneof(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 60 }), fc.string({ unit: "binary", maxLength: 40 })), (text) => {
          decodeOrError(text, frontend);
        }),
        { numRuns: propertyRuns(3000) },
      );
    });

    test("mutated valid payloads decode or fail with a SilpError", () => {
      assertProperty(
        fc.property(irArb, fc.nat(), fc.string({ maxLength: 3 }), fc.nat(), (ir, at, insert, removeCount) => {
          const payload = compile(ir, frontend, { ...OFF, inlineMeta: true });
          const cut = at % (payload.length + 1);
          decodeOrError(payload.slice(0, cut) + insert + payload.slice(cut + (removeCount % 3)), frontend);
        }),
        { numRuns: propertyRuns(2000) },
      );
    });

    test("a truncated payload is an error unless the cut leaves a complete canonical payload", () => {
      assertProperty(
        fc.property(irArb, fc.nat(), (ir, at) => {
          const payload = compile(ir, frontend, OFF);
          const cut = at % payload.length; // a strict prefix
          const prefix = payload.slice(0, cut);
          const result = decodeOrError(prefix, frontend);
          if (result) {
            // Only a prefix that is itself exactly a payload may decode (e.g. a cut between two calls),
            // or, in lenient mode, one cut right after a `;`: then the repair says so.
            const repaired = result.repairs.some((repair) => repair.kind === "trailing_semicolon");
            const expected = repaired ? prefix.trim().replace(/;$/, "") : prefix.trim();
            assert.equal(compile(result.ir, frontend, OFF), expected, `prefix ${JSON.stringify(prefix)} of ${JSON.stringify(payload)}`);
          }
        }),
        { numRuns: propertyRuns(2000) },
      );
    });
  });
}

test("deep nesting and huge input are limit errors, not stack overflows", () => {
  const deepCode = `cancel(x[k=\`${"[".repeat(100_000)}${"]".repeat(100_000)}\`])`;
  assert.throws(() => decode(deepCode, "code", OFF), { code: "limit_exceeded" });
  const deepJson = `{"intent":"!CANCEL","x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
  assert.throws(() => decode(deepJson, "json", OFF), { code: "limit_exceeded" });
  assert.throws(() => decode("x".repeat(3 * 1024 * 1024), "code", OFF), { code: "limit_exceeded" });
  assert.throws(() => decode("cancel(a)", "code", { ...OFF, limits: { maxInputLength: 4 } }), { code: "limit_exceeded" });
});

test("a long run of one character stays linear (no backtracking): 16x the input takes less than 64x the time", () => {
  // A quadratic decoder takes 256x as long on 16x the input; a linear one about 16x
  // (testkit/linear-time.ts; a 2 ms floor on the small run's time).
  const pieces = ["(", "a", '"', "`", "!", "```\n", "a,", "\\", "[", '{"a":'];
  for (const piece of pieces) {
    for (const frontend of ["code", "json"]) {
      assertLinearTime(`${frontend} ${JSON.stringify(piece)}`, (input) => decodeOrError(input, frontend), piece.repeat(12_500), piece.repeat(200_000), 2);
    }
  }
});

test("lists of 150K values decode: no push(...list) stack overflow (RangeError)", () => {
  // Found by the complexity benchmark: `{"intent":"!START","act":[0.0,1.0,…]}` of
  // 1 MB threw RangeError: Maximum call stack size exceeded at json/decoder.ts (flat.push(...))
  // once the decoder was optimized, and a 123K-value "action_email" list (490 KB) at
  // ir/normalize.ts (primary.push(...group)).
  const count = 150_000;
  const numbers = `{"intent":"!START","act":[${Array.from({ length: count }, (_, i) => `${i}.0`).join(",")}]}`;
  const secondary = `{"intent":"!START","act":"x","action_email":[${Array.from({ length: count }, () => '"a"').join(",")}]}`;
  const code = `start(x); email(${Array.from({ length: count }, () => "a").join(",")})`;
  for (let warm = 0; warm < 50; warm++) decode('{"intent":"!START","act":[1.0,2.0]}', "json", OFF); // let the JIT optimize
  assert.equal(decode(numbers, "json", OFF).ir.entities.length, count);
  assert.equal(decode(secondary, "json", OFF).ir.entities.length, count + 1);
  assert.equal(decode(code, "code", OFF).ir.entities.length, count + 1);
});
