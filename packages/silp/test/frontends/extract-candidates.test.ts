/**
 * Where lenient extraction looks for a payload in a reply (frontends/extract.ts): each candidate's
 * bounds, tier, shape repairs, prose flag and place, written out by hand from the text. Decode
 * tests see only the IR that the chosen candidate gives, and most wrong bounds still give it
 * (a trimmed blank, a candidate found twice), so the candidates themselves are checked here.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { assertLinearTime } from "@silp/testkit/linear-time.js";
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

/** A fenced block as findCandidates returns it: the content's bounds, the opening fence's offset, its 1-based index. */
const fence = (start: number, end: number, fenceAt: number, index: number) => ({
  start,
  end,
  kind: "fence",
  tier: 1,
  fenceAt,
  index,
  shape: [],
  prose: false,
  place: `fenced block ${index}`,
});

describe("fenced blocks: when a reply has them, only they are candidates", () => {
  test.each([
    // Two blocks around prose; the first after a line of prose, with a language tag.
    ['Sure:\n```json\n{"a":1}\n```\nand\n```\nb\n```', [fence(14, 21, 6, 1), fence(34, 35, 30, 2)]],
    // A line with a tag inside a block does not close it: only a bare ``` does.
    ["```\na(x)\n```json\nb(y)\n```", [fence(4, 21, 0, 1)]],
    // CRLF, and blank lines before the closing fence: the content ends at its last character.
    ["```silp\r\ngo(x)\r\n\r\n```\r\n", [fence(9, 14, 0, 1)]],
    // Blanks around the tag, as around a whole text (fence.ts, opensFence).
    ["``` json \ncall(x)\n```", [fence(10, 17, 0, 1)]],
    // Empty blocks, with and without an empty line.
    ["```\n```", [fence(4, 4, 0, 1)]],
    ["```\n\n```", [fence(4, 4, 0, 1)]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code"), expected);
  });

  test.each([
    // A fence that never closes is no block: the lines after it are the candidates.
    ["```\ngo(x)", [span(4, 9, 1, [], true, "line 2")]],
    // Four backticks do not open a fence (the tag would be a backtick).
    ["````\nx(y)\n````", [span(5, 9, 1, [], true, "line 2")]],
  ])("%j: no fenced block", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });

  test(`at most ${MAX_CANDIDATES}`, () => {
    const found = findCandidates("```\na\n```\n".repeat(20), "code");
    assert.equal(found.length, MAX_CANDIDATES);
    assert.deepEqual(found.at(-1), fence(154, 155, 150, 16));
  });
});

describe("code: each cap of 16 on its own", () => {
  test("sixteen whole lines and sixteen parts of lines", () => {
    const found = findCandidates("- a(x)\n".repeat(20), "code").map(seen);
    assert.equal(found.length, 2 * MAX_CANDIDATES);
    assert.deepEqual(found[MAX_CANDIDATES - 1], span(105, 111, 1, [], true, "line 16"));
    assert.deepEqual(found.at(-1), span(107, 111, 2, [["list_item", 105]], true, "line 16"));
  });

  test("the parts go on after the whole lines are full", () => {
    const found = findCandidates(`${"a(x)\n".repeat(16)}- b(y)`, "code").map(seen);
    assert.equal(found.length, MAX_CANDIDATES + 1);
    assert.deepEqual(found.at(-1), span(82, 86, 2, [["list_item", 80]], true, "line 17"));
  });
});

