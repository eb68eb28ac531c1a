/** Test helper: the samples both grammar checks use (compiled payloads, texts derived from the grammar), seeded. */
import assert from "node:assert/strict";
import { codeGrammar, derive, type Grammar } from "@silp/grammar";
import { fullMetaIrArb } from "@silp/testkit/ir-arbitraries.js";
import fc from "fast-check";
import { compile, type SilpIRInput, type SilpOptions } from "silp";
import { withVerbs } from "./verbs-in-force.js";

/** Prints an IR (the code frontend's compile, or a dialect's printer); throws on an invalid IR. */
export type Printer = (ir: SilpIRInput, options: SilpOptions) => string;

const printCode: Printer = (ir, options) => compile(ir, "code", options);

/** `count` payloads `print` (default: compile() to code) writes for generated IRs whose verbs are `verbs` (IRs the remap made invalid are skipped). */
export function compiledPayloads(verbs: readonly string[], count: number, seed: number, options: SilpOptions = {}, print: Printer = printCode): string[] {
  const out: string[] = [];
  let round = 0;
  while (out.length < count) {
    for (const ir of fc.sample(fullMetaIrArb, { seed: seed + round, numRuns: count })) {
      try {
        out.push(print(withVerbs(ir, verbs), options));
      } catch {
        // withVerbs can make two keyword ids collide within one action: not a valid IR, not a payload.
      }
      if (out.length === count) break;
    }
    round++;
  }
  return out;
}

export function derivedTexts(verbs: readonly string[], count: number, seed: number, check: (text: string) => void): string[] {
  return derivedFrom(codeGrammar({ verbs }), count, seed, check);
}

/**
 * A JSON number the grammar admits but decode may refuse (docs/grammar.md, "What the grammar still
 * over-accepts"): a 3-digit exponent or 16 digits and more, where a value can read as Infinity or 0,
 * or an integer lose its digits (docs/ir.md, "Numbers and other values"). Such texts are drawn
 * again, not checked; the codec's own tests pin the refusal.
 */
const NUMBER_DECODE_MAY_REFUSE = /[eE][+-]?\d{3,}|\d{16,}/;

/** `count` texts derived at random from `grammar` (seeded), each passed to `check` (which throws to fail). */
export function derivedFrom(grammar: Grammar, count: number, seed: number, check: (text: string) => void): string[] {
  const texts: string[] = [];
  fc.assert(
    fc.property(fc.gen(), (gen) => {
      const text = derive(grammar, { random: () => gen(fc.integer, { min: 0, max: 0xffff_ffff }) / 0x1_0000_0000 });
      fc.pre(!NUMBER_DECODE_MAY_REFUSE.test(text));
      try {
        check(text);
      } catch (error) {
        throw new Error(`derived text ${JSON.stringify(text)} fails: ${(error as Error).message}`);
      }
      texts.push(text);
    }),
    { seed, numRuns: count, endOnFailure: true, reporter: (details) => assert.equal(details.failed, false, `seed ${seed}: ${String(details.errorInstance)}`) },
  );
  return texts;
}
