/**
 * The `keywords: ordered` rule (docs/dialects.md, rule 6), checked where it can go wrong: random
 * dialects with the gene on, a random agreed table for exactly the verbs of a hostile normal-form
 * IR, and the IR's argument names redrawn from that table (plus `act` and names outside it), so
 * that leading runs match, break on a keyword, break on an `act`, and run past the table's end.
 * The oracle is the generated IR: parse(print(ir)) must deep-equal it; edits that add or drop a
 * name are accepted only when they are another IR's canonical text.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { DIALECT_SPACE, type DialectSpec, createDialect, randomDialectSpec } from "@silp/dialects";
import { type SilpIR, isSilpError } from "silp";
import { normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";

const RUNS = propertyRuns(1000);
const OPTIONS = { whitelist: "off", inlineMeta: true } as const;
const NAMES = ["act", "field", "new_value", "src", "__proto__", "if", "and", "constructor", "value"];
const SCALE = 2 ** 31;

interface Case {
  readonly spec: DialectSpec;
  readonly ir: SilpIR;
}

/** A dialect with keywords: ordered, a table for the IR's verbs, and the IR's names drawn from it. */
const caseArb: fc.Arbitrary<Case> = fc
  .tuple(
    fc.array(fc.nat({ max: SCALE - 1 }), { minLength: DIALECT_SPACE.length, maxLength: DIALECT_SPACE.length }),
    normalFormIrArb,
    fc.array(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
    fc.array(fc.nat({ max: 99 }), { minLength: 12, maxLength: 12 }),
  )
  .map(([draws, ir, orders, picks]) => {
    const verbs = [...new Set(ir.entities.map((entity) => entity.action as string).concat(ir.intent))];
    const table = Object.fromEntries(verbs.map((verb, index) => [verb, orders[index % orders.length] as string[]]));
    let next = 0;
    const keywords = DIALECT_SPACE.findIndex((gene) => gene.name === "keywords");
    // 0.75 draws the second option of keywords, "ordered"; the other genes are uniform.
    const spec = randomDialectSpec(() => (next++ === keywords ? 0.75 : (draws[next - 1] as number) / SCALE), "x-ordered", table);
    // Redraw the names: mostly the table's, in its order or not; ids stay unique per action (act may repeat).
    const used = new Map<string, Set<string>>();
    const entities = ir.entities.map((entity, index) => {
      const action = entity.action as string;
      const order = table[action] as string[];
      const pick = picks[index % picks.length] as number;
      const wanted = pick < 60 ? (order[index % order.length] as string) : pick < 80 ? "act" : entity.id;
      const taken = used.get(action) ?? new Set<string>();
      used.set(action, taken);
      const id = wanted === "act" || !taken.has(wanted) ? wanted : entity.id === "act" || !taken.has(entity.id) ? entity.id : "act";
      if (id !== "act") taken.add(id);
      const copy = { ...entity };
      Object.defineProperty(copy, "id", { value: id, enumerable: true, writable: true, configurable: true });
      return copy;
    });
    return { spec, ir: { ...ir, entities } };
  });

const namedTwin = (spec: DialectSpec): DialectSpec => ({ ...spec, genes: { ...spec.genes, keywords: "named" } });

describe("keywords: ordered, random tables x hostile IRs", () => {
  test(`parse(print(ir)) deep-equals the generated IR (${RUNS} pairs), and the rule fires`, () => {
    let shorter = 0;
    let forcedAct = 0;
    assertProperty(
      fc.property(caseArb, ({ spec, ir }) => {
        assert.equal(spec.genes.keywords, "ordered");
        const dialect = createDialect(spec);
        const payload = dialect.print(ir, OPTIONS);
        assert.deepStrictEqual(dialect.parse(payload, OPTIONS), ir, `dialect ${JSON.stringify(spec)}\npayload: ${payload}`);
        const named = createDialect(namedTwin(spec)).print(ir, OPTIONS);
        if (payload.length < named.length) shorter++;
        if (payload.length > named.length) forcedAct++;
      }),
      { numRuns: RUNS },
    );
    // Both branches of the rule are exercised: names left out, and an `act` named to break a run.
    assert.ok(shorter > RUNS / 4, `${shorter} of ${RUNS} payloads left a name out`);
    assert.ok(forcedAct > RUNS / 50, `${forcedAct} of ${RUNS} payloads named an act`);
  });

  test("two different IRs never print to the same text", () => {
    assertProperty(
      fc.property(caseArb, caseArb, ({ spec, ir: first }, { ir: second }) => {
        const dialect = createDialect(spec);
        const a = dialect.print(first, OPTIONS);
        const b = dialect.print(second, OPTIONS);
        if (a === b) assert.deepStrictEqual(first, second, `one text for two IRs: ${a}`);
      }),
      { numRuns: RUNS },
    );
  });

  test("a name added before, or dropped from, an argument: accepted only as another IR's canonical text", () => {
    assertProperty(
      fc.property(caseArb, fc.nat(), fc.constantFrom(...NAMES, "zz"), fc.boolean(), ({ spec, ir }, at, name, drop) => {
        const dialect = createDialect(spec);
        const payload = dialect.print(ir, OPTIONS);
        const equals = { "=": "=", ":": ":", "= ": "= ", " = ": " = " }[spec.genes.equals as string] as string;
        // Argument starts: after the call's opener or a separator (an approximation; any text is fair game).
        const starts = [...payload.matchAll(/[ (,]/g)].map((match) => (match.index as number) + 1);
        if (starts.length === 0) return;
        const start = starts[at % starts.length] as number;
        let edited: string;
        if (drop) {
          const found = payload.indexOf(equals, start);
          if (found < 0) return;
          edited = payload.slice(0, start) + payload.slice(found + equals.length);
        } else edited = `${payload.slice(0, start)}${name}${equals}${payload.slice(start)}`;
        let decoded: SilpIR;
        try {
          decoded = dialect.parse(edited, OPTIONS);
        } catch (error) {
          assert.ok(isSilpError(error), `not a SilpError: ${String(error)}`);
          return;
        }
        assert.equal(dialect.print(decoded, OPTIONS), edited);
        if (edited !== payload) assert.notDeepStrictEqual(decoded, ir, "two texts for one IR");
      }),
      { numRuns: RUNS },
    );
  });
});
