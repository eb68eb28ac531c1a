/**
 * The two ONNX runtimes (runtime.ts): onnxruntime-node and onnxruntime-web must give the same
 * numbers on the same graph, "auto" must prefer onnxruntime-node and fall back to
 * onnxruntime-web, and a missing runtime must be one `dependency_missing` naming both install
 * lines. Both packages are devDependencies of the workspace, so both run here.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { join } from "node:path";
import { isSilpError, type SilpError } from "silp";
import { compressText } from "../src/compressor.js";
import { checkLlmlingua2Options } from "../src/frontend.js";
import { loadTokenClassifier, releaseTokenClassifiers, type TokenClassifier } from "../src/model.js";
import { loadOnnxRuntime, resolveRuntimeChoice, RUNTIME_ENV_VAR, type OnnxRuntimeName, type RuntimeImporters } from "../src/runtime.js";
import { LOW, PIECES, PROSE, writeTinyModel, type TinyModel } from "./helpers/tiny-model.js";

const RUNTIMES: readonly OnnxRuntimeName[] = ["node", "web"];

/** An importer that fails the way Node does when the package is not installed. */
function notInstalled(pkg: string): () => Promise<never> {
  return () => Promise.reject(Object.assign(new Error(`Cannot find package '${pkg}' imported from ${import.meta.url}`), { code: "ERR_MODULE_NOT_FOUND" }));
}

const REAL: RuntimeImporters = {
  node: () => import("onnxruntime-node"),
  web: () => import("onnxruntime-web"),
};

function assertNoRuntime(error: unknown, runtime: string, reason: string): true {
  assert.ok(isSilpError(error), `expected a SilpError, got ${String(error)}`);
  const silp = error as SilpError;
  assert.equal(silp.code, "dependency_missing");
  for (const needle of ["npm install onnxruntime-node", "npm install onnxruntime-web", "ONNXRUNTIME_NODE_INSTALL=skip"]) {
    assert.ok(silp.message.includes(needle), `message lacks ${needle}:\n${silp.message}`);
  }
  assert.equal(silp.details?.runtime, runtime);
  assert.equal(silp.details?.reason, reason);
  assert.deepEqual([...((silp.details?.installs as string[] | undefined) ?? [])].sort(), ["npm install onnxruntime-node", "npm install onnxruntime-web"]);
  return true;
}

