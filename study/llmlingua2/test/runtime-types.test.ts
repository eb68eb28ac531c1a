/**
 * Both ONNX runtime packages provide the API llmlingua2 calls (OrtModule): checked at compile
 * time here, where the lab installs them (the codec's importers name them through a variable),
 * and at run time by calling into each.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import type { OrtModule } from "../src/runtime.js";

test("onnxruntime-node and onnxruntime-web export InferenceSession.create, Tensor and env", async () => {
  const node: OrtModule = await import("onnxruntime-node");
  const web: OrtModule = await import("onnxruntime-web");
  for (const runtime of [node, web]) {
    assert.equal(typeof runtime.InferenceSession.create, "function");
    const tensor = new runtime.Tensor("int64", BigInt64Array.from([1n, 2n]), [1, 2]) as unknown as { dims: readonly number[] };
    assert.deepEqual([...tensor.dims], [1, 2]);
    assert.equal(typeof runtime.env.wasm, "object");
  }
});
