/**
 * The three error codes raised only outside the codec, by @silp/lock, @silp/a2a and @silp/dialects, are the codec's
 * one error class too (docs/errors.md, "One class"): `code`, `instanceof SilpError` and
 * `isSilpError(e, code)` agree. The codec's own codes: packages/silp/test/errors.test.ts.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SilpError, isSilpError, normalize } from "silp";
import { CompileLock } from "@silp/lock";
import { planActions } from "@silp/a2a";
import { DialectHoldings, EVOLVED_DIALECT, dialectRef } from "@silp/dialects";

const hike = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "a1b2c3d4" } };

function assertOneClass(error: unknown, code: string): void {
  assert.ok(error instanceof SilpError, String(error));
  assert.equal(Object.getPrototypeOf(error), SilpError.prototype);
  assert.equal(error.code, code);
  assert.ok(isSilpError(error, code as never));
  assert.equal(isSilpError(error, "invalid_syntax"), false);
}

test("lock_violation: another output offered for a sealed IR", async () => {
  const dir = mkdtempSync(join(tmpdir(), "silp-error-codes-"));
  try {
    const lock = new CompileLock({ path: join(dir, "compile.lock") });
    await lock.seal(hike, "code", { compiled: "start(hike)" });
    const error = await lock.seal(hike, "code", { compiled: "start(walk)" }).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    assertOneClass(error, "lock_violation");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("unsupported_action: an action the agent has no handler for", () => {
  const error = (() => {
    try {
      planActions(normalize(hike), new Map([["!STOP", () => "stopped"]]));
    } catch (caught) {
      return caught;
    }
  })();
  assertOneClass(error, "unsupported_action");
});

test("dialect_refused: a peer's spec that does not hash to its offer", () => {
  const altered = { ...JSON.parse(JSON.stringify(EVOLVED_DIALECT)), genes: { ...EVOLVED_DIALECT.genes, negation: "no" } };
  const ref = dialectRef(EVOLVED_DIALECT);
  const answer = new DialectHoldings({ accept: "any" }).answer(
    { kind: "ping", versions: ["v1"], frontends: ["x-evolved", "code"], dialects: [ref], specs: [altered] },
    { versions: ["v1"], frontends: ["code"] },
  );
  assertOneClass(answer.refused[0], "dialect_refused");
  assert.equal(answer.refused[0]?.details?.reason, "hash_mismatch");
});
