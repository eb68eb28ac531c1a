/**
 * The public surface of every published package, pinned: for each entry in each package.json
 * `exports`, the sorted runtime names it exports must equal test/fixtures/api-surface.json. A
 * change to the surface is then a conscious one: rerun with SILP_UPDATE_API_SURFACE=1, review
 * the diff of the JSON file, and say so in a changeset. The framework adapters, built only with
 * the lab, are pinned by lab/api-surface-adapters.test.ts in the same file.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { WORKSPACES } from "@silp/testkit/paths.js";
import { pinnedSurface, surfaceOf } from "./api-surface.js";

test("every package's exported names match the pinned surface", async () => {
  const folders = WORKSPACES.filter((folder) => !folder.startsWith("adapters/"));
  const surface = await surfaceOf(folders);
  assert.deepEqual(surface, pinnedSurface(surface), "the public API changed: if on purpose, rerun with SILP_UPDATE_API_SURFACE=1 and review the diff");
});

test("what the siblings share from the codec (silp/util) is at most 15 names, grouped names counted once", async () => {
  const util = Object.keys(await import("silp/util"));
  assert.ok(util.length <= 15, `silp/util exports ${util.length} runtime names`);
  // The groups hold what they say, and nothing else: a name added to a group is a name added to silp/util.
  const { codeSyntax, IR_SHAPE } = await import("silp/util");
  assert.deepEqual(Object.keys(codeSyntax).sort(), ["KEYWORDS", "Lexer", "META_RESERVED_NAMES", "quoteString"]);
  assert.deepEqual(Object.keys(IR_SHAPE), ["entityFields", "constraintFields", "alternativeFields", "metaFields", "actionCode", "silpVersions"]);
  assert.ok(IR_SHAPE.actionCode.test("!SWITCH_TOOL") && !IR_SHAPE.actionCode.test("switch_tool"));
  assert.deepEqual(IR_SHAPE.silpVersions, ["v1"]);
  // Shared, not copied: a sibling cannot change what the codec validates and prints.
  for (const [name, member] of Object.entries(IR_SHAPE)) assert.ok(Object.isFrozen(member), `IR_SHAPE.${name} is frozen`);
  assert.throws(() => (IR_SHAPE.metaFields as unknown as string[]).push("x"), TypeError);
});

test("the codec's root export is small: what an application calls, at most 30 values", async () => {
  const root = Object.keys(await import("silp"));
  // Carriage (the wrapper, the safety filter), protocol state and sibling internals live behind subpaths.
  assert.ok(root.length <= 30, `silp exports ${root.length} runtime names`);
  for (const name of ["wrapSilp", "applySafetyFilter", "resolveOptions"]) assert.ok(!root.includes(name), `${name} is not in the root`);
  for (const name of ["compile", "compileAsync", "decode", "validate", "toEnvelope", "fromEnvelope", "registerFrontend", "SilpError"]) {
    assert.ok(root.includes(name), `silp should export ${name}`);
  }
});
