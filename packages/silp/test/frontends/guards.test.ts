/**
 * Each test fails when its guard in the decoder is removed. Expected values
 * are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { decode } from "silp";

const OFF = { whitelist: "off" } as const;

describe("decoder guards", () => {
  test("type= in a constraint call is decode_failed: it would silently rename the constraint", () => {
    for (const strict of [true, false]) {
      const error = silpErrorOf(() => decode("if price(type=cost,value=5): book(x)", "code", { ...OFF, strict }));
      assert.deepEqual([error.code, error.offset], ["decode_failed", 9]);
      assert.match(error.message, /"type" is the constraint name/);
    }
  });

  test("a repeated primary call is merged in lenient mode, reported at the repeated call, and rejected in strict mode", () => {
    const result = decode("cancel(a); email(b); cancel(k=c)", "code", OFF);
    assert.deepEqual(
      result.repairs.map((repair) => [repair.kind, repair.offset]),
      [["merged_primary_call", 21]],
    );
    assert.deepEqual(result.ir.entities, [
      { id: "act", value: "a", action: "!CANCEL" },
      { id: "k", value: "c", action: "!CANCEL" },
      { id: "act", value: "b", action: "!EMAIL" },
    ]);
    const strict = silpErrorOf(() => decode("cancel(a); email(b); cancel(k=c)", "code", { ...OFF, strict: true }));
    assert.deepEqual([strict.code, strict.offset], ["invalid_syntax", 21]);
    // An empty repeated primary call is merged too (it adds nothing), never decode_failed.
    assert.deepEqual(decode("cancel(a); cancel()", "code", OFF).ir.entities, [{ id: "act", value: "a", action: "!CANCEL" }]);
  });

  test("the #meta trailer must be an object with a meta object and no other field than meta, silp, version", () => {
    const rows: [string, RegExp][] = [
      ['cancel(a) #meta {"meta":[1]}', /needs a "meta" object/],
      ['cancel(a) #meta {"meta":"x"}', /needs a "meta" object/],
      ['cancel(a) #meta {"meta":null}', /needs a "meta" object/],
      ['cancel(a) #meta {"silp":"v1"}', /needs a "meta" object/],
      ["cancel(a) #meta [1]", /must be followed by a JSON object/],
      ['cancel(a) #meta "x"', /must be followed by a JSON object/],
      ['cancel(a) #meta {"meta":{"req_id":"a1b2c3d4"},"x":1}', /unknown field "x" in #meta/],
    ];
    for (const [payload, message] of rows) {
      const error = silpErrorOf(() => decode(payload, "code", OFF));
      assert.deepEqual([error.code, error.offset], ["decode_failed", 16], payload);
      assert.match(error.message, message, payload);
    }
  });

  test("a second positional argument in an else-branch call is decode_failed, naming the rule", () => {
    for (const payload of ["cancel(a) else: start(x,y)", "cancel(a) else: start(x@l,y)"]) {
      const error = silpErrorOf(() => decode(payload, "code", OFF));
      assert.equal(error.code, "decode_failed");
      assert.equal(error.offset, payload.lastIndexOf("y"));
      assert.match(error.message, /takes one positional argument/);
    }
    // A keyword target and a positional one are a field given twice, not two positionals.
    const twice = silpErrorOf(() => decode("cancel(a) else: start(target=x,y)", "code", OFF));
    assert.deepEqual([twice.code, twice.offset], ["decode_failed", 31]);
    assert.match(twice.message, /given twice/);
  });

  describe("the sanitizer's value hook sees extra-field strings", () => {
    const rows: [string, string, number][] = [
      ["entity extra", "cancel(a[k=pаypal])", 11],
      ["constraint extra", "if x(y,k=pаypal): cancel(a)", 9],
      ["alternative extra", "cancel(a) else: start(x,k=pаypal)", 26],
      ["quoted entity extra (the hit points at the word, inside the quotes)", 'cancel(a[k="pаypal"])', 12],
    ];
    for (const [where, payload, offset] of rows) {
      test(`${where}: one mixed_script hit at ${offset}, value kept byte for byte`, () => {
        const result = decode(payload, "code", OFF);
        assert.deepEqual(
          result.sanitizer.hits.map((hit) => [hit.kind, hit.role, hit.offset, hit.text]),
          [["mixed_script", "value", offset, "pаypal"]],
        );
        assert.ok(JSON.stringify(result.ir).includes("pаypal"));
      });
    }
    test("json: an extra field's string is flagged like the code frontend's", () => {
      const payload = '{"intent":"!CANCEL","entities":[{"id":"act","value":"a","k":"pаypal"}]}';
      const result = decode(payload, "json", OFF);
      assert.deepEqual(
        result.sanitizer.hits.map((hit) => [hit.kind, hit.role, hit.offset, hit.text]),
        [["mixed_script", "value", payload.indexOf('"pаypal"') + 1, "pаypal"]],
      );
      assert.equal(result.ir.entities[0]?.k, "pаypal");
    });
  });
});
