/**
 * The json reader's JSON.parse shortcut must decode every payload it accepts exactly as the
 * reader itself does, and must decline (undefined) whatever needs a repair or an error.
 *
 * Internals, on purpose: the shortcut and the reader are called directly for the same reason as
 * json-decoder.test.ts: decode() hides which one ran. The reader runs as a stream, given the
 * text in one chunk: a whole payload's `finish` would take the shortcut first.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { compile, decode } from "silp";
import type { DecodedPayload } from "../../src/frontends/decode-context.js";
import { resolveOptions } from "../../src/options.js";
import { decodeJsonFast } from "../../src/frontends/json/lower.js";
import { IDENTITY_HOOKS, type StructureHooks } from "../../src/security/hooks.js";
import { prepareForDecode } from "../../src/security/decode-guard.js";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { feedJsonStream } from "./json-cases.js";

const OPTIONS = resolveOptions({ whitelist: "off" });

/** What the reader (not its shortcut) lowers of `text`, in the shortcut's terms. */
function positioned(text: string, options = OPTIONS, hooks: StructureHooks = IDENTITY_HOOKS): DecodedPayload {
  return feedJsonStream(text, options, [text.length], hooks);
}

describe("the json reader's JSON.parse shortcut", () => {
  test("agrees with the reader on generated payloads (inline meta and compact)", () => {
    // 2,000 by default; the mutation run lowers SILP_PROPERTY_RUNS (docs/mutation.md).
    const runs = propertyRuns(2000);
    let accepted = 0;
    assertProperty(
      fc.property(irArb, fc.boolean(), (ir, inlineMeta) => {
        const text = compile(ir, "json", { whitelist: "off", inlineMeta });
        const fast = decodeJsonFast(text);
        const slow = positioned(text);
        if (fast !== undefined) {
          accepted++;
          assert.equal(JSON.stringify(fast), JSON.stringify(slow));
          assert.deepStrictEqual(fast, slow);
        }
      }),
      { numRuns: runs },
    );
    assert.ok(accepted > runs / 2, `the fast path should take most compiled payloads (took ${accepted} of ${runs})`);
  });

  test("with the sanitizer on, agrees with the reader and its report wherever the sanitizer has no hit to position", () => {
    // Generated values mix scripts, homoglyphs and invisible characters (testkit/ir-arbitraries.ts).
    const runs = propertyRuns(2000);
    const options = resolveOptions({ whitelist: "off" });
    let sanitized = 0;
    let accepted = 0;
    let declined = 0;
    assertProperty(
      fc.property(irArb, fc.boolean(), (ir, inlineMeta) => {
        const text = compile(ir, "json", { whitelist: "off", inlineMeta });
        const prepared = prepareForDecode(text, options);
        if (prepared.hooks === IDENTITY_HOOKS) return;
        sanitized++;
        const before = JSON.stringify(prepared.report());
        const fast = decodeJsonFast(prepared.text, true);
        let slow: DecodedPayload;
        try {
          slow = positioned(prepared.text, options, prepared.hooks);
        } catch (error) {
          // The sanitizer's reject policy is not the default; nothing else is rejected here, so the fast path must have declined.
          assert.equal(fast, undefined);
          throw error;
        }
        const hooksReported = JSON.stringify(prepared.report()) !== before;
        if (fast === undefined) {
          declined++;
          return;
        }
        accepted++;
        // Taken only where the sanitizer's hooks report nothing: then both decoders read the same IR.
        assert.equal(hooksReported, false, text);
        assert.deepStrictEqual(fast, slow);
      }),
      { numRuns: runs },
    );
    assert.ok(accepted > sanitized / 10, `the fast path should take payloads whose non-ASCII text is no hit (took ${accepted} of ${sanitized})`);
    // About one in ten at 2,000 runs; the mutation run's 100 runs make a handful.
    assert.ok(declined > 0, `generated homoglyphs and mixed scripts should make it decline (declined ${declined} of ${sanitized})`);
  });

  test("pure non-Latin text is no hit: such a payload takes the fast path; a mixed-script word or a homoglyph in a key declines", () => {
    const options = resolveOptions({});
    const fast = (text: string) => decodeJsonFast(prepareForDecode(text, options).text, true);
    assert.deepEqual(fast('{"intent":"!BOOK","город":"Москва","to":"北京市"}')?.ir.entities, [
      { id: "город", value: "Москва", action: "!BOOK" },
      { id: "to", value: "北京市", action: "!BOOK" },
    ]);
    for (const text of [
      '{"intent":"!BOOK","to":"Mоscow"}',
      '{"intent":"!BOOK","tо":"Moscow"}',
      '{"intent":"!BOOK","action_еmail":["x"]}',
      '{"intent":"!BOOK","entities":[{"id":"act","value":"x","nоte":"y"}]}',
    ]) {
      assert.equal(fast(text), undefined, text);
    }
  });

  test("a caller-raised maxDepth: a 30,000-deep extra value decodes on the fast path, without recursion", () => {
    const depth = 30_000;
    const text = `{"intent":"!BOOK","entities":[{"id":"act","value":"x","extra":${"[".repeat(depth)}${"]".repeat(depth)}}],"meta":{"req_id":"0badc0de"}}`;
    const result = decode(text, "json", { whitelist: "off", limits: { maxDepth: 100_000 } });
    let extra = result.ir.entities[0]?.extra as unknown;
    let levels = 0;
    while (Array.isArray(extra) && extra.length === 1) {
      extra = extra[0];
      levels++;
    }
    assert.deepEqual([levels + 1, extra], [depth, []]);
    assert.notEqual(decodeJsonFast(text), undefined);
  });

  test("declines payloads that need a repair or an error", () => {
    for (const text of [
      '{"intent":"!BOOK","nights":2}',
      '{"intent":"!BOOK","act":"a","act":"b"}',
      '{"intent":"!BOOK","action_email":"x"}',
      '{"intent":"!BOOK","action_Email":["x"]}',
      '{"intent":"!BOOK","act":"x","entities":[]}',
      '{"intent":"!BOOK","constraints":[{"type":"a"}]}',
      '{"intent":"!BOOK","meta":[]}',
      '{"intent":"!BOOK",}',
      "[1]",
      "",
    ]) {
      assert.equal(decodeJsonFast(text), undefined, text);
    }
  });

  test("declines a payload that repeats a key at any depth, escaped or not, and only that", () => {
    const head = '"intent":"!BOOK","meta":{"req_id":"5e1f0a9c"}';
    const entity = (extra: string): string => `{${head},"entities":[{"id":"act","value":"x","extra":${extra}}]}`;
    const declined = [
      `{${head},"to":"Oslo","to":"Rome"}`,
      `{${head},"to":"Oslo","\\u0074o":"Rome"}`,
      entity('{"a":1,"b":{"a":2},"a":3}'),
      entity('[{"a":1},{"b":{"c":1,"c":2}}]'),
      `{"intent":"!BOOK","meta":{"req_id":"5e1f0a9c","req_id":"5e1f0a9c"}}`,
      `{${head},"__proto__":"a","__proto__":"b"}`,
    ];
    for (const text of declined) assert.equal(decodeJsonFast(text), undefined, text);
    const accepted = [
      entity('[{"a":1},{"a":2}]'),
      entity('{"a":1,"b":{"a":2},"c":"a:"}'),
      entity('"\\"a\\":1,\\"a\\":2"'),
      `{${head},"to":"a:b","from":"{\\"to\\":1}"}`,
      `{${head},"__proto__":"a"}`,
    ];
    for (const text of accepted) assert.notEqual(decodeJsonFast(text), undefined, text);
  });
});
