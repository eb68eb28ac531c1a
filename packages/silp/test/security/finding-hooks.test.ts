/**
 * findingHooks (the json fast path's hooks): they must call `found` exactly where the sanitizer's
 * own hooks (hooksOver) would report a hit or change the text, in every policy. The oracle is
 * hooksOver itself, run on the same text with an empty report: a hit added, a text returned
 * changed, or a rejection thrown is what findingHooks must find.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { trickyString } from "@silp/testkit/ir-arbitraries.js";
import { findingHooks, hooksOver } from "../../src/security/sanitizer-hooks.js";
import { HitCollector } from "../../src/security/report.js";
import { OffsetMap } from "../../src/security/offset-map.js";
import { resolveSanitizeOptions } from "../../src/security/options.js";
import type { StructureHooks } from "../../src/security/hooks.js";

const FOUND = new Error("found");
const finding = findingHooks(() => {
  throw FOUND;
});

/** Whether `look` called `found`. */
function finds(look: (hooks: StructureHooks) => unknown): boolean {
  try {
    look(finding);
    return false;
  } catch (error) {
    if (error !== FOUND) throw error;
    return true;
  }
}

/** Whether the sanitizer's hooks, in `policy`, report something for `look` (a hit, a changed text, a rejection). */
function reports(policy: "normalize" | "flag" | "reject", text: string, look: (hooks: StructureHooks) => unknown): boolean {
  const options = resolveSanitizeOptions({ homoglyphs: policy });
  const collector = new HitCollector(options.maxHits);
  const { hooks } = hooksOver({ options, offsets: new OffsetMap(), startsWith: () => false, original: () => text }, collector);
  let returned: unknown;
  try {
    returned = look(hooks);
  } catch {
    return true; // the reject policy
  }
  const report = collector.report();
  return (returned !== undefined && returned !== text) || report.hits.length > 0 || Object.values(report.counts).some((count) => count > 0);
}

const POLICIES = ["normalize", "flag", "reject"] as const;
const role = fc.constantFrom("verb" as const, "keyword" as const, "name" as const);
// Generated pieces mix scripts, homoglyphs (Cyrillic а, е, о) and invisible characters; the fixed
// ones are the kinds the policies tell apart.
const text = fc.oneof(trickyString, fc.constantFrom("cancel", "саncel", "Москва", "北京市", "Mоscow", "tо", "if", "еlse", "café", "naïve", "Ρ"));

describe("findingHooks finds exactly what the sanitizer's hooks would report", () => {
  test("structural text, in every role, quoted or bare, under every homoglyph policy", () => {
    let found = 0;
    assertProperty(
      fc.property(text, role, fc.boolean(), (value, kind, quoted) => {
        const look = (hooks: StructureHooks) => hooks.structural(value, 0, kind, quoted);
        const hit = finds(look);
        if (hit) found++;
        for (const each of POLICIES) assert.equal(hit, reports(each, value, look), `${JSON.stringify(value)} as ${kind}, ${each}`);
      }),
      { numRuns: propertyRuns(1000) },
    );
    assert.ok(found > 0, "some generated text must hold a homoglyph or a mixed-script word");
  });

  test("values, under every policy", () => {
    assertProperty(
      fc.property(text, (value) => {
        const look = (hooks: StructureHooks) => hooks.value(value, 0);
        for (const each of POLICIES) assert.equal(finds(look), reports(each, value, look), `${JSON.stringify(value)}, ${each}`);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  test("a lookahead (preview) finds what reading the text in that role would", () => {
    for (const value of ["cancel", "саncel", "Москва", "Mоscow", "еlse"]) {
      for (const kind of ["verb", "keyword", "name"] as const) {
        assert.equal(
          finds((hooks) => hooks.preview(value, kind)),
          finds((hooks) => hooks.structural(value, 0, kind, false)),
          `${value} as ${kind}`,
        );
      }
    }
    assert.equal(
      finds((hooks) => hooks.preview("саncel", "verb")),
      true,
    );
  });
});
