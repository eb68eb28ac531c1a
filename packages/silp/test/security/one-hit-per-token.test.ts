/**
 * Each confusable token is reported by the sanitizer exactly once, in its final role: the code
 * parser's look at a bare token (is it a keyword: if, else, and, then, #meta?) reports nothing.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const OFF = { whitelist: "off" } as const;
const hitsOf = (payload: string) => decode(payload, "code", OFF).sanitizer.hits.map((hit) => [hit.kind, hit.role, hit.offset, hit.replacement]);

describe("each sanitizer hit is reported once", () => {
  test("a homoglyph verb at the start (Cyrillic с) is one verb hit", () => {
    assert.deepEqual(hitsOf("\u0441ancel(x)"), [["homoglyph", "verb", 0, "cancel"]]);
  });

  test("a homoglyph verb spelling if( is a verb, not a keyword", () => {
    assert.deepEqual(hitsOf("\u0456f(x)"), [["homoglyph", "verb", 0, "if"]]);
  });

  test("homoglyph keywords are one keyword hit each", () => {
    // Cyrillic і in if, а in and, е in then and else
    assert.deepEqual(hitsOf("\u0456f a==b \u0430nd c==d th\u0435n start(x) \u0435lse: stop(y)"), [
      ["homoglyph", "keyword", 0, "if"],
      ["homoglyph", "keyword", 8, "and"],
      ["homoglyph", "keyword", 17, "then"],
      ["homoglyph", "keyword", 31, "else"],
    ]);
  });

  test("a homoglyph verb after a call (looked at as a possible else and #meta) is one verb hit", () => {
    assert.deepEqual(hitsOf("start(x); \u0435mail(y)"), [["homoglyph", "verb", 10, "email"]]);
  });

  test("reject policy: a homoglyph verb is rejected as a verb, not as a keyword", () => {
    const error = silpErrorOf(() => decode("\u0441ancel(x)", "code", { ...OFF, sanitize: { homoglyphs: "reject" } }));
    assert.equal(error.code, "unsafe_content");
    assert.equal((error.details?.hit as { role: string } | undefined)?.role, "verb");
  });
});
