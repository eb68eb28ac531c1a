/**
 * The core the four framework adapters share: options resolved one way, bad options refused as
 * the codec refuses them (`invalid_options`, naming the option), and the decode result carried in
 * a framework's metadata as JSON and read back only when it is one.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { carriedResult, carryError, carryResult, grammarText, readPrompt, resolveModelOptions, SILP_METADATA_KEY, writePrompt } from "@silp/grammar";
import { decode, SilpError } from "silp";

const invalidOption = (option: string) => (error: unknown) =>
  error instanceof SilpError && error.code === "invalid_options" && (error.details as { option?: string }).option === option;

test("defaults: the code frontend, the spec's verbs, the codec's own decode options", () => {
  assert.deepEqual(resolveModelOptions(), { frontend: "code", verbs: undefined, decodeOptions: undefined });
});

test("the verbs in force join the strict whitelist, unless the caller set a whitelist of their own", () => {
  assert.deepEqual(resolveModelOptions({ verbs: ["!REFUND"], decodeOptions: { strict: true } }).decodeOptions, {
    strict: true,
    whitelist: { mode: "strict", extra: ["!REFUND"] },
  });
  assert.deepEqual(resolveModelOptions({ verbs: ["!REFUND"], decodeOptions: { whitelist: "off" } }).decodeOptions, { whitelist: "off" });
  // Decoding with them accepts the verb the spec does not approve, and still refuses another.
  const { decodeOptions } = resolveModelOptions({ verbs: ["REFUND"] });
  assert.equal(decode("refund(order)", "code", decodeOptions).ir.intent, "!REFUND");
  assert.throws(() => decode("launch(rocket)", "code", decodeOptions), { code: "invalid_ir" });
});

test("a frontend that is neither code nor json is invalid_options naming frontend, as the codec names its options", () => {
  assert.throws(() => resolveModelOptions({ frontend: "xml" as "code" }), invalidOption("frontend"));
  assert.throws(() => resolveModelOptions({ frontend: "xml" as "code" }), /frontend must be "code" or "json", not "xml"/);
});

test("prompts and grammars follow the verbs in force; the json frontend has no grammar (invalid_options naming grammar)", () => {
  const options = resolveModelOptions({ verbs: ["!REFUND"] });
  assert.match(writePrompt(options), /refund/i);
  assert.doesNotMatch(writePrompt(resolveModelOptions()), /refund/i);
  // The reading prompt is the other role's: it asks for the task, not a payload.
  assert.notEqual(readPrompt(options), writePrompt(options));
  assert.equal(readPrompt(options), readPrompt(resolveModelOptions({ verbs: ["!REFUND"] })));
  // The grammar admits the verb's call, which the spec's own grammar does not.
  assert.match(grammarText(options, "gbnf"), /"refund\("/);
  assert.match(grammarText(options, "lark"), /"refund\("/);
  assert.doesNotMatch(grammarText(resolveModelOptions(), "gbnf"), /refund/);
  assert.throws(() => grammarText(resolveModelOptions({ frontend: "json" }), "gbnf"), invalidOption("grammar"));
});

test("a decode result is carried under the key as JSON data, beside the metadata already there, and read back", () => {
  const decoded = decode("start(hike)", "code");
  const metadata = carryResult({ other: { kept: true } }, decoded);
  assert.equal(SILP_METADATA_KEY, "silp");
  assert.deepEqual(metadata.other, { kept: true });
  assert.deepEqual(metadata[SILP_METADATA_KEY], JSON.parse(JSON.stringify(decoded)));
  assert.equal(JSON.stringify(metadata), JSON.stringify(JSON.parse(JSON.stringify(metadata))), "JSON data only");
  assert.deepEqual(carriedResult(metadata), JSON.parse(JSON.stringify(decoded)));
});

test("metadata that holds no decode result under the key reads as none", () => {
  for (const metadata of [
    undefined,
    {},
    { silp: null },
    { silp: "x" },
    { silp: { ir: {} } },
    { silp: { ir: null, frontend: "code", repairs: [] } },
    { silp: { ir: {}, frontend: 1, repairs: [] } },
    { silp: { ir: {}, frontend: "code", repairs: {} } },
  ]) {
    assert.equal(carriedResult(metadata as Record<string, unknown> | undefined), undefined, JSON.stringify(metadata));
  }
  assert.ok(carriedResult({ silp: { ir: {}, frontend: "code", repairs: [] } }));
});

test("an answer's SilpError carried under the key is thrown by carriedResult, code and position kept", () => {
  let error: SilpError | undefined;
  try {
    decode("Sure! start(hike)", "code", { strict: true });
  } catch (caught) {
    error = caught as SilpError;
  }
  const metadata = JSON.parse(JSON.stringify(carryError({ other: 1 }, error as SilpError)));
  assert.equal(metadata.other, 1);
  assert.throws(
    () => carriedResult(metadata),
    (thrown: unknown) =>
      thrown instanceof SilpError &&
      thrown.code === error?.code &&
      thrown.offset === error.offset &&
      thrown.line === error.line &&
      thrown.column === error.column &&
      thrown.message === error.message,
  );
  // Something under `error` that is no SilpError's JSON is not one.
  assert.equal(carriedResult({ silp: { error: { code: 5 } } }), undefined);
});
