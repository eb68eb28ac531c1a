/**
 * The one surrounding code fence (frontends/fence.ts): where the payload starts after its opening
 * line, and the payload's bounds inside the fence, closed or not. Decode and a stream both start from these numbers (a stream from the
 * opening line alone), and lenient extraction finds a fenced block again when they are wrong, so
 * an IR compared after decode does not show a wrong bound: the bounds are checked here, each
 * written out by hand from the text.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { findFence, openingFence, surroundingFence } from "../../src/frontends/fence.js";

describe("openingFence: where the payload starts after the first line, when it is a fence", () => {
  test.each([
    ["```\nx", { fenceAt: 0, payloadStart: 4 }],
    ["```silp\nx", { fenceAt: 0, payloadStart: 8 }],
    // Blanks before it, a carriage return and a tab among them.
    ["\r\n \t```json\nx", { fenceAt: 4, payloadStart: 12 }],
    // An info string with a blank after it: the blank is not part of it.
    ["```silp \nx", { fenceAt: 0, payloadStart: 9 }],
    // A carriage return ends the line before its newline.
    ["```\r\nx", { fenceAt: 0, payloadStart: 5 }],
  ])("%j", (text, expected) => {
    assert.deepEqual(openingFence(text), expected);
  });

  test.each([
    ["```", "no line end yet (a stream waits for it)"],
    ["```not an info string!\nx", "an info string of other characters"],
    ["``\nx", "two backticks"],
    ["x```\nx", "text before it"],
    ["", "nothing"],
    [" \t\r\n", "blanks only"],
  ])("%j: none (%s)", (text) => {
    assert.equal(openingFence(text), undefined);
  });
});

describe("findFence: the payload inside one surrounding fence", () => {
  test.each([
    ["```\nx\n```", { start: 4, end: 5, fenceAt: 0 }],
    ["```silp\nstart(a)\n```", { start: 8, end: 16, fenceAt: 0 }],
    // Blanks after the closing fence, and before the opening one.
    ["```\nx\n```  \n\t", { start: 4, end: 5, fenceAt: 0 }],
    ["  ```\nx\n```", { start: 6, end: 7, fenceAt: 2 }],
    // The closing fence indented by spaces or a tab: still on its own line.
    ["```\nx\n  ```", { start: 4, end: 5, fenceAt: 0 }],
    ["```\nx\n\t```", { start: 4, end: 5, fenceAt: 0 }],
    // Windows line ends: the carriage return before the closing fence's line is not the payload's.
    ["```\r\nx\r\n```", { start: 5, end: 6, fenceAt: 0 }],
    // An empty payload, written three ways: the carriage return is the closing line's line end.
    ["```\n```", { start: 4, end: 4, fenceAt: 0 }],
    ["```\n\n```", { start: 4, end: 4, fenceAt: 0 }],
    ["```\n\r\n```", { start: 4, end: 4, fenceAt: 0 }],
  ])("%j", (text, expected) => {
    assert.deepEqual(findFence(text), expected);
  });

  test.each([
    ["```\nx", "no closing fence"],
    ["```\n", "the opening line alone"],
    ["```\nx ```", "a closing fence not on its own line"],
    ["```\nx\n```\nmore", "text after the closing fence"],
    ["```\nx\n``", "two backticks to close"],
    ["```bad info!\nx\n```", "an opening line that is no fence"],
  ])("%j: none (%s)", (text) => {
    assert.equal(findFence(text), undefined);
  });
});

describe("surroundingFence: a whole text's payload, inside a fence that closes or not", () => {
  const closed = "a surrounding markdown code fence";
  const unclosed = "an opening markdown code fence that never closes";
  test.each([
    ["```\nx\n```", { start: 4, end: 5, fenceAt: 0, note: closed }],
    ["  ```silp\nx\n```", { start: 10, end: 11, fenceAt: 2, note: closed }],
    // No closing fence: the payload runs from the fence's next line to the end, blanks and all.
    ["```\nx\ny ", { start: 4, end: 8, fenceAt: 0, note: unclosed }],
    ["\n```json\n{", { start: 9, end: 10, fenceAt: 1, note: unclosed }],
    // Text after a closing fence: that fence does not close the payload, the text's end does.
    ["```\nx\n```\nmore", { start: 4, end: 14, fenceAt: 0, note: unclosed }],
    ["```\n", { start: 4, end: 4, fenceAt: 0, note: unclosed }],
  ])("%j", (text, expected) => {
    assert.deepEqual(surroundingFence(text), expected);
  });

  test.each(["x\n```\ny\n```", "```", "```bad info!\nx\n```"])("%j: none", (text) => {
    assert.equal(surroundingFence(text), undefined);
  });
});
