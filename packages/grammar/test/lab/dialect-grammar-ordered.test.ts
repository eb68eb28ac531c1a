/**
 * The grammar of a dialect with `keywords: ordered` (docs/grammar.md, "Dialects"): an action call
 * of a verb with an agreed argument order leaves out the names of a leading run of arguments in
 * that order. Hand-written texts of the shipped x-evolved (spaces calls, `:` for equals, its
 * table: update(act, field, new_value), translate(src, tgt, style)), each judged by llama.cpp's
 * GBNF engine and by the dialect's strict decoder, which must agree; and texts derived from the
 * grammar with those verbs in force.
 */
import assert from "node:assert/strict";
import { beforeAll, describe, it } from "vitest";
import { registerDialect } from "@silp/dialects";
import { dialectGrammar, toGbnf } from "@silp/grammar";
import { compile, decode } from "silp";
import { derivedVerdict, evolvedDialect } from "../dialect-samples.js";
import { gbnfMatcher } from "./real-parsers.js";
import { derivedFrom } from "../samples.js";

const VERBS = ["!UPDATE", "!TRANSLATE", "!EMAIL"];
const OPTIONS = { whitelist: { extra: VERBS } };

/** Texts the printer writes (each is its own IR's canonical spelling). */
const CANONICAL = [
  "update order_42 address 5_Tianfu_Ave", // act, field, new_value: every name left out
  "update order_42 address", // a run of two
  "update order_42 act:o_43", // a second positional argument breaks the run: written act:
  "update field:address", // no act first: the run is empty and field is written
  "update a b c d", // after the order's end, an argument without a name is positional again
  "translate x y z",
  "translate x act:y", // translate's order does not start with act, so a positional one is act:
  "email notify:zhangsan and update a b", // email has no order: its names are written
];

/** Texts the strict decoder refuses, and the grammar must too. */
const REFUSED = [
  "update a b c field:z", // field was left out already: a repeated keyword id
  "update a b c act:q", // after the run has used the whole order, a positional argument is written bare
  "update act:q field:z", // update's order starts with act: a positional first argument is never act:
  "update a field:b", // field is the order's next name: the printer leaves it out
  "translate src:x", // the same for translate's first name
];

describe("dialect grammar with keywords: ordered (x-evolved)", () => {
  const spec = evolvedDialect();
  let accepts: (text: string) => boolean = () => false;

  beforeAll(async () => {
    registerDialect(spec);
    accepts = await gbnfMatcher(toGbnf(dialectGrammar(spec, { verbs: VERBS })));
  });

  for (const text of CANONICAL) {
    it(`accepts ${JSON.stringify(text)}, which the dialect prints for the IR it decodes to`, () => {
      const { ir } = decode(text, spec.name, { ...OPTIONS, strict: true });
      assert.equal(compile(ir, spec.name, OPTIONS), text);
      assert.equal(accepts(text), true);
    });
  }

  for (const text of REFUSED) {
    it(`refuses ${JSON.stringify(text)}, as the strict decoder does`, () => {
      assert.throws(() => decode(text, spec.name, { ...OPTIONS, strict: true }));
      assert.equal(accepts(text), false);
    });
  }

  it("derived texts decode strictly, or fail only in the documented ways; some leave names out", () => {
    const verdicts = { decodes: 0, "not-canonical": 0, "verb-twice": 0 };
    let elided = 0;
    derivedFrom(dialectGrammar(spec, { verbs: VERBS }), 150, 20261130, (text) => {
      const verdict = derivedVerdict(text, spec.name, OPTIONS);
      verdicts[verdict]++;
      if (verdict !== "decodes") return;
      const { ir } = decode(text, spec.name, { ...OPTIONS, strict: true });
      // A decoded name the text does not spell was left out under the order.
      if (ir.entities.some((entity) => entity.id !== "act" && !text.includes(`${entity.id}:`) && !text.includes(`"${entity.id}":`))) elided++;
    });
    assert.equal(verdicts.decodes + verdicts["not-canonical"] + verdicts["verb-twice"], 150);
    assert.ok(verdicts.decodes > 0 && elided > 0, JSON.stringify({ verdicts, elided }));
  });
});
