/** Layer 1 (spec 3.1-3.9): the normative schema through Ajv, defaults, the normal form, and each semantic rule. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { assertValid, compile, deriveReqId, isSilpError, newReqId, normalize, SilpError, validate, type SilpIRInput, type ValidationIssue } from "silp";
import { REQ_ID_PATTERN } from "../../src/ir/req-id.js";
import { resolveOptions } from "../../src/options.js";
import { assertSupportedVersion } from "../../src/ir/validate.js";

const base = (): SilpIRInput => ({ intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], meta: { req_id: "a1b2c3d4" } });
const rules = (input: unknown, options = {}) => validate(input, options).issues.map((issue) => `${issue.severity}:${issue.rule}`);

describe("schema (spec 3.9, through Ajv)", () => {
  test("the root is strict: an unknown field is an error naming it", () => {
    const result = validate({ ...base(), extra: 1 });
    assert.equal(result.ok, false);
    assert.equal(result.issues[0]?.rule, "schema");
    assert.equal(result.issues[0]?.path, "/extra");
  });

  test("sub-objects keep unknown fields", () => {
    const input = { ...base(), constraints: [{ type: "a", value: "b", weight: 0.5 }], meta: { req_id: "a1b2c3d4", trace: { id: 7 } } };
    const result = validate(input);
    assert.ok(result.ok);
    assert.equal(result.ir?.constraints[0]?.weight, 0.5);
    assert.deepEqual(result.ir?.meta.trace, { id: 7 });
  });

  test("required fields, patterns and ranges are enforced", () => {
    assert.equal(validate({ meta: { req_id: "a1b2" } }).ok, false);
    assert.equal(validate({ ...base(), intent: "cancel" }).ok, false);
    assert.equal(validate({ ...base(), meta: { req_id: "A1B2C3D4" } }).ok, false);
    assert.equal(validate({ ...base(), meta: { req_id: "a1b2c3d4e" } }).ok, false);
    assert.equal(validate({ ...base(), meta: { req_id: "a1b2c3d4", confidence: 1.5 } }).ok, false);
    assert.equal(validate({ ...base(), meta: { req_id: "a1b2c3d4", priority: 1.5 } }).ok, false);
    assert.equal(validate({ ...base(), silp: "1" }).ok, false);
    assert.equal(validate({ ...base(), entities: [{ id: "act", value: 5 }] }).ok, false);
  });

  test("anything that is not an object is reported, never thrown", () => {
    for (const input of [null, 5, "x", [], undefined]) assert.equal(validate(input).ok, false);
  });
});

describe("defaults and the normal form (docs/ir.md)", () => {
  test("every default of spec 3.1-3.5 is filled", () => {
    const ir = normalize({ intent: "!CANCEL", meta: { req_id: "a1b2c3d4" } });
    assert.deepEqual(ir, {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!CANCEL",
      entities: [],
      constraints: [],
      alternatives: [],
      meta: { req_id: "a1b2c3d4", priority: 0, confidence: 1.0, seq: [], out: "natural" },
    });
  });

  test("entities get an explicit action and are grouped per action in first-appearance order", () => {
    const ir = normalize({
      intent: "!CANCEL",
      entities: [
        { id: "act", value: "a", action: "!EMAIL" },
        { id: "act", value: "b" },
        { id: "act", value: "c", action: "!NOTIFY" },
        { id: "k", value: "d", action: "!CANCEL" },
        { id: "act", value: "e", action: "!EMAIL" },
      ],
      meta: { req_id: "a1b2c3d4" },
    });
    assert.deepEqual(
      ir.entities.map((entity) => `${entity.action}:${entity.value}`),
      ["!CANCEL:b", "!CANCEL:d", "!EMAIL:a", "!EMAIL:e", "!NOTIFY:c"],
    );
  });

  test("null in an optional field (reference pydantic output) is read as absent, with a warning", () => {
    const result = validate({ ...base(), meta: { req_id: "a1b2", session_id: null, next_agent: null } }, { scopeLimited: true });
    assert.ok(result.ok);
    assert.equal(result.ir?.meta.session_id, undefined);
    assert.deepEqual(rules({ ...base(), meta: { req_id: "a1b2c3d4", session_id: null } }), ["warning:null-optional-field"]);
  });

  test("validate does not modify its input", () => {
    const input = { ...base(), meta: { req_id: "a1b2c3d4", session_id: null } };
    const copy = structuredClone(input);
    validate(input);
    assert.deepEqual(input, copy);
  });
});

describe("semantic rules", () => {
  test("verb-whitelist: strict is an error, advisory a warning, off silent", () => {
    const input = { ...base(), intent: "!FROBNICATE" };
    assert.deepEqual(rules(input), ["error:verb-whitelist"]);
    assert.deepEqual(rules(input, { whitelist: "advisory" }), ["warning:verb-whitelist"]);
    assert.deepEqual(rules(input, { whitelist: "off" }), []);
    assert.equal(validate(input, { whitelist: "advisory" }).ok, true);
  });

  test("verb-whitelist covers secondary actions and alternatives, and excluded verbs carry their replacement", () => {
    const result = validate({
      ...base(),
      entities: [{ id: "act", value: "x", action: "!SWITCH_TOOL" }],
      alternatives: [{ action: "!ESCALATE", target: "y" }],
    });
    assert.deepEqual(
      result.issues.map((issue) => issue.path),
      ["/entities/0/action", "/alternatives/0/action"],
    );
    assert.equal(result.issues[0]?.hint, "use !SWITCH");
    assert.match(result.issues[1]?.message ?? "", /excluded/);
  });

  test("duplicate-entity-id: a repeated keyword id is an error; repeated act is positional and valid (A.2, A.4)", () => {
    assert.deepEqual(
      rules({
        ...base(),
        entities: [
          { id: "k", value: "a" },
          { id: "k", value: "b" },
        ],
      }),
      ["error:duplicate-entity-id"],
    );
    assert.deepEqual(
      rules({
        ...base(),
        entities: [
          { id: "act", value: "a" },
          { id: "act", value: "b" },
          { id: "act", value: "c" },
        ],
      }),
      [],
    );
    // The same keyword id under two different actions is not ambiguous.
    assert.deepEqual(
      rules({
        ...base(),
        entities: [
          { id: "k", value: "a" },
          { id: "k", value: "b", action: "!EMAIL" },
        ],
      }),
      [],
    );
  });

  test("operator-invalid", () => {
    for (const operator of ["==", "!=", "<", ">", "<=", ">="]) {
      assert.deepEqual(rules({ ...base(), constraints: [{ type: "a", value: "1", operator }] }), []);
    }
    assert.deepEqual(rules({ ...base(), constraints: [{ type: "a", value: "1", operator: "=>" }] }), ["error:operator-invalid"]);
    assert.deepEqual(rules({ ...base(), constraints: [{ type: "a", value: "1", operator: 3 }] }), ["error:operator-invalid"]);
  });

  test("negated-constraint-value, alternative-location-without-target, empty-entity", () => {
    assert.deepEqual(rules({ ...base(), constraints: [{ type: "!rain", value: "heavy" }] }), ["warning:negated-constraint-value"]);
    assert.deepEqual(rules({ ...base(), constraints: [{ type: "!rain", value: "true" }] }), []);
    assert.deepEqual(rules({ ...base(), alternatives: [{ action: "!START", location: "indoor" }] }), ["warning:alternative-location-without-target"]);
    assert.deepEqual(rules({ ...base(), entities: [{ id: "act", value: "" }] }), ["warning:empty-entity"]);
  });

  test("seq: the four -02 keywords are recognised with no behaviour; other entries are flagged", () => {
    const seq = ["parallel", "sequential", "reason_first", "reason_last", "!FETCH", "fetch_first"];
    const result = validate({ ...base(), meta: { req_id: "a1b2c3d4", seq } });
    assert.ok(result.ok);
    assert.deepEqual(
      result.issues.map((issue) => issue.rule),
      ["seq-keyword", "seq-keyword", "seq-keyword", "seq-keyword", "seq-entry-unknown"],
    );
    assert.deepEqual(result.ir?.meta.seq, seq, "order is kept exactly (draft -02 3.6)");
  });

  test("req-id-short and session-id-length", () => {
    assert.deepEqual(rules({ ...base(), meta: { req_id: "a1b2" } }), ["warning:req-id-short"]);
    assert.deepEqual(rules({ ...base(), meta: { req_id: "a1b2" } }, { scopeLimited: true }), []);
    assert.deepEqual(rules({ ...base(), meta: { req_id: "a1b2c3d4", session_id: "abc" } }), ["warning:session-id-length"]);
  });
});

describe("req_id (spec 3.6, 4.6)", () => {
  test("new ids are 8 hex, 4 only in scope-limited sessions", () => {
    assert.match(newReqId(), /^[a-f0-9]{8}$/);
    assert.match(newReqId(true), /^[a-f0-9]{4}$/);
    assert.notEqual(newReqId(), newReqId());
  });

  test("derived ids are the SHA-256 prefix of the payload text", () => {
    const sha = createHash("sha256").update("cancel(flight)", "utf8").digest("hex");
    assert.equal(deriveReqId("cancel(flight)"), sha.slice(0, 8));
    assert.match(deriveReqId("cancel(flight)"), REQ_ID_PATTERN);
    assert.equal(deriveReqId("cancel(flight)", true), deriveReqId("cancel(flight)").slice(0, 4));
    assert.notEqual(deriveReqId("cancel(flight)"), deriveReqId("cancel(flights)"));
  });
});

describe("compile validates first (spec 3.9 MUST)", () => {
  test("an invalid IR raises invalid_ir with every issue", () => {
    assert.throws(
      () => compile({ ...base(), intent: "!FROBNICATE" }),
      (error: unknown) => {
        assert.ok(isSilpError(error, "invalid_ir"));
        const issues = error.details?.issues as ValidationIssue[];
        assert.equal(issues[0]?.rule, "verb-whitelist");
        return true;
      },
    );
  });

  test("another silp version raises unsupported_version", () => {
    assert.throws(() => compile({ ...base(), silp: "v2" }), { code: "unsupported_version" });
  });

  test("an unknown frontend raises unsupported_frontend", () => {
    assert.throws(() => compile(base(), "math"), { code: "unsupported_frontend" });
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
