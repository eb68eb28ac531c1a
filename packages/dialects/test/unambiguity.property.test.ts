/**
 * A dialect's decoder never accepts text that another meaning could have produced. Strictness
 * makes that a theorem (an accepted text t decodes to an IR whose print is t itself); these
 * properties check it on the texts most likely to break it: printed payloads with characters
 * inserted, deleted or replaced, separators swapped for other spellings of the same dialect, and
 * pairs of different IRs.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { createDialect } from "@silp/dialects";
import { type SilpIR, isSilpError } from "silp";
import { normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { ALL_SPELLINGS } from "../src/space.js";
import { dialectSpecArb } from "./dialect-arbitraries.js";

const RUNS = propertyRuns(1000);
const OPTIONS = { whitelist: "off", inlineMeta: true } as const;

/** Characters the dialects use as structure, plus quotes and escapes: the likeliest to confuse a parser. */
const STRUCTURE = [...' \n()[],;:=!<>@"`\\|&#', "and", "or", "at", "not", "is", "else", "if", "then", "otherwise", "least", "meta"];

type Edit =
  | { kind: "insert" | "replace"; at: number; text: string }
  | { kind: "delete"; at: number; length: number }
  | { kind: "swap"; at: number; with: string };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...STRUCTURE), fc.string({ maxLength: 3 })) }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...STRUCTURE), fc.string({ maxLength: 2 })) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.constantFrom(...STRUCTURE) }),
);

function applyEdit(text: string, edit: Edit, spellings: readonly string[]): string {
  const at = text.length === 0 ? 0 : edit.at % (text.length + 1);
  switch (edit.kind) {
    case "insert":
      return text.slice(0, at) + edit.text + text.slice(at);
    case "replace":
      return text.slice(0, at) + edit.text + text.slice(at + 1);
    case "delete":
      return text.slice(0, at) + text.slice(at + edit.length);
    case "swap": {
      // Replace the first spelling of the dialect found at or after `at` with another text.
      for (let from = at; from < text.length; from++) {
        const spelling = spellings.find((candidate) => text.startsWith(candidate, from));
        if (spelling !== undefined) return text.slice(0, from) + edit.with + text.slice(from + spelling.length);
      }
      return text + edit.with;
    }
  }
}

/** Every spelling any option of the space writes (docs/dialects.md), longest first: what "swap" edits replace. */
const SPELLINGS = ALL_SPELLINGS;

describe("a dialect's decoder accepts only what its printer writes", () => {
  test(`edited payloads: whatever parse accepts, print(parse(t)) === t (${RUNS} dialects x IRs x edits)`, () => {
    let accepted = 0;
    let total = 0;
    assertProperty(
      fc.property(dialectSpecArb, normalFormIrArb, fc.array(editArb, { minLength: 1, maxLength: 3 }), (spec, ir, edits) => {
        const dialect = createDialect(spec);
        const payload = dialect.print(ir, OPTIONS);
        const edited = edits.reduce((text, edit) => applyEdit(text, edit, SPELLINGS), payload);
        let decoded: SilpIR;
        total++;
        try {
          decoded = dialect.parse(edited, OPTIONS);
        } catch (error) {
          assert.ok(isSilpError(error), `not a SilpError: ${String(error)}`);
          return;
        }
        accepted++;
        assert.equal(dialect.print(decoded, OPTIONS), edited, `payload ${JSON.stringify(payload)} edited to ${JSON.stringify(edited)}`);
        if (edited !== payload) assert.notDeepStrictEqual(decoded, ir, "two texts for one IR");
      }),
      { numRuns: RUNS },
    );
    // Some edits (inside a quoted value, say) give another valid payload: the property saw both kinds.
    assert.ok(accepted > 0 && accepted < total, `${accepted} of ${total} edited texts accepted`);
  });

  test("two different IRs never print to the same text", () => {
    assertProperty(
      fc.property(dialectSpecArb, normalFormIrArb, normalFormIrArb, (spec, first, second) => {
        const dialect = createDialect(spec);
        const a = dialect.print(first, OPTIONS);
        const b = dialect.print(second, OPTIONS);
        if (a === b) assert.deepStrictEqual(first, second, `one text for two IRs: ${a}`);
        else assert.notDeepStrictEqual(first, second);
      }),
      { numRuns: RUNS },
    );
  });

  test("IRs that differ in one value that is a reserved word or structure print differently and decode back", () => {
    assertProperty(
      fc.property(dialectSpecArb, fc.constantFrom(...STRUCTURE, "a b", "t+1", "x y", ""), (spec, word) => {
        const dialect = createDialect(spec);
        const base = {
          intent: "!START",
          entities: [{ id: "act", value: "hike" }],
          constraints: [{ type: "rain", value: "true" }],
          meta: { req_id: "a1b2c3d4" },
        };
        const variants = [
          { ...base, entities: [{ id: "act", value: word }] },
          { ...base, entities: [{ id: word, value: "hike" }] },
          { ...base, constraints: [{ type: "rain", value: word, time: "t+1" }] },
          { ...base, constraints: [{ type: "temp", value: word, operator: ">=", time: "t-2" }] },
          { ...base, alternatives: [{ action: "!START", target: word, location: word }] },
        ];
        const texts = variants.map((ir) => dialect.print(ir, OPTIONS));
        assert.equal(new Set([...texts, dialect.print(base, OPTIONS)]).size, texts.length + 1, texts.join("\n"));
        for (const text of texts) assert.equal(dialect.print(dialect.parse(text, OPTIONS), OPTIONS), text);
      }),
      { numRuns: Math.min(RUNS, 400) },
    );
  });
});
