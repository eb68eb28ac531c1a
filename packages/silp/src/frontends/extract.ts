/**
 * Where a payload may sit inside a model's reply (lenient mode only; docs/grammar.md, Extraction):
 * the candidates decode tries once the whole text failed to parse.
 *
 * - every fenced block (``` or ```lang on its own line, closed by ``` on its own line); when the
 *   text has fences, only they are candidates;
 * - otherwise, for json, every balanced top-level `{...}` span; for code, every line holding a `(`
 *   (tier 1), and then the shapes of a chat reply inside such a line (tier 2): the rest of a list
 *   item (`- cancel(flight)`, `2. cancel(flight)`), inline code (`` `cancel(flight)` ``), and the
 *   rest of the line after a label (`SILP: cancel(flight)`, `**Payload:** ...`) or a lead-in
 *   sentence (`Sure, here it is: cancel(flight)`).
 *
 * Tier 2 is tried only when no tier-1 candidate decodes: a part of a line that decodes is then
 * part of the payload, not a second one (`if a>1: b(x)` holds `b(x)` after a colon). Each shape
 * carries the repairs it earns, with the offset of what was left out.
 *
 * One linear pass each, by index arithmetic (no regular expression over the whole text), and at
 * most MAX_CANDIDATES per tier are returned, so a hostile reply with a million lines costs one
 * scan plus a bounded number of decode attempts, each over one line at most.
 */

import { FENCE, opensFence } from "./fence.js";

/** Most candidates of one tier decode tries; a model's reply holds one payload, rarely a handful. */
export const MAX_CANDIDATES = 16;

/** A repair one shape of a reply earns: what was left out, and where. */
export interface ShapeRepair {
  kind: "list_item" | "inline_code" | "label_before_payload" | "lead_in_before_payload";
  offset: number;
  message: string;
}

export interface PayloadCandidate {
  start: number;
  end: number;
  /** "fence": the content of a fenced block; "span": a `{...}` span, a line, or a part of a line. */
  kind: "fence" | "span";
  /** 1: fences, `{...}` spans, whole lines; 2: a part of a line (tried only when no tier-1 candidate decodes). */
  tier: 1 | 2;
  /** Offset of the opening fence (fences only). */
  fenceAt?: number;
  /** 1-based position among the text's fenced blocks (fences only). */
  index?: number;
  /** Spans only: the repairs of the shape the payload sits in (list item, inline code, label, lead-in). */
  shape: ShapeRepair[];
  /** Spans only: text outside what the shape accounts for is not blank (prose around the payload). */
  prose: boolean;
  /** Spans only: where in the reply (1-based line, and the inline code span when a line has several). */
  place: string;
}

const BACKTICK = 0x60;

/**
 * The next occurrence of one character at or after a position, for positions that only grow:
 * searched again only once the last answer is passed, so all the questions of one scan cost one
 * pass over the text (a search per line from the line's start would cost a pass per line).
 */
class NextIndex {
  /** Below every position until the first search. */
  private found = -2;
  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}
  /** The first index >= `from` holding the character, or -1. */
  at(from: number): number {
    if (this.found === -1 || this.found >= from) return this.found;
    this.found = this.text.indexOf(this.char, from);
    return this.found;
  }
}

/** The candidates of `text` for the given frontend ("json" or a code-like one), tier 1 first. */
export function findCandidates(text: string, frontend: string): PayloadCandidate[] {
  const fences = fencedBlocks(text);
  if (fences.length > 0) return fences;
  if (frontend === "json") return objectSpans(text);
  return codeCandidates(text);
}

interface Line {
  start: number;
  end: number;
  /** 1-based. */
  number: number;
  /** Where the next line starts, past this one's line break (past the text's end on the last line). */
  next: number;
}

/** Lines as [start, end) pairs without the line break, trimmed of surrounding spaces and tabs. */
function* lines(text: string): Generator<Line> {
  let lineStart = 0;
  let number = 1;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let start = lineStart;
    let end = lineEnd;
    while (start < end && isBlank(text.charCodeAt(start))) start++;
    while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
    yield { start, end, number, next: lineEnd + 1 };
    lineStart = lineEnd + 1;
    number++;
  }
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d;
}

