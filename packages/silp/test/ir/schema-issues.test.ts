/**
 * The schema's issues (spec 3.9 through Ajv's standalone code): one per violation, with a JSON
 * Pointer and a readable message, every violation reported, no default written into the input;
 * and the validation a decode runs on parts already in normal form (schema first, then the rules).
 * Pinned against hand-written paths and messages: the compiled schema has no public entry.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { isSilpError, SilpError, validate } from "silp";
import { resolveOptions } from "../../src/options.js";
import { assertDecoded } from "../../src/ir/validate.js";
import { escapePointer, schemaIssues } from "../../src/ir/schema.js";

function silpCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SilpError) return error.code;
    throw error;
  }
  return undefined;
}

describe("schema issues: one per violation, with a JSON Pointer and a readable message", () => {
  const base = { intent: "!CANCEL", meta: { req_id: "abcd1234" } };

  test("a valid IR has none", () => {
    assert.deepEqual(schemaIssues(base), []);
  });

  test("an unknown root field names itself in the path, escaped", () => {
    assert.deepEqual(schemaIssues({ ...base, "odd/key~": 1 }), [
      { rule: "schema", severity: "error", message: 'unknown root field "odd/key~" (the IR root is strict)', path: "/odd~1key~0" },
    ]);
  });

  test("a missing required field says which", () => {
    assert.deepEqual(schemaIssues({ intent: "!CANCEL" }), [{ rule: "schema", severity: "error", message: 'missing required field "meta"', path: "" }]);
  });

  test("other violations keep Ajv's path and message", () => {
    const issues = schemaIssues({ ...base, entities: "x" });
    assert.deepEqual(issues, [{ rule: "schema", severity: "error", message: "must be array", path: "/entities" }]);
  });

  test("escapePointer escapes ~ before /, per RFC 6901", () => {
    assert.equal(escapePointer("~/"), "~0~1");
    assert.equal(escapePointer("~1"), "~01");
    assert.equal(escapePointer("a//b"), "a~1~1b");
    assert.equal(escapePointer("plain"), "plain");
  });
});

describe("schema issues and the validation decode runs: every violation, no defaults written, rules after the schema", () => {
  test("schemaIssues reports every violation, not only the first (Ajv allErrors)", () => {
    const issues = schemaIssues({ intent: 5, meta: { req_id: "abcd1234" }, extra: 1 });
    assert.deepEqual(issues.map((issue) => issue.path).sort(), ["/extra", "/intent"]);
  });

  test("schemaIssues never writes schema defaults into its input", () => {
    const input = { intent: "!CANCEL", meta: { req_id: "abcd1234" } };
    assert.deepEqual(schemaIssues(input), []);
    assert.deepEqual(input, { intent: "!CANCEL", meta: { req_id: "abcd1234" } });
  });

  // Decode's form of the validation: the decoder built the parts in normal form.
  const assertValidNormal = (ir: unknown, options: ReturnType<typeof resolveOptions>) => assertDecoded({ ir: ir as never, normalParts: true }, options);

  test("assertDecoded with normal parts: schema first, then the rules; warnings come back; meta is brought to normal form", () => {
    const options = resolveOptions({});
    const normal = validate({ intent: "!CANCEL", meta: { req_id: "abcd1234" } }).ir!;
    assert.deepEqual(assertValidNormal(normal, options), { ir: normal, warnings: [] });
    // The sender's meta, in its order and without its defaults: the normal meta comes back.
    const sent = { ...normal, meta: { out: "json", req_id: "abcd1234", x: 1 } };
    assert.equal(JSON.stringify(assertValidNormal(sent, options).ir.meta), '{"req_id":"abcd1234","priority":0,"confidence":1,"seq":[],"out":"json","x":1}');
    // A meta the schema refuses is refused, whatever the decoder said of its parts.
    assert.equal(
      silpCode(() => assertValidNormal({ ...sent, meta: { req_id: "abcd1234", confidence: 5 } }, options)),
      "invalid_ir",
    );
    // And a null optional field is read as absent with the whole validation's warning.
    assert.deepEqual(
      assertValidNormal({ ...sent, meta: { req_id: "abcd1234", session_id: null } }, options).warnings.map((issue) => issue.rule),
      ["null-optional-field"],
    );
    assert.throws(
      () => assertValidNormal({ ...normal, intent: "CANCEL" }, options),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "invalid_ir");
        return true;
      },
    );
    const withWarning = validate(
      { intent: "!CANCEL", entities: [{ id: "a", value: "b", action: "!FLY" }], meta: { req_id: "abcd1234" } },
      { whitelist: "advisory" },
    );
    assert.equal(withWarning.ok, true);
    assert.equal(withWarning.issues.length, 1);
    const result = assertValidNormal(withWarning.ir!, resolveOptions({ whitelist: "advisory" }));
    assert.deepEqual(result.warnings, withWarning.issues);
    assert.equal(result.warnings[0]?.severity, "warning");
    // A schema failure stops there: the semantic rules never see an IR of the wrong shape.
    assert.throws(
      () => assertValidNormal({ ...normal, intent: "!FLY", extra: 1 } as never, options),
      (error: unknown) => {
        assert.ok(isSilpError(error, "invalid_ir"));
        assert.deepEqual(error.details?.issues, [
          { rule: "schema", severity: "error", message: 'unknown root field "extra" (the IR root is strict)', path: "/extra" },
        ]);
        return true;
      },
    );
  });
});
