/**
 * Validate() and `silpc validate` accepted `silp: "v2"` (ok, exit 0) while
 * compile and decode raised unsupported_version. One IR, one verdict, whichever entry is used.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { compile, validate, type SilpIRInput } from "silp";
import { runCli, SKIP_SPAWN_UNDER_MUTATION } from "@silp/testkit/cli.js";

const v2: SilpIRInput = { silp: "v2", intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], meta: { req_id: "a1b2c3d4" } };

describe("an unsupported silp version is refused by every entry", () => {
  test("validate() reports it as an error issue; compile raises unsupported_version", () => {
    const result = validate(v2);
    assert.equal(result.ok, false);
    const issue = result.issues.find((candidate) => candidate.rule === "unsupported-version");
    assert.ok(issue, "an unsupported-version issue is reported");
    assert.equal(issue.severity, "error");
    assert.equal(issue.path, "/silp");
    assert.throws(() => compile(v2), { code: "unsupported_version" });
  });

  test("the version verdict does not depend on the whitelist mode", () => {
    assert.equal(validate(v2, { whitelist: "off" }).ok, false);
  });

  test("v1 (explicit or default) stays valid", () => {
    assert.equal(validate({ ...v2, silp: "v1" }).ok, true);
    const { silp: _omitted, ...implicit } = v2;
    assert.equal(validate(implicit).ok, true);
  });

  test("silpc validate exits 1 on silp v2, like silpc compile", { skip: Boolean(SKIP_SPAWN_UNDER_MUTATION) }, () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-version-"));
    const file = join(dir, "v2.json");
    writeFileSync(file, JSON.stringify(v2));
    const validated = runCli(["validate", file]);
    assert.equal(validated.status, 1, validated.stdout + validated.stderr);
    assert.match(validated.stdout, /unsupported-version/);
    const compiled = runCli(["compile", file]);
    assert.equal(compiled.status, 1);
  });
});