function fencedBlocks(text: string): PayloadCandidate[] {
  const blocks: PayloadCandidate[] = [];
  let open: { at: number; contentStart: number } | undefined;
  for (const line of lines(text)) {
    if (!text.startsWith(FENCE, line.start)) continue;
    if (open) {
      if (line.end - line.start === FENCE.length) {
        // The content ends before the line break that precedes the closing fence.
        let end = line.start;
        while (end > open.contentStart && (isBlank(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === 0x0a)) end--;
        blocks.push({
          start: open.contentStart,
          end,
          kind: "fence",
          tier: 1,
          fenceAt: open.at,
          index: blocks.length + 1,
          shape: [],
          prose: false,
          place: `fenced block ${blocks.length + 1}`,
        });
        open = undefined;
        if (blocks.length === MAX_CANDIDATES) break;
      }
    } else if (opensFence(text, line.start, line.end)) {
      // On the last line it opens a block that nothing can close.
      open = { at: line.start, contentStart: line.next };
    }
  }
  return blocks;
}

/**
 * First and last non-blank offsets of the text: text outside [a, b) is prose when it holds either.
 * (A text all blank has no candidates to ask about.)
 */
function inkBounds(text: string): { first: number; last: number } {
  let first = 0;
  while (first < text.length && !isInk(text.charCodeAt(first))) first++;
  let last = text.length - 1;
  while (last > first && !isInk(text.charCodeAt(last))) last--;
  return { first, last };
}

function isInk(code: number): boolean {
  return !isBlank(code) && code !== 0x0a;
}

/** Tier 1: every line holding a `(`; tier 2: the chat-reply shapes inside those lines (module comment). */
function codeCandidates(text: string): PayloadCandidate[] {
  const ink = inkBounds(text);
  const proseOutside: Prose = (start, end) => ink.first < start || ink.last >= end;
  const whole: PayloadCandidate[] = [];
  const parts: PayloadCandidate[] = [];
  const parens = new NextIndex(text, "(");
  const colons = new NextIndex(text, ":");
  const codeSpan = onlyCodeSpan(text);
  for (const line of lines(text)) {
    const paren = parens.at(line.start);
    // Both tiers full: the lines left cannot add a candidate (stopping early only saves the scan).
    if (paren === -1 || (whole.length === MAX_CANDIDATES && parts.length === MAX_CANDIDATES)) break;
    if (paren >= line.end) continue;
    const place = `line ${line.number}`;
    if (whole.length < MAX_CANDIDATES) {
      whole.push({ start: line.start, end: line.end, kind: "span", tier: 1, shape: [], prose: proseOutside(line.start, line.end), place });
    }
    for (const part of lineParts(text, line, colons, codeSpan, proseOutside)) {
      if (parts.length === MAX_CANDIDATES) break;
      parts.push({ ...part, kind: "span", tier: 2, prose: proseOutside(part.outerStart, part.outerEnd) });
    }
  }
  return [...whole, ...parts];
}

interface LinePart {
  start: number;
  end: number;
  shape: ShapeRepair[];
  /** What the shape accounts for: text outside it is prose around the payload. */
  outerStart: number;
  outerEnd: number;
  place: string;
}

/** What each shape of a reply leaves out, said in the repair. */
const SHAPE_MESSAGES: Record<ShapeRepair["kind"], string> = {
  list_item: "a list item's marker before the payload was left out",
  inline_code: "the payload in inline code (backticks)",
  label_before_payload: "a label before the payload on its line was left out",
  lead_in_before_payload: "a lead-in sentence before the payload on its line was left out",
};

const repair = (kind: ShapeRepair["kind"], offset: number): ShapeRepair => ({ kind, offset, message: SHAPE_MESSAGES[kind] });

/** Whether the reply holds text outside [start, end) that is not blank. */
type Prose = (start: number, end: number) => boolean;

/**
 * The payload-shaped parts of one line: after a list marker; the reply's one inline code span
 * holding a `(`, when it is on this line; after the first label or lead-in colon that a payload
 * follows. Each scan is linear in the line. `cursor`, where the line's text begins after any list
 * marker, is never a blank (lines are trimmed, a marker's blanks skipped).
 */
function lineParts(text: string, line: Line, colons: NextIndex, codeSpan: InlineSpan | undefined, proseOutside: Prose): LinePart[] {
  const parts: LinePart[] = [];
  const place = `line ${line.number}`;
  const shape: ShapeRepair[] = [];
  let cursor = line.start;
  const marker = listMarkerEnd(text, line.start, line.end);
  if (marker !== undefined) {
    shape.push(repair("list_item", line.start));
    cursor = marker;
    parts.push({ start: cursor, end: line.end, shape: [...shape], outerStart: line.start, outerEnd: line.end, place });
  }
  const span = codeSpan?.line === line.number ? codeSpan : undefined;
  if (
    span !== undefined &&
    introducesPayload(text, cursor, span.open) &&
    endsLine(text, span.close + 1, line.end) &&
    // Alone on its line, inline code is a payload only when it is the whole reply: amid prose, a
    // model explaining a payload quotes its parts that way, each on a line of its own.
    (marker !== undefined || span.open !== cursor || !proseOutside(span.open, span.close + 1))
  ) {
    parts.push({
      start: span.start,
      end: span.end,
      shape: [...shape, repair("inline_code", span.open)],
      // A list marker right before the backtick is accounted for by list_item; any other text around the span is prose.
      outerStart: marker !== undefined && cursor === span.open ? line.start : span.open,
      outerEnd: span.close + 1,
      place,
    });
  }
  const after = afterLeadIn(text, cursor, line.end, colons);
  if (after !== undefined) {
    const kind = isLabel(text, cursor, after.colon) ? "label_before_payload" : "lead_in_before_payload";
    parts.push({ start: after.start, end: line.end, shape: [...shape, repair(kind, cursor)], outerStart: line.start, outerEnd: line.end, place });
  }
  return parts;
}

/** After `- `, `* `, `+ `, `• `, `1. ` or `1) ` (up to three digits) at `start`: where the item's text begins. */
function listMarkerEnd(text: string, start: number, end: number): number | undefined {
  let at = start;
  const first = text.charCodeAt(at);
  if (first === 0x2d || first === 0x2a || first === 0x2b || first === 0x2022) {
    at++;
  } else {
    while (at < end && at - start < 3 && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at++;
    if (at === start || (text.charCodeAt(at) !== 0x2e && text.charCodeAt(at) !== 0x29)) return undefined;
    at++;
  }
  if (at >= end || !isBlank(text.charCodeAt(at))) return undefined;
  while (at < end && isBlank(text.charCodeAt(at))) at++;
  return at < end ? at : undefined;
}

/**
 * The reply's one inline code span holding a `(`, if it has exactly one: a reply that quotes two or
 * more pieces of code inline is explaining a payload, not giving one. One pass, stopping at the second.
 */
function onlyCodeSpan(text: string): InlineSpan | undefined {
  const backticks = new NextIndex(text, "`");
  const parens = new NextIndex(text, "(");
  let found: InlineSpan | undefined;
  for (const line of lines(text)) {
    for (const span of inlineCodeSpans(text, line, backticks, parens)) {
      if (found !== undefined) return undefined;
      found = span;
    }
  }
  return found;
}

interface InlineSpan {
  /** The line's number (lines()). */
  line: number;
  /** The opening and closing backticks. */
  open: number;
  close: number;
  /** The content, trimmed. */
  start: number;
  end: number;
}

/** A line's `code` spans (single backticks) whose content holds a `(`. */
function inlineCodeSpans(text: string, { start, end, number }: Line, backticks: NextIndex, parens: NextIndex): InlineSpan[] {
  const spans: InlineSpan[] = [];
  let at = backticks.at(start);
  while (at !== -1 && at < end) {
    // ``...`` and longer runs are not this shape: skip the whole run of backticks.
    if (text.charCodeAt(at + 1) === BACKTICK) {
      while (text.charCodeAt(at) === BACKTICK) at++;
      at = backticks.at(at);
      continue;
    }
    const close = backticks.at(at + 1);
    if (close === -1 || close >= end) break;
    let contentStart = at + 1;
    let contentEnd = close;
    while (contentStart < contentEnd && isBlank(text.charCodeAt(contentStart))) contentStart++;
    while (contentEnd > contentStart && isBlank(text.charCodeAt(contentEnd - 1))) contentEnd--;
    const paren = parens.at(contentStart);
    if (paren !== -1 && paren < contentEnd) spans.push({ line: number, open: at, close, start: contentStart, end: contentEnd });
    at = backticks.at(close + 1);
  }
  return spans;
}

/**
 * Inline code is a payload when it is introduced as one: nothing before it on the line (after a
 * list marker; see lineParts for a span alone on its line), or a label or lead-in ending in `:`
 * (`：`), bold marks allowed. A span inside a
 * sentence (`the condition \`auth(user)\` must hold`) is a model explaining a payload, quoting a
 * part of it.
 */
function introducesPayload(text: string, start: number, open: number): boolean {
  if (open === start) return true;
  // Looking back stops at `start` unguarded: it is not a blank, and before it is a line break or a blank.
  let at = open;
  while (isBlank(text.charCodeAt(at - 1))) at--;
  for (let marks = 0; marks < 2 && (text.charCodeAt(at - 1) === 0x2a || text.charCodeAt(at - 1) === 0x5f); marks++) at--;
  const code = text.charCodeAt(at - 1);
  return code === 0x3a || code === 0xff1a;
}

/** Nothing but one sentence mark (`.`, `!`, `。`) after `from` on the line: the span ends what the line says. */
function endsLine(text: string, from: number, end: number): boolean {
  let at = from;
  while (at < end && isBlank(text.charCodeAt(at))) at++;
  if (at < end && (text.charCodeAt(at) === 0x2e || text.charCodeAt(at) === 0x21 || text.charCodeAt(at) === 0x3002)) at++;
  // `end` is a trimmed line's end: a blank after the mark is followed by more text.
  return at === end;
}

/**
 * The first `:` between `start` and `end` that ends a label or lead-in: followed (after at most two
 * `*` or `_` closing a bold label) by a space and then by what a payload starts with, `if ` or a
 * call (`word(`, `!WORD(`). None when the text before the colon starts with `if ` (that colon is
 * the payload's own condition) or holds a parenthesis (code, not prose).
 */
function afterLeadIn(text: string, start: number, end: number, colons: NextIndex): { colon: number; start: number } | undefined {
  if (text.startsWith("if ", start)) return undefined;
  // Text before the colon that holds a parenthesis is code, not prose (`cancel(x) else: start(y)`).
  const code = firstParenthesis(text, start, end);
  let colon = colons.at(start);
  while (colon !== -1 && colon < code) {
    let at = colon + 1;
    for (let marks = 0; marks < 2 && (text.charCodeAt(at) === 0x2a || text.charCodeAt(at) === 0x5f); marks++) at++;
    if (at < end && isBlank(text.charCodeAt(at)) && colon > start) {
      while (at < end && isBlank(text.charCodeAt(at))) at++;
      if (startsPayload(text, at, end)) return { colon, start: at };
    }
    colon = colons.at(colon + 1);
  }
  return undefined;
}

/** The first `(` or `)` between `start` and `end`, else `end`. */
function firstParenthesis(text: string, start: number, end: number): number {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x28 || code === 0x29) return at;
  }
  return end;
}

function isWordCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** `if `, or an ASCII word (after an optional `!`) directly followed by `(`. */
function startsPayload(text: string, at: number, end: number): boolean {
  if (text.startsWith("if ", at)) return true;
  let pos = text.charCodeAt(at) === 0x21 ? at + 1 : at;
  const wordStart = pos;
  while (pos < end && isWordCode(text.charCodeAt(pos))) pos++;
  return pos > wordStart && text.charCodeAt(pos) === 0x28;
}

/**
 * A label rather than a sentence: between `start` and `colon`, after `*`/`_` marks are set aside,
 * one to three words of letters, digits, `_` or `-` (`SILP`, `Payload`, `Final answer`).
 */
function isLabel(text: string, start: number, colon: number): boolean {
  let from = start;
  let to = colon;
  while (from < to && (text.charCodeAt(from) === 0x2a || text.charCodeAt(from) === 0x5f)) from++;
  while (to > from && (text.charCodeAt(to - 1) === 0x2a || text.charCodeAt(to - 1) === 0x5f)) to--;
  if (to === from || to - from > 40) return false;
  let words = 1;
  for (let at = from; at < to; at++) {
    const char = text[at] as string;
    if (char === " ") {
      if (at === from || text[at - 1] === " ") return false;
      words++;
    } else if (char !== "-" && char !== "_" && !/[\p{L}\p{N}]/u.test(char)) {
      return false;
    }
  }
  return words <= 3 && text[to - 1] !== " ";
}

