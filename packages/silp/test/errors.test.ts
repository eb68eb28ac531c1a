/**
 * One error class, `code` the discriminator (docs/errors.md): every code the codec raises is
 * raised through its public API as a `SilpError` whose `code`, `instanceof`, `isSilpError(e, code)`,
 * `name` and `toJSON()` all agree. The four codes raised only by sibling packages are checked the
 * same way in their tests: `lock_violation`, `unsupported_action` and `dialect_refused`
 * (packages/cli/test/error-codes.test.ts), `lossy_refused` (study/llmlingua2/test/frontend.test.ts).
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError, compile, decode, decodeStream, isSilpError, registerFrontend, validate, type SilpErrorCode } from "silp";
import { agree } from "silp/negotiation";
import { sanitizePayload } from "silp/sanitizer";
import { MemorySessionStore, SessionManager } from "silp/session";
import { EXTENSION_ERROR_CODES, SPEC_ERROR_CODES } from "../src/errors.js";
import { importOptional } from "../src/optional-import.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const hike = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "a1b2c3d4" } };

/** Each code, raised by one public call. */
const RAISE: Partial<Record<SilpErrorCode, () => unknown>> = {
  invalid_syntax: () => decode("start(hike", "code", { strict: true }),
  unsupported_version: () => compile({ ...hike, silp: "v9" }),
  unsupported_frontend: () => decode("x", "klingon"),
  decode_failed: () => decode('{"intent":"!START","intent":"!STOP","meta":{"req_id":"a1b2c3d4"}}', "json"),
  timeout: () => {
    const never = { [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<string>>(() => undefined) }) };
    return (async () => {
      for await (const _event of decodeStream(never, "code", undefined, { signal: AbortSignal.abort() })) break;
    })();
  },
  session_expired: () => new SessionManager({ store: new MemorySessionStore() }).turn("zz", "hello"),
  invalid_ir: () => compile({ intent: "!FROBNICATE", meta: { req_id: "a1b2c3d4" } }),
  limit_exceeded: () => decode("start(hike)", "code", { limits: { maxInputLength: 5 } }),
  unsafe_content: () => sanitizePayload("start(hi\u202eke)", { invisible: "reject" }),
  negotiation_failed: () => agree({ versions: ["v1"], frontends: ["code"] }, { versions: ["v1"], frontends: ["json"] }),
  dependency_missing: () => importOptional("silp-no-such-package", "this test", () => import("silp-no-such-package" as string)),
  invalid_options: () => validate(hike, { whitelsit: "off" } as never),
};

/** The error `raise` throws or rejects with. */
async function caught(raise: () => unknown): Promise<unknown> {
  try {
    await raise();
  } catch (error) {
    return error;
  }
  assert.fail("nothing was raised");
}

describe("every code is one SilpError, told apart by code alone", () => {
  for (const [code, raise] of Object.entries(RAISE) as [SilpErrorCode, () => unknown][]) {
    test(code, async () => {
      const error = await caught(raise);
      assert.ok(error instanceof SilpError, `${code}: ${String(error)}`);
      assert.equal(error.code, code, error.message);
      assert.equal(error.name, "SilpError");
      assert.equal(Object.getPrototypeOf(error), SilpError.prototype, "no subclass");
      assert.ok(isSilpError(error));
      assert.ok(isSilpError(error, code));
      for (const other of [...SPEC_ERROR_CODES, ...EXTENSION_ERROR_CODES]) if (other !== code) assert.equal(isSilpError(error, other), false, other);
      assert.equal(JSON.parse(JSON.stringify(error)).code, code);
    });
  }

  test("the table covers every code but the four sibling packages raise", () => {
    const siblings = ["lock_violation", "unsupported_action", "lossy_refused", "dialect_refused"];
    assert.deepEqual(Object.keys(RAISE).sort(), [...SPEC_ERROR_CODES, ...EXTENSION_ERROR_CODES].filter((code) => !siblings.includes(code)).sort());
  });

  test("what is not a SilpError is not one for isSilpError, with or without a code", () => {
    for (const value of [new Error("x"), new TypeError("x"), { code: "invalid_syntax" }, null, "invalid_syntax"]) {
      assert.equal(isSilpError(value), false);
      assert.equal(isSilpError(value, "invalid_syntax"), false);
    }
  });

  test("an invalid_ir error carries every issue in details.issues, its path the first error's", async () => {
    const error = await caught(() => compile({ intent: "!FROBNICATE", entities: [{ id: "a" }, { id: "a" }], meta: { req_id: "a1b2c3d4" } } as never));
    assert.ok(isSilpError(error, "invalid_ir"));
    const issues = error.details?.issues as { rule: string; path: string }[];
    assert.ok(issues.length >= 2, JSON.stringify(issues));
    assert.equal(error.path, issues[0]?.path);
  });

  test("a frontend's decode error is the same class as the built-ins'", async () => {
    registerFrontend({
      name: "t-errors",
      // Not lossless: the codec's tests share their processes, and the lossless-frontend oracle
      // tests every lossless frontend it finds registered.
      lossless: false,
      description: "raises",
      compile: () => "",
      decode: () => {
        throw new SilpError("invalid_syntax", "no", { source: "x", offset: 0 });
      },
    });
    const error = await caught(() => decode("x", "t-errors", { strict: true }));
    assert.ok(isSilpError(error, "invalid_syntax"));
  });
});

describe("SilpError.fromJSON: an error that crossed a wire is the same error again", () => {
  test("code, message, position, expected, path and details come back; what toJSON writes is what it read", () => {
    const error = silpErrorOf(() => decode("start(hike", "code", { strict: true }));
    const json = JSON.parse(JSON.stringify(error));
    const back = SilpError.fromJSON(json);
    assert.ok(back instanceof SilpError);
    assert.deepEqual(
      [back.code, back.message, back.offset, back.line, back.column, back.expected],
      [error.code, error.message, error.offset, error.line, error.column, error.expected],
    );
    assert.deepEqual(back.toJSON(), json);
    const ir = silpErrorOf(() => compile({ intent: "!FROBNICATE", meta: { req_id: "a1b2c3d4" } }));
    const irBack = SilpError.fromJSON(JSON.parse(JSON.stringify(ir)));
    assert.deepEqual([irBack.path, irBack.details, irBack.offset, irBack.line], [ir.path, ir.details, undefined, undefined]);
  });
});
