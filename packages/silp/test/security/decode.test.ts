/** The sanitizer as decode runs it (src/security/decode-guard.ts behind `decode`). */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { compile, decode, SilpError } from "silp";

describe("decode carries the sanitizer report", () => {
  test("homoglyph keyword and verb are folded; the IR is the clean one", () => {
    const clean = decode("if !rain(t+1): cancel(hike)");
    const spoofed = decode("іf !rain(t+1): саncel(hike)"); // Cyrillic і, с, а
    assert.equal(spoofed.ir.intent, "!CANCEL");
    assert.deepEqual(spoofed.ir.entities, clean.ir.entities);
    assert.deepEqual(spoofed.ir.constraints, clean.ir.constraints);
    assert.deepEqual(
      spoofed.sanitizer.hits.map((h) => [h.kind, h.role, h.offset, h.replacement]),
      [
        ["homoglyph", "keyword", 0, "if"],
        ["homoglyph", "verb", 15, "cancel"],
      ],
    );
    assert.equal(spoofed.sanitizer.changed, true);
    assert.deepEqual(clean.sanitizer.hits, []);
  });

  test("zero-width characters are stripped before parsing and reported at their original offset", () => {
    const payload = "if !ra\u200bin(t+1): st\ufeffart(hike) else: start(cards@indoor)";
    const result = decode(payload);
    assert.equal(result.ir.intent, "!START");
    assert.equal(result.ir.constraints[0]?.type, "!rain");
    assert.deepEqual(
      result.sanitizer.hits.map((h) => [h.kind, h.offset]),
      [
        ["zero_width", 6],
        ["zero_width", 18],
      ],
    );
  });

  test("a syntax error after stripped characters points into the original payload", () => {
    const payload = "\u200b\u200bstart(hike\u202e";
    assert.throws(
      () => decode(payload),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "invalid_syntax");
        assert.equal(error.offset, payload.length);
        return true;
      },
    );
  });

  test("a bare mixed-script name is folded, a mixed-script value is kept and flagged", () => {
    const result = decode("start(lоc=pаypal)"); // Cyrillic о in the name, а in the value
    assert.deepEqual(
      result.ir.entities.map((e) => [e.id, e.value]),
      [["loc", "pаypal"]],
    );
    assert.deepEqual(
      result.sanitizer.hits.map((h) => [h.kind, h.role, h.action]),
      [
        ["homoglyph", "name", "normalized"],
        ["mixed_script", "value", "flagged"],
      ],
    );
  });

  for (const frontend of ["code", "json"]) {
    test(`${frontend}: non-Latin and emoji values survive compile/decode byte for byte with no hit`, () => {
      const values = ["Москва", "北京市朝阳区", "東京タワー", "القاهرة", "👨‍👩‍👧 🏳️‍🌈 ❤️", "Tokyo 東京", "می‌خواهم"];
      const ir = {
        intent: "!SEARCH",
        entities: values.map((value, i) => ({ id: `v${i}`, value })),
        meta: { req_id: "0a1b2c3d" },
      };
      const result = decode(compile(ir, frontend), frontend);
      assert.deepEqual(
        result.ir.entities.map((e) => e.value),
        values,
      );
      assert.deepEqual(result.sanitizer.hits, []);
    });
  }

  test("raw (unescaped) joiners inside emoji and Persian words written by a peer survive with no hit", () => {
    const value = "می‌خواهم 👨‍👩‍👧";
    const result = decode(`search(q=${JSON.stringify(value)})`);
    assert.equal(result.ir.entities[0]?.value, value);
    assert.deepEqual(result.sanitizer.hits, []);
  });
});