/**
 * Balanced top-level `{...}` spans. Inside a span, "..." and '...' strings are skipped so a brace
 * in a value does not end it; outside, quotes are prose (an apostrophe) and ignored.
 */
function objectSpans(text: string): PayloadCandidate[] {
  const spans: PayloadCandidate[] = [];
  const ink = inkBounds(text);
  let depth = 0;
  let spanStart = 0;
  for (let pos = 0; pos < text.length; pos++) {
    const code = text.charCodeAt(pos);
    if (depth > 0 && (code === 0x22 || code === 0x27)) {
      let close = pos + 1;
      while (close < text.length && text.charCodeAt(close) !== code && text.charCodeAt(close) !== 0x0a) close += text.charCodeAt(close) === 0x5c ? 2 : 1;
      pos = close;
    } else if (code === 0x7b) {
      if (depth === 0) spanStart = pos;
      depth++;
    } else if (code === 0x7d && depth > 0) {
      depth--;
      if (depth === 0) {
        const end = pos + 1;
        spans.push({
          start: spanStart,
          end,
          kind: "span",
          tier: 1,
          shape: [],
          prose: ink.first < spanStart || ink.last >= end,
          place: `object ${spans.length + 1}`,
        });
        if (spans.length === MAX_CANDIDATES) break;
      }
    }
  }
  return spans;
}
