/**
 * assertDepth, the nesting check every IR passes before anything recurses into it: levels counted
 * from the root as 1, containers visited in document order, the first too-deep one named by its
 * JSON Pointer, and a cycle stopped at the limit. Pinned against hand-written pointers.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError } from "silp";
import { assertDepth } from "../../src/ir/depth.js";

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
