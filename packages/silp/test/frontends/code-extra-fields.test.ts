/**
 * Extra fields `value[key=value,...]` of the code frontend. The grammar
 * (docs/grammar.md, `kw-arg`) gives an extra field no `@location` and no nested `[...]`; such
 * input used to be parsed recursively (a stack overflow at ~8000 levels) and its nested part
 * silently dropped. It must be invalid_syntax at the offending character, in both modes.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, decode } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const OFF = { whitelist: "off" } as const;

describe("code: extra fields are flat key=value pairs", () => {
  for (const strict of [true, false]) {
    const mode = strict ? "strict" : "lenient";

    test(`${mode}: a nested [...] inside an extra field is invalid_syntax at its "["`, () => {
      const payload = "start(a[k=b[j=c]])";
      const error = silpErrorOf(() => decode(payload, "code", { strict }));
      assert.equal(error.code, "invalid_syntax");
      assert.equal(error.offset, payload.indexOf("[", payload.indexOf("k=")));
      assert.equal(error.column, 12);
    });

    test(`${mode}: an @location inside an extra field is invalid_syntax at its "@"`, () => {
      const payload = "start(a[k=b@evil])";
      const error = silpErrorOf(() => decode(payload, "code", { strict }));
      assert.equal(error.code, "invalid_syntax");
      assert.equal(error.offset, payload.indexOf("@"));
    });
  }

  test("deep nesting fails fast with invalid_syntax, not a stack overflow", () => {
    for (const levels of [8_000, 200_000]) {
      const payload = `start(a${"[k=a".repeat(levels)}${"]".repeat(levels)})`;
      const error = silpErrorOf(() => decode(payload));
      assert.equal(error.code, "invalid_syntax");
      assert.equal(error.offset, 11, "the second [ is the first character that is not allowed");
    }
  });

  test("an extra field written key=value, quoted or as a JSON literal still decodes losslessly", () => {
    const result = decode('start(a[k="b[j=c]",at="b@evil",n=`[[1]]`])', "code", { strict: true });
    assert.deepEqual(result.ir.entities, [{ id: "act", value: "a", action: "!START", k: "b[j=c]", at: "b@evil", n: [[1]] }]);
    assert.deepEqual(result.repairs, []);
  });

  test("the compiler quotes such values, so what it prints always decodes back", () => {
    const ir = {
      silp: "v1",
      intent: "!START",
      entities: [{ id: "act", value: "a", action: "!START", k: "b[j=c]", at: "b@evil" }],
      meta: { req_id: "a1b2c3d4" },
    };
    const text = compile(ir, "code", OFF);
    assert.deepEqual(decode(text, "code", { ...OFF, strict: true }).ir.entities, ir.entities);
  });
});