describe("onnxruntime-node and onnxruntime-web give the same results", () => {
  let model: TinyModel;
  const classifiers = {} as Record<OnnxRuntimeName, TokenClassifier>;

  beforeAll(async () => {
    model = writeTinyModel({ style: "metaspace", pieces: PIECES });
    classifiers.node = await loadTokenClassifier({ modelDir: model.dir, runtime: "node" });
    // threads goes to the process-wide env.wasm.numThreads, not to intraOpNumThreads.
    classifiers.web = await loadTokenClassifier({ modelDir: model.dir, runtime: "web", threads: 1 });
  });
  afterAll(async () => {
    await releaseTokenClassifiers();
    model.remove();
  });

  test("each classifier runs on the runtime it was asked for; auto prefers onnxruntime-node", async () => {
    assert.equal(classifiers.node.runtime, "node");
    assert.equal(classifiers.web.runtime, "web");
    assert.notEqual(classifiers.node, classifiers.web);
    // The WebAssembly backend really started (it fixes its thread count when it does).
    const web = await import("onnxruntime-web");
    assert.equal(web.env.wasm.numThreads, 1);
    assert.equal((await loadTokenClassifier({ modelDir: model.dir, runtime: "auto" })).runtime, "node");
  });

  test("the raw logits are bit-identical, and are the logits the graph was built with", async () => {
    const { ids, tokens } = classifiers.node.tokenize(PROSE);
    const sequence = [0, ...ids, 2]; // <s> ... </s>
    const outputs: Float32Array[] = [];
    for (const name of RUNTIMES) {
      const runtime = await loadOnnxRuntime(name);
      const session = await runtime.createSession(join(model.dir, "model.onnx"), undefined);
      try {
        const shape = [1, sequence.length];
        const result = await session.run({
          input_ids: runtime.int64Tensor(
            BigInt64Array.from(sequence, (id) => BigInt(id)),
            shape,
          ),
          attention_mask: runtime.int64Tensor(new BigInt64Array(sequence.length).fill(1n), shape),
        });
        const logits = result.logits;
        assert.ok(logits !== undefined && logits.data instanceof Float32Array, `${name}: no float logits`);
        assert.deepEqual([logits.type, [...logits.dims]], ["float32", [1, sequence.length, 2]]);
        outputs.push(Float32Array.from(logits.data));
      } finally {
        await session.release();
      }
    }
    const [node, web] = outputs.map((logits) => Buffer.from(logits.buffer));
    assert.ok(node !== undefined && web !== undefined && node.equals(web), "onnxruntime-node and onnxruntime-web logits differ");
    const expected = Float32Array.from([0, 0, ...tokens.flatMap((token) => [0, PIECES[token] ?? 0]), 0, 0]);
    assert.deepEqual(outputs[0], expected);
  });

  test("probabilities and compressions are identical, and are those model.test.ts expects", async () => {
    const [node, web] = [classifiers.node, classifiers.web];
    const { ids, tokens } = node.tokenize(PROSE);
    const probabilities = await node.keepProbabilities(ids);
    assert.deepEqual(await web.keepProbabilities(ids), probabilities);
    tokens.forEach((token, i) => {
      assert.ok(Math.abs((probabilities[i] ?? 0) - model.probabilityOf(token)) < 1e-6, token);
    });

    const long = Array.from({ length: 40 }, () => PROSE).join(" ");
    const cases: Array<[string, Parameters<typeof compressText>[2], string | undefined]> = [
      [PROSE, {}, "rain start hike start cards"],
      [PROSE, { rate: 0.9 }, "rain+1, start hike start cards indoors."],
      [PROSE, { rate: 0, forceTokens: ["not", "hike"] }, "not hike"],
      [long, {}, Array.from({ length: 40 }, () => "rain start hike start cards").join(" ")],
    ];
    for (const [text, options, expected] of cases) {
      const fromNode = await compressText(text, node, options);
      assert.deepEqual(await compressText(text, web, options), fromNode);
      assert.equal(fromNode.text, expected);
    }
  });

  test("a WordPiece model with token_type_ids runs the same on onnxruntime-web", async () => {
    const lows = Object.fromEntries(["If", "it", "is", "not", "the", "then"].map((word) => [word, LOW]));
    const highs = { rain: 4, start: 3.5, hike: 3.2, in: 3, "##door": 3, "##s": 3 };
    const bert = writeTinyModel({ style: "wordpiece", pieces: { ...lows, ...highs }, onnxSubfolder: true });
    try {
      const text = "If it is not the rain, then start hike indoors";
      const [node, web] = await Promise.all(RUNTIMES.map((runtime) => loadTokenClassifier({ modelDir: bert.dir, runtime })));
      assert.ok(node !== undefined && web !== undefined);
      const fromNode = await compressText(text, node);
      assert.deepEqual(await compressText(text, web), fromNode);
      assert.equal(fromNode.text, "rain start hike indoors");
    } finally {
      await releaseTokenClassifiers();
      bert.remove();
    }
  });

  test("weights stored beside the graph (model.onnx_data) load in both runtimes", async () => {
    const external = writeTinyModel({ style: "metaspace", pieces: PIECES, externalWeights: true });
    try {
      for (const runtime of RUNTIMES) {
        const classifier = await loadTokenClassifier({ modelDir: external.dir, runtime });
        assert.equal(classifier.runtime, runtime);
        assert.equal((await compressText(PROSE, classifier)).text, "rain start hike start cards", runtime);
      }
    } finally {
      await releaseTokenClassifiers();
      external.remove();
    }
  });
});

