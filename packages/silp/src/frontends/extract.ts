/**
 * Where a payload may sit inside a model's reply (lenient mode only; docs/grammar.md, Extraction):
 * the candidates decode tries once the whole text failed to parse.
 *
 * - every fenced block (``` or ```lang on its own line, closed by ``` on its own line); when the
 *   text has fences, only they are candidates;
 * - otherwise, for json, every balanced top-level `{...}` span; for code, every line holding a `(`.
 *
 * One linear pass each, by index arithmetic (no regular expression over the whole text), and at
 * most MAX_CANDIDATES are returned, so a hostile reply with a million lines costs one scan plus a
 * bounded number of decode attempts.
 */

/** Most candidates decode tries; a model's reply holds one payload, rarely a handful. */
export const MAX_CANDIDATES = 16;

export interface PayloadCandidate {
  start: number;
  end: number;
  /** "fence": the content of a fenced block; "span": a `{...}` span or a line in prose. */
  kind: "fence" | "span";
  /** Offset of the opening fence (fences only). */
  fenceAt?: number;
  /** 1-based position among the text's fenced blocks (fences only). */
  index?: number;
}

const FENCE = "```";
const INFO_STRING = /^[A-Za-z0-9_+.-]*$/;

/** The candidates of `text` for the given frontend ("json" or a code-like one). */
export function findCandidates(text: string, frontend: string): PayloadCandidate[] {
  const fences = fencedBlocks(text);
  if (fences.length > 0) return fences.slice(0, MAX_CANDIDATES);
  return (frontend === "json" ? objectSpans(text) : callLines(text)).slice(0, MAX_CANDIDATES);
}

/** Lines as [start, end) pairs without the line break, trimmed of surrounding spaces and tabs. */
function* lines(text: string): Generator<{ start: number; end: number }> {
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let start = lineStart;
    let end = lineEnd;
    while (start < end && isBlank(text.charCodeAt(start))) start++;
    while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
    yield { start, end };
    lineStart = lineEnd + 1;
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
        blocks.push({ start: open.contentStart, end: Math.max(open.contentStart, end), kind: "fence", fenceAt: open.at, index: blocks.length + 1 });
        open = undefined;
        if (blocks.length > MAX_CANDIDATES) break;
      }
    } else if (INFO_STRING.test(text.slice(line.start + FENCE.length, line.end))) {
      const lineBreak = text.indexOf("\n", line.end);
      if (lineBreak !== -1) open = { at: line.start, contentStart: lineBreak + 1 };
    }
  }
  return blocks;
}

function callLines(text: string): PayloadCandidate[] {
  const spans: PayloadCandidate[] = [];
  // The next "(" at or after the current line, searched again only once passed: linear overall.
  let paren = text.indexOf("(");
  for (const line of lines(text)) {
    if (paren === -1) break;
    if (paren < line.start) paren = text.indexOf("(", line.start);
    if (paren !== -1 && paren < line.end) {
      spans.push({ start: line.start, end: line.end, kind: "span" });
      if (spans.length > MAX_CANDIDATES) break;
    }
  }
  return spans;
}

/**
 * Balanced top-level `{...}` spans. Inside a span, "..." and '...' strings are skipped so a brace
 * in a value does not end it; outside, quotes are prose (an apostrophe) and ignored.
 */
function objectSpans(text: string): PayloadCandidate[] {
  const spans: PayloadCandidate[] = [];
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
        spans.push({ start: spanStart, end: pos + 1, kind: "span" });
        if (spans.length > MAX_CANDIDATES) break;
      }
    }
  }
  return spans;
}
