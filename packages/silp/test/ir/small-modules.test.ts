/**
 * The small IR modules pinned against hand-written values: the
 * depth limit's pointer and visiting order, the schema issues' paths and messages, the verb
 * helpers, and req_id derivation against the published SHA-256 test vectors.
 *
 * Internals, on purpose: the verb table, the depth check and the compiled schema have no public
 * entry of their own.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { SilpError, deriveReqId, isSilpError, newReqId, assertValid, validate } from "silp";
import { resolveOptions } from "../../src/options.js";
import { reqIdLength } from "../../src/ir/req-id.js";
import { assertSupportedVersion } from "../../src/ir/validate.js";
import { assertDecoded } from "../../src/ir/validate.js";
import { assertDepth } from "../../src/ir/depth.js";
import { escapePointer, schemaIssues } from "../../src/ir/schema.js";
import { actionToFunctionName, excludedVerb, FUNCTION_NAME, functionNameToAction, isApprovedVerb } from "../../src/ir/verbs.js";

function silpCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SilpError) return error.code;
    throw error;
  }
  return undefined;
}

function depthError(run: () => void, path: string, limit: number): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SilpError);
    assert.equal(error.code, "limit_exceeded");
    assert.equal(error.path, path);
    assert.equal(error.message, `arrays/objects nested deeper than the limit of ${limit}`);
    assert.deepEqual(error.details, { limit: "maxDepth", value: limit });
    return true;
  });
}

describe("assertDepth: levels counted from the root as 1, the first too-deep container named", () => {
  test("at the limit passes, one deeper fails with the pointer of that container", () => {
    assertDepth({ a: [[1]] }, 3);
    depthError(() => assertDepth({ a: [[1]] }, 2), "/a/0", 2);
    depthError(() => assertDepth({}, 0), "", 0);
    assertDepth({}, 1);
    assertDepth("text", 0);
    assertDepth(null, 0);
  });

  test("containers are visited in document order, and pointer segments are escaped", () => {
    depthError(() => assertDepth({ x: { y: {} }, z: { w: {} } }, 2), "/x/y", 2);
    depthError(() => assertDepth([[], [[]]], 2), "/1/0", 2);
    depthError(() => assertDepth({ "a/b~c": [{}] }, 2), "/a~1b~0c/0", 2);
  });

  test("a cycle ends at the limit instead of looping", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    depthError(() => assertDepth(cyclic, 3), "/self/self/self", 3);
  });
});

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

describe("validate and assertValid", () => {
  test("a schema failure returns no IR and not ok; a null optional is dropped with a warning", () => {
    const bad = validate({ intent: "!CANCEL" });
    assert.equal(bad.ok, false);
    assert.equal(bad.ir, undefined);
    const constraints = [{ type: "rain", value: "no", time: null }];
    const good = validate({ intent: "!CANCEL", constraints, meta: { req_id: "abcd1234" } });
    assert.equal(good.ok, true);
    assert.deepEqual(good.ir?.constraints, [{ type: "rain", value: "no" }]);
    assert.deepEqual(
      good.issues.map((issue) => [issue.rule, issue.severity, issue.path]),
      [["null-optional-field", "warning", "/constraints/0/time"]],
    );
    const both = validate({ intent: "!CANCEL", constraints });
    assert.equal(both.ok, false);
    assert.deepEqual(
      both.issues.map((issue) => [issue.rule, issue.severity]),
      [
        ["null-optional-field", "warning"],
        ["schema", "error"],
      ],
    );
  });

  test("assertValid: depth first, then version, then the issues", () => {
    const options = resolveOptions({ limits: { maxDepth: 2 } });
    assert.throws(() => assertValid({ intent: "!CANCEL", meta: { req_id: "abcd1234", x: [1] } }, options), { code: "limit_exceeded" });
    assert.throws(() => assertValid({ silp: "v2", intent: "!NOPE", meta: { req_id: "abcd1234" } }, resolveOptions({})), { code: "unsupported_version" });
    assert.throws(() => assertValid({ intent: "CANCEL", meta: { req_id: "abcd1234" } }, resolveOptions({})), { code: "invalid_ir" });
    const { ir, warnings } = assertValid({ intent: "!CANCEL", meta: { req_id: "abcd1234" } }, resolveOptions({}));
    assert.equal(ir.intent, "!CANCEL");
    assert.deepEqual(warnings, []);
  });

  test("assertSupportedVersion names the version and the supported list", () => {
    assertSupportedVersion("v1");
    assert.throws(
      () => assertSupportedVersion("v9"),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "unsupported_version");
        assert.equal(error.message, 'SILP version "v9" is not supported (this implementation speaks v1)');
        assert.deepEqual(error.details, { version: "v9", supported: ["v1"] });
        return true;
      },
    );
  });
});

describe("verbs", () => {
  test("code <-> function name", () => {
    assert.equal(actionToFunctionName("!SWITCH_TOOL"), "switch_tool");
    assert.equal(functionNameToAction("switch_tool"), "!SWITCH_TOOL");
    assert.equal(actionToFunctionName("!CANCEL"), "cancel");
  });

  test("the whitelist is exact codes; excluded verbs carry their hint", () => {
    assert.equal(isApprovedVerb("!CANCEL"), true);
    assert.equal(isApprovedVerb("!NOTIFY"), true);
    assert.equal(isApprovedVerb("!cancel"), false);
    assert.equal(isApprovedVerb("CANCEL"), false);
    assert.equal(isApprovedVerb("!ESCALATE"), false);
    assert.equal(excludedVerb("!SWITCH_TOOL")?.hint, "!SWITCH");
    assert.equal(excludedVerb("!CANCEL"), undefined);
  });

  test("function names: a lower-case letter, then letters and underscores", () => {
    for (const ok of ["a", "cancel", "switch_tool", "a_"]) assert.equal(FUNCTION_NAME.test(ok), true, ok);
    for (const bad of ["", "_a", "A", "a1", "a-b", "ab ", " ab", "é"]) assert.equal(FUNCTION_NAME.test(bad), false, bad);
  });
});

describe("req_id", () => {
  test("8 hex by default, 4 for a scope-limited session", () => {
    assert.equal(reqIdLength(false), 8);
    assert.equal(reqIdLength(true), 4);
    for (let i = 0; i < 20; i++) {
      assert.match(newReqId(), /^[0-9a-f]{8}$/);
      assert.match(newReqId(true), /^[0-9a-f]{4}$/);
    }
  });

  test("derived ids are SHA-256 of the UTF-8 text, truncated (FIPS 180-2 vectors, node:crypto)", () => {
    assert.equal(deriveReqId(""), "e3b0c442");
    assert.equal(deriveReqId("abc"), "ba7816bf");
    assert.equal(deriveReqId("abc", true), "ba78");
    for (const text of ["é", "東京", "😀", "cancel(flight)"]) {
      assert.equal(deriveReqId(text), createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8), text);
    }
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