describe("choosing the ONNX runtime", () => {
  test("the option wins over SILP_LLMLINGUA2_RUNTIME, which wins over auto; bad values are type errors", async () => {
    assert.equal(resolveRuntimeChoice(undefined, {}), "auto");
    assert.equal(resolveRuntimeChoice(undefined, { [RUNTIME_ENV_VAR]: "web" }), "web");
    assert.equal(resolveRuntimeChoice(undefined, { [RUNTIME_ENV_VAR]: " " }), "auto");
    assert.equal(resolveRuntimeChoice("node", { [RUNTIME_ENV_VAR]: "web" }), "node");
    assert.throws(() => resolveRuntimeChoice(undefined, { [RUNTIME_ENV_VAR]: "gpu" }), TypeError);
    assert.throws(() => resolveRuntimeChoice("gpu" as "node", {}), TypeError);
    assert.throws(() => checkLlmlingua2Options({ runtime: "gpu" }), TypeError);
    assert.doesNotThrow(() => checkLlmlingua2Options({ runtime: "web" }));
    const model = writeTinyModel({ style: "metaspace" });
    try {
      await assert.rejects(loadTokenClassifier({ modelDir: model.dir, runtime: "wasm" as "web" }), TypeError);
    } finally {
      model.remove();
    }
  });

  test("auto takes onnxruntime-node, and onnxruntime-web when onnxruntime-node is missing or does not load", async () => {
    assert.equal((await loadOnnxRuntime("auto", REAL)).name, "node");
    assert.equal((await loadOnnxRuntime("auto", { ...REAL, node: notInstalled("onnxruntime-node") })).name, "web");
    const broken = () => Promise.reject(new Error("libonnxruntime.so.1: cannot open shared object file"));
    assert.equal((await loadOnnxRuntime("auto", { ...REAL, node: broken })).name, "web");
  });

  test("a forced runtime is the only one tried", async () => {
    let webTried = false;
    const web = () => {
      webTried = true;
      return REAL.web();
    };
    await assert.rejects(loadOnnxRuntime("node", { node: notInstalled("onnxruntime-node"), web }), (e) => assertNoRuntime(e, "node", "missing_package"));
    assert.equal(webTried, false);
    assert.equal((await loadOnnxRuntime("web", { node: notInstalled("onnxruntime-node"), web })).name, "web");
  });

  test("no runtime installed: one dependency_missing naming both install lines", async () => {
    const neither = { node: notInstalled("onnxruntime-node"), web: notInstalled("onnxruntime-web") };
    await assert.rejects(loadOnnxRuntime("auto", neither), (error: unknown) => {
      assertNoRuntime(error, "auto", "missing_package");
      const details = (error as SilpError).details;
      assert.equal(details?.package, "onnxruntime-node");
      assert.equal(details?.install, "npm install onnxruntime-node");
      assert.deepEqual(
        (details!.attempts as Array<{ runtime: string; package: string }>).map((a) => [a.runtime, a.package]),
        [
          ["node", "onnxruntime-node"],
          ["web", "onnxruntime-web"],
        ],
      );
      return true;
    });
    await assert.rejects(loadOnnxRuntime("web", neither), (e) => assertNoRuntime(e, "web", "missing_package"));
  });

  test("a module that really does not exist is reported as missing, not as a crash", async () => {
    const absent: RuntimeImporters = {
      node: () => import("silp-test-no-such-onnxruntime-node" as string),
      web: () => import("silp-test-no-such-onnxruntime-web" as string),
    };
    await assert.rejects(loadOnnxRuntime("auto", absent), (e) => assertNoRuntime(e, "auto", "missing_package"));
    const broken = { node: () => Promise.reject(new Error("bad ELF")), web: () => Promise.reject(new Error("bad wasm")) };
    await assert.rejects(loadOnnxRuntime("auto", broken), (e) => assertNoRuntime(e, "auto", "load_failed"));
  });
});
