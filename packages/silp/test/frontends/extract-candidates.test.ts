/**
 * Where lenient extraction looks for a payload in a reply (frontends/extract.ts): each candidate's
 * bounds, tier, shape repairs, prose flag and place, written out by hand from the text. Decode
 * tests see only the IR that the chosen candidate gives, and most wrong bounds still give it
 * (a trimmed blank, a candidate found twice), so the candidates themselves are checked here.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { findCandidates, MAX_CANDIDATES, type PayloadCandidate } from "../../src/frontends/extract.js";

/** A candidate as compared: its shape repairs by kind and offset (their messages are words). */
function seen(candidate: PayloadCandidate) {
  const { start, end, kind, tier, prose, place } = candidate;
  return { start, end, kind, tier, shape: candidate.shape.map((repair) => [repair.kind, repair.offset]), prose, place };
}

const span = (start: number, end: number, tier: 1 | 2, shape: [string, number][], prose: boolean, place: string) => ({
  start,
  end,
  kind: "span",
  tier,
  shape,
  prose,
  place,
});

describe("json: balanced top-level objects", () => {
  test.each([
    // A brace inside a string does not close the object; text around each object is prose.
    ['a {"x":"}"} b {"y":1}', [span(2, 11, 1, [], true, "object 1"), span(14, 21, 1, [], true, "object 2")]],
    // An escaped quote does not end the string.
    ['{"a":"\\"}"}', [span(0, 11, 1, [], false, "object 1")]],
    // An apostrophe outside an object is prose, not a string.
    ['it\'s {"a":1}', [span(5, 12, 1, [], true, "object 1")]],
    // A string that runs to the line's end ends there.
    ['{"a":"x\n}', [span(0, 9, 1, [], false, "object 1")]],
    // A nested object is part of the outer one; an object never closed is none.
    ['{"a":{"b":1}} x {', [span(0, 13, 1, [], true, "object 1")]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "json").map(seen), expected);
  });

  test(`at most ${MAX_CANDIDATES}`, () => {
    const found = findCandidates("{}".repeat(40), "json");
    assert.equal(found.length, MAX_CANDIDATES);
    assert.deepEqual(seen(found.at(-1) as PayloadCandidate), span(30, 32, 1, [], true, `object ${MAX_CANDIDATES}`));
  });
});

describe("code: lines holding a `(`, then the shapes of a chat reply inside them", () => {
  test.each([
    // A list item after a line of prose.
    ["Sure:\n- cancel(flight)", [span(6, 22, 1, [], true, "line 2"), span(8, 22, 2, [["list_item", 6]], true, "line 2")]],
    // A numbered item; four digits are no list marker.
    ["12) go(x)", [span(0, 9, 1, [], false, "line 1"), span(4, 9, 2, [["list_item", 0]], false, "line 1")]],
    ["1234. go(x)", [span(0, 11, 1, [], false, "line 1")]],
    // A bold label of one word before the payload.
    ["**Payload:** cancel(flight)", [span(0, 27, 1, [], false, "line 1"), span(13, 27, 2, [["label_before_payload", 0]], false, "line 1")]],
    // Four words before the colon are a lead-in, not a label.
    ["Here is the payload: cancel(x)", [span(0, 30, 1, [], false, "line 1"), span(21, 30, 2, [["lead_in_before_payload", 0]], false, "line 1")]],
    // Inline code introduced by a label: the text around the backticks is prose.
    ["Payload: `cancel(x)`", [span(0, 20, 1, [], false, "line 1"), span(10, 19, 2, [["inline_code", 9]], true, "line 1")]],
    // Two pieces of code quoted inline explain a payload: neither is a candidate.
    ["Options: `a(x)` or `b(y)`", [span(0, 25, 1, [], false, "line 1")]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });

  test.each([
    ["SILP: cancel(x)", 6, 15, "label_before_payload"],
    ["Final answer: cancel(x)", 14, 23, "label_before_payload"],
    ["Step-2: cancel(x)", 8, 17, "label_before_payload"],
    // Forty characters make a label, forty-one a lead-in.
    [`${"A".repeat(40)}: cancel(x)`, 42, 51, "label_before_payload"],
    [`${"A".repeat(41)}: cancel(x)`, 43, 52, "lead_in_before_payload"],
    // Two spaces in a row, or a mark that is no letter, digit, `-` or `_`: a sentence.
    ["Final  answer: cancel(x)", 15, 24, "lead_in_before_payload"],
    ["Note!: cancel(x)", 7, 16, "lead_in_before_payload"],
  ])("%j: a label or a lead-in before the payload", (text, start, end, kind) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), [span(0, text.length, 1, [], false, "line 1"), span(start, end, 2, [[kind, 0]], false, "line 1")]);
  });

  test.each([
    ["• cancel(x)", 2],
    ["+ cancel(x)", 2],
    ["* cancel(x)", 2],
    ["-\tcancel(x)", 2],
    ["3. cancel(x)", 3],
  ])("%j: a list item", (text, start) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), [
      span(0, text.length, 1, [], false, "line 1"),
      span(start, text.length, 2, [["list_item", 0]], false, "line 1"),
    ]);
  });

  test("a marker without a blank after it is no list marker", () => {
    assert.deepEqual(findCandidates("-cancel(x)", "code").map(seen), [span(0, 10, 1, [], false, "line 1")]);
  });

  test.each([
    // A fullwidth colon introduces inline code too.
    ["Payload：`cancel(x)`", [span(0, 19, 1, [], false, "line 1"), span(9, 18, 2, [["inline_code", 8]], true, "line 1")]],
    // One sentence mark may end the line after the code, and only one.
    ["Payload: `cancel(x)`.", [span(0, 21, 1, [], false, "line 1"), span(10, 19, 2, [["inline_code", 9]], true, "line 1")]],
    ["Payload: `cancel(x)`。", [span(0, 21, 1, [], false, "line 1"), span(10, 19, 2, [["inline_code", 9]], true, "line 1")]],
    ["Payload: `cancel(x)`..", [span(0, 22, 1, [], false, "line 1")]],
    ["Payload: `cancel(x)` ok", [span(0, 23, 1, [], false, "line 1")]],
  ])("%j: inline code that ends its line", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });
});