describe("code: the edges of each shape", () => {
  test.each([
    // A line without a `(` is no candidate, after one that is.
    ["a(x)\nno parens here", [span(0, 4, 1, [], true, "line 1")]],
    // A CR before the line break is not part of the line.
    ["- go(x)\r\nok", [span(0, 7, 1, [], true, "line 1"), span(2, 7, 2, [["list_item", 0]], true, "line 1")]],
    // A reply that begins with a blank still has prose around a later line.
    [" Sure:\n- go(x)", [span(7, 14, 1, [], true, "line 2"), span(9, 14, 2, [["list_item", 7]], true, "line 2")]],
    // A numbered item on a later line; 0 and 9 are digits; letters, a lone `.` and `1:` are no markers.
    ["x\n12. go(x)", [span(2, 11, 1, [], true, "line 2"), span(6, 11, 2, [["list_item", 2]], true, "line 2")]],
    ["10. go(x)", [span(0, 9, 1, [], false, "line 1"), span(4, 9, 2, [["list_item", 0]], false, "line 1")]],
    ["9) go(x)", [span(0, 8, 1, [], false, "line 1"), span(3, 8, 2, [["list_item", 0]], false, "line 1")]],
    ["ab. go(x)", [span(0, 9, 1, [], false, "line 1")]],
    [". go(x)", [span(0, 7, 1, [], false, "line 1")]],
    ["1: go(x)", [span(0, 8, 1, [], false, "line 1"), span(3, 8, 2, [["label_before_payload", 0]], false, "line 1")]],
    // Inline code after a label inside a list item: the marker is accounted for, the label is prose.
    [
      "- Payload: `go(x)`",
      [
        span(0, 18, 1, [], false, "line 1"),
        span(2, 18, 2, [["list_item", 0]], false, "line 1"),
        span(
          12,
          17,
          2,
          [
            ["list_item", 0],
            ["inline_code", 11],
          ],
          true,
          "line 1",
        ),
      ],
    ],
    // Blanks inside the backticks are not the payload's.
    ["Payload: ` go(x) `", [span(0, 18, 1, [], false, "line 1"), span(11, 16, 2, [["inline_code", 9]], true, "line 1")]],
    // Code without a `(` is no payload; nor is code never closed on its line.
    ["f(x): `abc`", [span(0, 11, 1, [], false, "line 1")]],
    ["Payload: `go(x)", [span(0, 15, 1, [], false, "line 1")]],
    // After the code: a blank then a `.`, or a `!`, may end the line, and so may trailing blanks
    // (the line's end is trimmed, not the text's); a `;` may not.
    ["Payload: `go(x)` .", [span(0, 18, 1, [], false, "line 1"), span(10, 15, 2, [["inline_code", 9]], true, "line 1")]],
    ["Payload: `go(x)`!", [span(0, 17, 1, [], false, "line 1"), span(10, 15, 2, [["inline_code", 9]], true, "line 1")]],
    ["Payload: `go(x)`;", [span(0, 17, 1, [], false, "line 1")]],
    ["Payload: `go(x)`  \nok", [span(0, 16, 1, [], true, "line 1"), span(10, 15, 2, [["inline_code", 9]], true, "line 1")]],
    // Alone on its line and the whole reply but for a sentence mark, inline code is not a payload.
    ["`go(x)`.", [span(0, 8, 1, [], false, "line 1")]],
    // Bold marks: at most two between the colon and the code.
    ["**Payload:** `go(x)`", [span(0, 20, 1, [], false, "line 1"), span(14, 19, 2, [["inline_code", 13]], true, "line 1")]],
    ["Payload:*** `go(x)`", [span(0, 19, 1, [], false, "line 1")]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });

  test.each([
    // Three backticks then code closed by one: no inline code, so the later line's span is the only one.
    [
      "```go(x)`\nPayload: `run(y)`",
      [span(0, 9, 1, [], true, "line 1"), span(10, 27, 1, [], true, "line 2"), span(20, 26, 2, [["inline_code", 19]], true, "line 2")],
    ],
    // After a span without a `(`, the next backtick opens the next span, not the text between them.
    [
      "`x` go(y) `z`\nPayload: `run(a)`",
      [span(0, 13, 1, [], true, "line 1"), span(14, 31, 1, [], true, "line 2"), span(24, 30, 2, [["inline_code", 23]], true, "line 2")],
    ],
    // A span without a `(` does not count as quoted code.
    ["`a` and: `go(x)`", [span(0, 16, 1, [], false, "line 1"), span(10, 15, 2, [["inline_code", 9]], true, "line 1")]],
  ])("%j: the one span of code the reply quotes", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });

  test.each([
    // Bold marks around a label, before or after the colon, with `*` or `_`.
    ["**Payload**: go(x)", 13, "label_before_payload"],
    ["__Payload__: go(x)", 13, "label_before_payload"],
    ["__Payload:__ go(x)", 13, "label_before_payload"],
    // Marks only, a mark then a blank, a blank before the colon: a lead-in.
    ["**: go(x)", 4, "lead_in_before_payload"],
    ["** Note: go(x)", 9, "lead_in_before_payload"],
    ["Final answer : go(x)", 15, "lead_in_before_payload"],
    // An underscore is a word's, and three words make a label.
    ["snake_case: go(x)", 12, "label_before_payload"],
    ["One two three: go(x)", 15, "label_before_payload"],
    // What a payload starts with: a word of letters, digits and `_` of either case, or `!` and a verb.
    ["Note: z(x)", 6, "label_before_payload"],
    ["Note: A(x)", 6, "label_before_payload"],
    ["Note: Z(x)", 6, "label_before_payload"],
    ["Note: a09_(x)", 6, "label_before_payload"],
    ["Note: !GO(x)", 6, "label_before_payload"],
  ])("%j: what comes before the payload", (text, start, kind) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), [
      span(0, text.length, 1, [], false, "line 1"),
      span(start, text.length, 2, [[kind, 0]], false, "line 1"),
    ]);
  });

  test.each([
    // No word before the `(`, or a `-` in it.
    "Note: (x)",
    "Note: !(x)",
    "Note: a-b(x)",
    // No blank after the colon, nothing before it, a parenthesis before it (code, not prose).
    "Note:go(x)",
    ": go(x)",
    "a( b: go(y)",
    "a) b: go(y)",
  ])("%j: no label or lead-in", (text) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), [span(0, text.length, 1, [], false, "line 1")]);
  });

  test("a label of 30 characters after a list marker on a later line", () => {
    const text = `Note\n- ${"A".repeat(30)}: go(x)`;
    assert.deepEqual(findCandidates(text, "code").map(seen), [
      span(5, 44, 1, [], true, "line 2"),
      span(7, 44, 2, [["list_item", 5]], true, "line 2"),
      span(
        39,
        44,
        2,
        [
          ["list_item", 5],
          ["label_before_payload", 7],
        ],
        true,
        "line 2",
      ),
    ]);
  });

  test("each shape's repair says what was left out", () => {
    const messages = (text: string) => findCandidates(text, "code").flatMap((candidate) => candidate.shape.map((repair) => [repair.kind, repair.message]));
    assert.deepEqual(messages("- Note: go(x)"), [
      ["list_item", "a list item's marker before the payload was left out"],
      ["list_item", "a list item's marker before the payload was left out"],
      ["label_before_payload", "a label before the payload on its line was left out"],
    ]);
    assert.deepEqual(messages("Here it is, the payload: go(x)"), [
      ["lead_in_before_payload", "a lead-in sentence before the payload on its line was left out"],
    ]);
    assert.deepEqual(messages("Payload: `go(x)`"), [["inline_code", "the payload in inline code (backticks)"]]);
  });
});

