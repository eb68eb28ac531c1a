/**
 * The evolved dialect ships inside @silp/dialects: EVOLVED_DIALECT is the spec in
 * dialects/x-evolved.json (the file `silpc evolve` wrote), so a change to the file without the
 * copy fails here, and it registers and round-trips like the file's spec.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compile, decode, normalize } from "silp";
import { EVOLVED_DIALECT, SHIPPED_DIALECTS, parseDialectSpec, registerDialect } from "@silp/dialects";
import { REPO_ROOT } from "@silp/testkit/paths.js";

test("EVOLVED_DIALECT is dialects/x-evolved.json, and the only shipped dialect", () => {
  const file = parseDialectSpec(JSON.parse(readFileSync(join(REPO_ROOT, "dialects/x-evolved.json"), "utf8")));
  assert.deepEqual(EVOLVED_DIALECT, file);
  assert.deepEqual(Object.keys(SHIPPED_DIALECTS), ["x-evolved"]);
  assert.equal(SHIPPED_DIALECTS["x-evolved"], EVOLVED_DIALECT);
});

test("it registers as x-evolved and round-trips an IR losslessly", () => {
  registerDialect(EVOLVED_DIALECT);
  const ir = {
    intent: "!BOOK",
    entities: [
      { id: "act", value: "hotel" },
      { id: "city", value: "Oslo" },
      { id: "nights", value: "3" },
    ],
    meta: { req_id: "a1b2c3d4" },
  };
  const text = compile(ir, "x-evolved");
  assert.notEqual(text, compile(ir, "code"));
  assert.deepEqual(decode(text, "x-evolved").ir, { ...normalize(ir), meta: { ...normalize(ir).meta, req_id: decode(text, "x-evolved").ir.meta.req_id } });
});
