/**
 * A dialect's system prompt shows only payloads its decoder accepts (they decode to the example
 * IRs), and states every spelling the dialect uses.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { CODE_DIALECT, DIALECT_EXAMPLE_MARK, buildDialectPrompt, createDialect } from "@silp/dialects";
import { decode } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { assertProperty } from "@silp/testkit/property.js";
import { dialectSpecArb } from "./dialect-arbitraries.js";

/** The example payloads as a reader finds them: consecutive marked lines form one payload. */
function payloadsIn(text: string): string[] {
  const payloads: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split("\n")) {
    if (line.startsWith(DIALECT_EXAMPLE_MARK)) {
      current = current ?? [];
      current.push(line.slice(DIALECT_EXAMPLE_MARK.length));
    } else if (current !== undefined) {
      payloads.push(current.join("\n"));
      current = undefined;
    }
  }
  if (current !== undefined) payloads.push(current.join("\n"));
  return payloads;
}

const withoutReqId = (ir: { meta: object }) => ({ ...ir, meta: { ...ir.meta, req_id: "" } });

describe("buildDialectPrompt", () => {
  test("for random dialects and both roles, every example payload decodes to its example's IR", () => {
    assertProperty(
      fc.property(dialectSpecArb, fc.constantFrom("write" as const, "read" as const), (spec, role) => {
        const prompt = buildDialectPrompt(spec, { role });
        const payloads = payloadsIn(prompt.text);
        assert.equal(payloads.length, APPENDIX_EXAMPLES.length);
        const dialect = createDialect(spec);
        payloads.forEach((payload, index) => {
          const example = APPENDIX_EXAMPLES[index] as (typeof APPENDIX_EXAMPLES)[number];
          const expected = decode(createDialect(CODE_DIALECT).print(example.ir, { whitelist: "off", inlineMeta: false }), "code", { whitelist: "off" }).ir;
          assert.deepStrictEqual(withoutReqId(dialect.parse(payload, { whitelist: "off", inlineMeta: false })), withoutReqId(expected), payload);
        });
      }),
      { numRuns: 60 },
    );
  });

  test("states the dialect's spellings, verbs and reserved words", () => {
    const spec = { ...CODE_DIALECT, name: "x-plain", genes: { ...CODE_DIALECT.genes, call: "spaces", else: "otherwise", operators: "words", negation: "not" } };
    const { text } = buildDialectPrompt(spec, { role: "write", verbs: ["!START", "!BOOK"] });
    for (const piece of [
      '"if "',
      '" otherwise "',
      '"not "',
      '" at least " for >=',
      "VERB ARG ARG",
      "Verbs (the only function names allowed): start, book.",
      "otherwise",
      "x-plain",
    ]) {
      assert.ok(text.includes(piece), piece);
    }
    assert.match(text, /as values they go in double quotes: .*\bleast\b.*\bnot\b.*\botherwise\b/);
    assert.ok(text.includes("SILP: if not rain t+1: start hike otherwise start cards@indoor"), text);
  });

  test("an ordered dialect's prompt states the agreed argument order; a named one's does not", () => {
    const genes = { ...CODE_DIALECT.genes, call: "spaces", equals: " = ", keywords: "ordered" };
    const ordered = buildDialectPrompt({ ...CODE_DIALECT, name: "x-o", genes, argument_order: { "!TRANSLATE": ["src", "tgt"] } }, { role: "write" }).text;
    assert.ok(ordered.includes("Argument order agreed for these verbs: translate(src, tgt)."), ordered);
    assert.ok(ordered.includes("act = value"), ordered);
    const named = buildDialectPrompt(
      { ...CODE_DIALECT, name: "x-n", genes: { ...genes, keywords: "named" }, argument_order: { "!TRANSLATE": ["src"] } },
      { role: "write" },
    );
    assert.doesNotMatch(named.text, /Argument order/);
  });

  test("the read prompt explains the meta trailer; the write prompt does not", () => {
    assert.match(
      buildDialectPrompt(CODE_DIALECT, { role: "read" }).text,
      /" #\{…\}" at the end, if present, carries message metadata, not part of the task: p2 priority 2, c\.75 confidence 0\.75/,
    );
    assert.doesNotMatch(buildDialectPrompt(CODE_DIALECT, { role: "write" }).text, /metadata/);
    assert.throws(() => buildDialectPrompt(CODE_DIALECT, { role: "edit" as "write" }), TypeError);
  });
});