describe("json: the edges of an object", () => {
  test.each([
    // A brace in a single-quoted string does not close the object.
    ["{'a':'}'}", [span(0, 9, 1, [], false, "object 1")]],
    // A closing brace outside any object is prose.
    ['} {"a":1}', [span(2, 9, 1, [], true, "object 1")]],
    // One character after the object is prose.
    ['{"a":1}x', [span(0, 7, 1, [], true, "object 1")]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "json").map(seen), expected);
  });
});

describe("one pass over the reply", () => {
  // Each character's next occurrence is searched once per scan; searching again from each line
  // would cost a pass over the rest of the text per line. Both ends: the characters searched for
  // come only at the end of the reply, or only at its start.
  test.each([
    ["at the end", (n: number) => `${"x(\n".repeat(n)}\`:\``],
    ["at the start", (n: number) => `\`:\`\n${"x(\n".repeat(n)}`],
  ])("backticks and colons %s: 8x the lines take less than 22.6x the time", (_, build) => {
    assertLinearTime("findCandidates", (text) => findCandidates(text, "code"), build(16_000), build(128_000));
  });
});

describe("what each check of a shape decides", () => {
  test.each([
    // A line of three characters that is not ``` does not close a block.
    ["```\nabc\n```", [fence(4, 7, 0, 1)]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code"), expected);
  });

  test.each([
    // Blanks before a payload that is the whole reply, and a line break after it, are no prose.
    [" go(x) \n", [span(1, 6, 1, [], false, "line 1")]],
    // Inline code alone is a payload when it is the whole reply, or a list item's, even amid prose.
    ["`go(x)`", [span(0, 7, 1, [], false, "line 1"), span(1, 6, 2, [["inline_code", 0]], false, "line 1")]],
    [
      "- `go(x)`",
      [
        span(0, 9, 1, [], false, "line 1"),
        span(2, 9, 2, [["list_item", 0]], false, "line 1"),
        span(
          3,
          8,
          2,
          [
            ["list_item", 0],
            ["inline_code", 2],
          ],
          false,
          "line 1",
        ),
      ],
    ],
    [
      "Sure\n- `go(x)`",
      [
        span(5, 14, 1, [], true, "line 2"),
        span(7, 14, 2, [["list_item", 5]], true, "line 2"),
        span(
          8,
          13,
          2,
          [
            ["list_item", 5],
            ["inline_code", 7],
          ],
          true,
          "line 2",
        ),
      ],
    ],
    // Two quoted pieces of code on two lines: neither is a payload.
    ["`a(x)` is one way.\nPayload: `b(y)`", [span(0, 18, 1, [], true, "line 1"), span(19, 34, 1, [], true, "line 2")]],
    // Bold marks of `_` before the colon that introduces the code.
    ["__Payload:__ `go(x)`", [span(0, 20, 1, [], false, "line 1"), span(14, 19, 2, [["inline_code", 13]], true, "line 1")]],
    // A condition's colon is not a lead-in's.
    ["if a: go(x)", [span(0, 11, 1, [], false, "line 1")]],
    // At most two bold marks after a label's colon; a letter outside ASCII does not start a call.
    ["Payload:*** go(x)", [span(0, 17, 1, [], false, "line 1")]],
    ["Note: é(x)", [span(0, 10, 1, [], false, "line 1")]],
  ])("%j", (text, expected) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), expected);
  });

  test.each([
    // A payload may start with `if `.
    ["Payload: if a: go(x)", 9, "label_before_payload"],
    // Bold marks are not counted in a label's 40 characters, on either side.
    [`__${"A".repeat(39)}: go(x)`, 43, "label_before_payload"],
    [`${"A".repeat(39)}__: go(x)`, 43, "label_before_payload"],
  ])("%j: what comes before the payload", (text, start, kind) => {
    assert.deepEqual(findCandidates(text, "code").map(seen), [
      span(0, text.length, 1, [], false, "line 1"),
      span(start, text.length, 2, [[kind, 0]], false, "line 1"),
    ]);
  });

  test("the cap of 16 parts falls inside a line", () => {
    // One part on the first line (8 characters), two on each next (14): the ninth line, at 106, gives
    // its list item as the 16th part, and its label would be the 17th.
    const text = `- go(x)\n${"- Note: go(x)\n".repeat(8)}`;
    const found = findCandidates(text, "code").map(seen);
    assert.equal(found.length, 9 + MAX_CANDIDATES);
    assert.deepEqual(found.at(-1), span(108, 119, 2, [["list_item", 106]], true, "line 9"));
  });
});
