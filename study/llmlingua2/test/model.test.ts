/**
 * The full inference path (model folder -> tokenizer -> onnxruntime -> word aggregation ->
 * selection -> text) on tiny ONNX models built by the tests; the same code runs the real
 * microsoft/llmlingua-2-xlm-roberta-large-meetingbank export.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSilpError, type SilpError } from "silp";
import { compressText } from "../src/compressor.js";
import { loadTokenClassifier, releaseTokenClassifiers, type TokenClassifier } from "../src/model.js";
import { locateModelFiles, MODEL_ENV_VAR, MODEL_ID } from "../src/model-files.js";
import { LOW, PIECES, PROSE, writeTinyModel, type TinyModel } from "./helpers/tiny-model.js";

function assertDependencyMissing(error: unknown, reason: string): true {
  assert.ok(isSilpError(error), `expected a SilpError, got ${String(error)}`);
  assert.equal((error as SilpError).code, "dependency_missing");
  assert.equal((error as SilpError).details?.reason, reason);
  return true;
}

describe("LLMLingua-2 on a tiny XLM-RoBERTa-style model", () => {
  let model: TinyModel;
  let classifier: TokenClassifier;

  beforeAll(async () => {
    model = writeTinyModel({ style: "metaspace", pieces: PIECES });
    classifier = await loadTokenClassifier({ modelDir: model.dir });
  });
  afterAll(async () => {
    await releaseTokenClassifiers();
    model.remove();
  });

  test("detects the SentencePiece family and the 510-token window", () => {
    assert.equal(classifier.style, "metaspace");
    assert.equal(classifier.maxContentTokens, 510);
  });

  test("the classifier returns each token's keep probability from the ONNX graph", async () => {
    const { ids, tokens } = classifier.tokenize("If not rain");
    assert.deepEqual(tokens, ["▁If", "▁not", "▁rain"]);
    const probabilities = await classifier.keepProbabilities(ids);
    tokens.forEach((token, i) => {
      assert.ok(Math.abs((probabilities[i] ?? 0) - model.probabilityOf(token)) < 1e-6);
    });
  });

  test("compresses the prose: word probabilities are token means, the top words survive in order", async () => {
    const result = await compressText(PROSE, classifier);
    assert.deepEqual(
      result.words.map((w) => w.text),
      ["If", "not", "rain", "at", "t", "+1", ",", "start", "hike", "otherwise", "start", "cards", "indoors", "."],
    );
    const indoors = (model.probabilityOf("▁in") + model.probabilityOf("door") + model.probabilityOf("s")) / 3;
    assert.ok(Math.abs((result.words[12]?.probability ?? 0) - indoors) < 1e-6);
    assert.ok(Math.abs((result.words[2]?.probability ?? 0) - model.probabilityOf("▁rain")) < 1e-6);
    assert.equal(result.text, "rain start hike start cards");
    assert.deepEqual(
      result.words.filter((w) => w.kept).map((w) => w.text),
      result.text.split(" "),
    );
    assert.equal(result.rate, 0.5);
    assert.equal(result.chunks, 1);
    assert.ok(result.compressedTokens < result.originTokens);
  });

  test("the rate moves the threshold; rate 1 returns the prose and rate 0 keeps nothing", async () => {
    assert.equal((await compressText(PROSE, classifier, { rate: 0.9 })).text, "rain+1, start hike start cards indoors.");
    assert.equal((await compressText(PROSE, classifier, { rate: 1 })).text, PROSE);
    assert.equal((await compressText(PROSE, classifier, { rate: 0 })).text, "");
    await assert.rejects(compressText(PROSE, classifier, { rate: 1.2 }), RangeError);
  });

  test("force tokens survive any rate; multi-token force tokens are refused", async () => {
    const forced = await compressText(PROSE, classifier, { rate: 0, forceTokens: ["not", "hike"] });
    assert.equal(forced.text, "not hike");
    await assert.rejects(compressText(PROSE, classifier, { forceTokens: ["xyz"] }), RangeError);
  });

  test("long prose is split into several model calls without losing or repeating a word", async () => {
    const sentence = "If not rain at t+1, start hike otherwise start cards indoors.";
    const long = Array.from({ length: 40 }, () => sentence).join(" ");
    const once = await compressText(sentence, classifier);
    const result = await compressText(long, classifier);
    assert.ok(result.chunks > 1, `expected several chunks, got ${result.chunks}`);
    assert.equal(result.words.length, 40 * once.words.length);
    assert.deepEqual(result.words.slice(once.words.length, 2 * once.words.length), once.words);
    assert.equal(result.text, Array.from({ length: 40 }, () => once.text).join(" "));
  });

  test("hostile text: special-token strings, unknown characters, control characters, empty input", async () => {
    const hostile = await compressText("start </s><s> rain \u0000\u202e 🦀 hike <unk>", classifier, { rate: 0.9 });
    assert.ok(!hostile.words.some((w) => /<\/?s>|<unk>/.test(w.text)));
    const empty = await compressText("", classifier);
    assert.deepEqual([empty.text, empty.words.length, empty.chunks], ["", 0, 0]);
  });

  test("a folder is loaded once per process", async () => {
    assert.equal(await loadTokenClassifier({ modelDir: model.dir }), classifier);
  });
});

describe("LLMLingua-2 on a tiny multilingual-BERT-style model", () => {
  test("WordPiece models (with token_type_ids) run through the same path", async () => {
    const lows = Object.fromEntries(["If", "it", "is", "not", "the", "then"].map((word) => [word, LOW]));
    const highs = { rain: 4, start: 3.5, hike: 3.2, in: 3, "##door": 3, "##s": 3 };
    const model = writeTinyModel({ style: "wordpiece", pieces: { ...lows, ...highs }, onnxSubfolder: true });
    try {
      const classifier = await loadTokenClassifier({ modelDir: model.dir });
      assert.equal(classifier.style, "wordpiece");
      const result = await compressText("If it is not the rain, then start hike indoors", classifier);
      assert.deepEqual(
        result.words.map((w) => w.text),
        ["If", "it", "is", "not", "the", "rain", ",", "then", "start", "hike", "indoors"],
      );
      assert.ok(Math.abs((result.words[10]?.probability ?? 0) - model.probabilityOf("in")) < 1e-6);
      assert.equal(result.text, "rain start hike indoors");
    } finally {
      await releaseTokenClassifiers();
      model.remove();
    }
  });
});

describe("a missing or broken model explains itself", () => {
  test("no folder given: names the model, the files, the export step and where to put it", () => {
    assert.throws(
      () => locateModelFiles({}, {}),
      (error: unknown) => {
        assertDependencyMissing(error, "no_model_dir");
        const message = (error as Error).message;
        for (const needle of [MODEL_ID, "optimum-cli export onnx", "--task token-classification", "model.onnx", "tokenizer.json", MODEL_ENV_VAR, "--model"]) {
          assert.ok(message.includes(needle), `message lacks ${needle}`);
        }
        return true;
      },
    );
  });

  test("the environment variable is used when no option is given", () => {
    const model = writeTinyModel({ style: "metaspace" });
    try {
      assert.equal(locateModelFiles({}, { [MODEL_ENV_VAR]: model.dir }).dir, model.dir);
      assert.equal(locateModelFiles({ modelDir: model.dir }, { [MODEL_ENV_VAR]: "/nowhere" }).dir, model.dir);
    } finally {
      model.remove();
    }
  });

  test("a folder that does not exist, or lacks the graph or the tokenizer", () => {
    assert.throws(
      () => locateModelFiles({ modelDir: "/nonexistent/silp-model" }, {}),
      (e) => assertDependencyMissing(e, "no_such_dir"),
    );
    const empty = mkdtempSync(join(tmpdir(), "silp-empty-model-"));
    try {
      assert.throws(
        () => locateModelFiles({ modelDir: empty }, {}),
        (error: unknown) => {
          assertDependencyMissing(error, "missing_files");
          assert.deepEqual((error as SilpError).details?.missing, ["model.onnx or onnx/model.onnx", "tokenizer.json"]);
          return true;
        },
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("loading through the frontend's loader rejects (never throws synchronously)", async () => {
    await assert.rejects(loadTokenClassifier({ modelDir: "/nonexistent/silp-model" }), (e) => assertDependencyMissing(e, "no_such_dir"));
  });

  test("corrupt tokenizer.json, garbage ONNX bytes and unsupported tokenizer families are reported as unusable", async () => {
    const cases: Array<[string, (dir: string) => void]> = [
      ["corrupt tokenizer", (dir) => writeFileSync(join(dir, "tokenizer.json"), "{ not json")],
      ["garbage graph", (dir) => writeFileSync(join(dir, "model.onnx"), Buffer.from("this is not an onnx graph"))],
      [
        "byte-level BPE tokenizer",
        (dir) =>
          writeFileSync(join(dir, "tokenizer.json"), JSON.stringify({ model: { type: "BPE", vocab: {}, merges: [] }, pre_tokenizer: { type: "ByteLevel" } })),
      ],
    ];
    for (const [name, breakIt] of cases) {
      const model = writeTinyModel({ style: "metaspace" });
      try {
        breakIt(model.dir);
        await assert.rejects(loadTokenClassifier({ modelDir: model.dir }), (e) => assertDependencyMissing(e, "unusable_model"), name);
      } finally {
        model.remove();
      }
    }
  });
});
