/**
 * "A reader that declares gpt-4o and one that declares llama-2 can be given different frontends"
 * (docs/dialect-negotiation.md, section 4), with measured costs: two dialects of the space whose
 * costs cross between the two tokenizers, found by a scan of 600 random points (the largest
 * crossing there, 0.26 tokens per payload), are counted here with the real tokenizers on the
 * study's 27 cases; the choice then sends each reader the one its own tokenizer pays less for.
 * On these payloads x-evolved is cheaper than both on both tokenizers (the finding the doc
 * records), so it is left out here: with it, both readers get x-evolved.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import type { SilpIRInput } from "silp";
import { agree, chooseFrontend, type Capabilities } from "silp/negotiation";
import { EVOLVED_DIALECT, STUDY_CASES, createDialect, dialectRef, parseDialectSpec, type DialectSpec } from "@silp/dialects";
import { loadTokenizers } from "@silp/tokens";

const ORDER = EVOLVED_DIALECT.argument_order;
// The genes as JSON text: one is named "then", and an object literal with it would be a thenable.
const AMPERSAND = parseDialectSpec({
  silp_dialect: 1,
  name: "x-ampersand",
  genes: JSON.parse(
    '{"if":"If","and":"&","then":":","actions":"newline","else":"else:","alternatives":",","call":"parens","empty_args":"()","equals":"=","location":"at","negation":"not","operators":"words","time":",","meta":"#meta","keywords":"named"}',
  ),
  argument_order: ORDER,
});
const WHEN = parseDialectSpec({
  silp_dialect: 1,
  name: "x-when",
  genes: JSON.parse(
    '{"if":"When","and":"and","then":":","actions":",","else":"else:","alternatives":",","call":"parens","empty_args":"()","equals":"= ","location":"@","negation":"not","operators":"words","time":",","meta":"meta","keywords":"named"}',
  ),
  argument_order: ORDER,
});
const COMPACT = { whitelist: "off", inlineMeta: false } as const;

test("a gpt-4o reader and a llama-2 reader are sent different dialects, each the one its tokenizer measures cheaper", async () => {
  const tokenizers = await loadTokenizers(["gpt-4o", "llama-2"]);
  const specs: DialectSpec[] = [AMPERSAND, WHEN, EVOLVED_DIALECT];
  // Mean tokens per payload, measured: tokenizer -> dialect reference -> mean.
  const measured: Record<string, Record<string, number>> = {};
  for (const tokenizer of tokenizers) {
    measured[tokenizer.name] = {};
    for (const spec of specs) {
      const dialect = createDialect(spec);
      const total = STUDY_CASES.reduce((sum, { ir }) => {
        const text = dialect.print(ir as SilpIRInput, COMPACT);
        assert.deepEqual(dialect.print(dialect.parse(text, COMPACT), COMPACT), text, "lossless on the reference set");
        return sum + tokenizer.encode(text).length;
      }, 0);
      (measured[tokenizer.name] as Record<string, number>)[dialectRef(spec)] = total / STUDY_CASES.length;
    }
  }
  const gpt = measured["gpt-4o"] as Record<string, number>;
  const llama = measured["llama-2"] as Record<string, number>;
  const [a, w, e] = specs.map(dialectRef) as [string, string, string];
  // The costs cross: x-ampersand is cheaper on gpt-4o, x-when on llama-2.
  assert.ok((gpt[a] as number) < (gpt[w] as number), JSON.stringify(gpt));
  assert.ok((llama[w] as number) < (llama[a] as number), JSON.stringify(llama));

  const costOf = (_frontend: string, ref: string | undefined, tokenizer: string) => (ref === undefined ? undefined : measured[tokenizer]?.[ref]);
  const both = (dialects: string[]): Capabilities => ({ versions: ["v1"], frontends: dialects.map((ref) => ref.split("@")[0] as string), dialects });
  const agreement = agree(both([a, w]), both([a, w]));
  const toGpt = chooseFrontend(agreement, { tokenizer: "gpt-4o", order: "cost" }, costOf, { lossless: () => true });
  const toLlama = chooseFrontend(agreement, { tokenizer: "llama-2", order: "cost" }, costOf, { lossless: () => true });
  assert.equal(toGpt.agreement.frontend, "x-ampersand", toGpt.reason);
  assert.equal(toLlama.agreement.frontend, "x-when", toLlama.reason);
  console.log(`gpt-4o: ${toGpt.reason}\nllama-2: ${toLlama.reason}`);

  // With x-evolved among the candidates, both readers get it: it is the cheapest on both.
  const withEvolved = agree(both([a, w, e]), both([a, w, e]));
  for (const tokenizer of ["gpt-4o", "llama-2"]) {
    assert.equal(chooseFrontend(withEvolved, { tokenizer, order: "cost" }, costOf, { lossless: () => true }).agreement.frontend, "x-evolved", tokenizer);
  }
});
