/**
 * The framework adapters' public surface, pinned in the same snapshot as every other package's
 * (api-surface.test.ts); a lab test, since the adapters are built only with the lab.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { WORKSPACES } from "@silp/testkit/paths.js";
import { pinnedSurface, surfaceOf } from "../api-surface.js";

test("the framework adapters' exported names match the pinned surface", async () => {
  const adapters = WORKSPACES.filter((folder) => folder.startsWith("adapters/"));
  const surface = await surfaceOf(adapters);
  assert.ok(Object.keys(surface).length >= adapters.length, "every adapter has an entry");
  assert.deepEqual(surface, pinnedSurface(surface), "the public API changed: if on purpose, rerun with SILP_UPDATE_API_SURFACE=1 and review the diff");
});
