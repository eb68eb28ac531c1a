/** The llmlingua2 frontend through the core API, on a tiny model built by the test. */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compile, compileAsync, decode, isSilpError, listFrontends, type SilpIRInput } from "silp";
import { compileLlmlingua2, compileLlmlingua2Detailed, compressProse, decodeLlmlingua2, loadTokenClassifier, releaseTokenClassifiers } from "../src/index.js";
import { corpusDir } from "@silp/testkit/corpus.js";
import { writeTinyModel, type TinyModel } from "./helpers/tiny-model.js";

function studyCase(prefix: string): SilpIRInput {
  const dir = join(corpusDir(), "cases");
  const name = readdirSync(dir).find((file) => file.startsWith(`${prefix}_`));
  assert.ok(name, `no corpus case ${prefix}`);
  return JSON.parse(readFileSync(join(dir, name), "utf8")) as SilpIRInput;
}

describe("the llmlingua2 frontend", () => {
  let model: TinyModel;

  beforeAll(() => {
    // Content words of case 9b ("If stars is at least 4, search hotels, ...") score high.
    model = writeTinyModel({
      style: "metaspace",
      pieces: { "▁If": -4, "▁is": -4, "▁at": -4, "▁least": -3, "▁otherwise": -4, "▁stars": 3, "▁search": 3, "▁hotels": 3, "▁Tokyo": 3, "▁suggest": 2 },
    });
  });
  afterAll(async () => {
    await releaseTokenClassifiers();
    model.remove();
  });

  test("registers as lossy, compile-only and asynchronous", () => {
    const entry = listFrontends().find((frontend) => frontend.name === "llmlingua2");
    assert.ok(entry);
    assert.deepEqual({ lossless: entry.lossless, decodes: entry.decodes, async: entry.async }, { lossless: false, decodes: false, async: true });
  });

  test("compresses the natural frontend's prose of a study case", async () => {
    const ir = studyCase("case9b");
    const detailed = await compileLlmlingua2Detailed(ir, { modelDir: model.dir });
    assert.equal(detailed.prose, compile(ir, "natural", { whitelist: "off" }));
    assert.equal(detailed.fallback, false);
    assert.ok(detailed.output.length < detailed.prose.length);
    for (const word of ["stars", "search", "hotels", "Tokyo"]) assert.ok(detailed.output.split(" ").includes(word), `${word} missing from ${detailed.output}`);
    assert.equal(await compileLlmlingua2(ir, { modelDir: model.dir }), detailed.output);
  });

  test("compileAsync reaches the same output through the registry; sync compile points to compileAsync", async () => {
    const ir = studyCase("case9b");
    const direct = await compileLlmlingua2(ir, { modelDir: model.dir, rate: 0.7 });
    assert.equal(await compileAsync(ir, "llmlingua2", { whitelist: "off", frontendOptions: { modelDir: model.dir, rate: 0.7 } }), direct);
    assert.throws(
      () => compile(ir, "llmlingua2"),
      (error) => isSilpError(error) && error.code === "unsupported_frontend",
    );
  });

  test("a negated study case is refused through every entry point unless lossy output is accepted", async () => {
    const ir = studyCase("case2");
    const refused = (error: unknown) => isSilpError(error) && error.code === "lossy_refused";
    await assert.rejects(compileLlmlingua2(ir, { modelDir: model.dir }), refused);
    await assert.rejects(compileAsync(ir, "llmlingua2", { whitelist: "off", frontendOptions: { modelDir: model.dir } }), refused);
    const accepted = await compileLlmlingua2(ir, { modelDir: model.dir, allowLossy: true });
    assert.ok(accepted.length > 0);
  });

  test("when no word survives, the prose itself is the payload (the reference's fallback)", async () => {
    const ir = studyCase("case9b");
    const detailed = await compileLlmlingua2Detailed(ir, { modelDir: model.dir, rate: 0 });
    assert.equal(detailed.text, "");
    assert.equal(detailed.fallback, true);
    assert.equal(detailed.output, detailed.prose);
  });

  test("a single word ties with itself and falls back; an injected classifier is used as is", async () => {
    const classifier = await loadTokenClassifier({ modelDir: model.dir });
    const two = await compressProse("If search", classifier);
    assert.deepEqual([two.text, two.output, two.fallback], ["search", "search", false]);
    // "▁search" weighs three cl100k tokens against the period's one, so it is the threshold itself.
    for (const prose of ["search", "search."]) {
      const short = await compressProse(prose, classifier);
      assert.deepEqual([short.text, short.output, short.fallback], ["", prose, true]);
    }
    const ir = studyCase("case9b");
    assert.equal(await compileLlmlingua2(ir, { classifier, modelDir: "/ignored" }), await compileLlmlingua2(ir, { modelDir: model.dir }));
  });

  test("decoding is unsupported", () => {
    assert.throws(
      () => decodeLlmlingua2("stars 4 search hotels"),
      (error) => isSilpError(error) && error.code === "unsupported_frontend",
    );
    assert.throws(
      () => decode("stars 4 search hotels", "llmlingua2"),
      (error) => isSilpError(error) && error.code === "unsupported_frontend",
    );
  });

  test("bad options are rejected before any work: types, rate range, prose limit, invalid IR", async () => {
    const ir = studyCase("case9b");
    await assert.rejects(compileLlmlingua2(ir, { modelDir: model.dir, rate: "0.5" as unknown as number }), TypeError);
    await assert.rejects(compileLlmlingua2(ir, { modelDir: 42 as unknown as string }), TypeError);
    await assert.rejects(compileLlmlingua2(ir, { modelDir: model.dir, tokenToWord: "max" as "mean" }), TypeError);
    await assert.rejects(compileLlmlingua2(ir, { modelDir: model.dir, rate: -1 }), RangeError);
    await assert.rejects(
      compileLlmlingua2(ir, { modelDir: model.dir, limits: { maxInputLength: 10 } }),
      (error) => isSilpError(error) && error.code === "limit_exceeded",
    );
    await assert.rejects(
      compileLlmlingua2({ intent: "nope" } as unknown as SilpIRInput, { modelDir: model.dir }),
      (error) => isSilpError(error) && error.code === "invalid_ir",
    );
  });
});
