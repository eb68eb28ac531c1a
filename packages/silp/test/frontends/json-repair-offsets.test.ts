/**
 * The json repair's offset map before the first token, and its pre-scan's refusals of garbage a
 * general repairer is quadratic on, pinned against hand-written values. Internal on purpose:
 * decode() reaches the repair only behind other steps that can mask these edges.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import type { Repair } from "silp";
import { resolveOptions } from "../../src/options.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { repairJson } from "../../src/frontends/json/repair.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";

function repair(payload: string): { text: string; repairs: Repair[]; offsets: number[] } | undefined {
  const context = new DecodeContext(payload, resolveOptions({}), IDENTITY_HOOKS);
  const repaired = repairJson(context, payload, 0);
  if (!repaired) return undefined;
  const offsets: number[] = [];
  for (let offset = 0; offset <= repaired.text.length; offset++) offsets.push(repaired.originalOffset(offset));
  return { text: repaired.text, repairs: context.repairs, offsets };
}

describe("json repair: the offset map before the first token, the pre-scan's refusals", () => {
  test("an offset before the first token maps to 0", () => {
    // "  [1,]" -> "  [1]": tokens at 2, 3, 4 in the repair were at 2, 3, 5; offsets 0 and 1
    // (leading blanks, before any token) have no token at or before them.
    assert.deepEqual(repair("  [1,]"), {
      text: "  [1]",
      repairs: [{ kind: "json_trailing_comma", offset: 4, message: "a comma before ]" }],
      offsets: [0, 0, 2, 3, 5, 5],
    });
  });

  // A general repairer is quadratic on this garbage (jsonrepair: 2.5 s for 32K repeats); the
  // pre-scan must refuse it in one linear pass. Checked as growth (8x the garbage, far less than
  // 64x the time), never as a wall time: an absolute bound failed under mutation testing's
  // instrumentation, which slows every statement.
  const garbage = (repeats: number): string => `{"III"${'III"'.repeat(repeats)}`;
  test("an unexpected punctuation mark after a value refuses in linear time", () => {
    // `[1{`: after the value 1 only `,` or `]` may come.
    assert.equal(repair(`[1${garbage(64_000)}`), undefined);
    assertLinearTime("refusing [1{...", (text) => repair(text), `[1${garbage(8_000)}`, `[1${garbage(64_000)}`);
  });

  test("any token after the complete value refuses in linear time", () => {
    // `[1],{`: the value is complete at `]`; nothing may follow (not even more JSON values).
    assert.equal(repair(`[1],${garbage(64_000)}`), undefined);
    assertLinearTime("refusing [1],{...", (text) => repair(text), `[1],${garbage(8_000)}`, `[1],${garbage(64_000)}`);
  });
});
