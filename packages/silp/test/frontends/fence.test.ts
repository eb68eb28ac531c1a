/**
 * The one surrounding code fence (frontends/fence.ts): where the payload starts after its opening
 * line, and the payload's bounds inside the fence, closed or not. Decode and a stream both start from these numbers (a stream from the
 * opening line alone), and lenient extraction finds a fenced block again when they are wrong, so
 * an IR compared after decode does not show a wrong bound: the bounds are checked here, each
 * written out by hand from the text.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { openingFence, surroundingFence } from "../../src/frontends/fence.js";

/** What the code_fence repair says of a fence that closes, and of one that never does. */
const CLOSED = "a surrounding markdown code fence";
const UNCLOSED = "an opening markdown code fence that never closes";

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

describe("surroundingFence: the payload inside a fence that closes", () => {
  test.each([
    ["```\nx\n```", { start: 4, end: 5, fenceAt: 0, note: CLOSED }],
    ["```silp\nstart(a)\n```", { start: 8, end: 16, fenceAt: 0, note: CLOSED }],
    // Blanks after the closing fence, and before the opening one.
    ["```\nx\n```  \n\t", { start: 4, end: 5, fenceAt: 0, note: CLOSED }],
    ["  ```\nx\n```", { start: 6, end: 7, fenceAt: 2, note: CLOSED }],
    // The closing fence indented by spaces or a tab: still on its own line.
    ["```\nx\n  ```", { start: 4, end: 5, fenceAt: 0, note: CLOSED }],
    ["```\nx\n\t```", { start: 4, end: 5, fenceAt: 0, note: CLOSED }],
    // Windows line ends: the carriage return before the closing fence's line is not the payload's.
    ["```\r\nx\r\n```", { start: 5, end: 6, fenceAt: 0, note: CLOSED }],
    // An empty payload, written three ways: the carriage return is the closing line's line end.
    ["```\n```", { start: 4, end: 4, fenceAt: 0, note: CLOSED }],
    ["```\n\n```", { start: 4, end: 4, fenceAt: 0, note: CLOSED }],
    ["```\n\r\n```", { start: 4, end: 4, fenceAt: 0, note: CLOSED }],
  ])("%j", (text, expected) => {
    assert.deepEqual(surroundingFence(text), expected);
  });

  test.each([
    ["```\nx", "no closing fence"],
    ["```\n", "the opening line alone"],
    ["```\nx ```", "a closing fence not on its own line"],
    ["```\nx\n```\nmore", "text after the closing fence"],
    ["```\nx\n``", "two backticks to close"],
  ])("%j: never closed (%s): the payload runs to the end", (text) => {
    assert.deepEqual(surroundingFence(text), { start: 4, end: text.length, fenceAt: 0, note: UNCLOSED });
  });
});

describe("surroundingFence: a fence that never closes, or no fence", () => {
  test.each([
    // The payload runs from the fence's next line to the end, blanks and all.
    ["```\nx\ny ", { start: 4, end: 8, fenceAt: 0, note: UNCLOSED }],
    ["\n```json\n{", { start: 9, end: 10, fenceAt: 1, note: UNCLOSED }],
  ])("%j", (text, expected) => {
    assert.deepEqual(surroundingFence(text), expected);
  });

  test.each(["x\n```\ny\n```", "```", "```bad info!\nx\n```"])("%j: none", (text) => {
    assert.equal(surroundingFence(text), undefined);
  });
});
