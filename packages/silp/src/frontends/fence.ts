/**
 * Models like to wrap payloads in a markdown code fence. In lenient mode one surrounding fence
 * (``` or ```lang) is removed, and an opening fence that never closes too (a reply cut short, or
 * a model that forgot to close it); this is done by index arithmetic, not a regular expression,
 * so hostile input cannot make it slow.
 */
const FENCE = "```";
const INFO_STRING = /^[A-Za-z0-9_+.-]*$/;

export interface PayloadBounds {
  start: number;
  end: number;
  /** Offset of the fence that was found, if any. */
  fenceAt?: number;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Where the payload starts, past the opening fence line's newline, when the text starts, after
 * whitespace, with a fence: ``` and an info string such as `silp` or `json`. A stream knows this
 * from the first line alone, before the rest of the payload has arrived.
 */
export function openingFence(text: string): { fenceAt: number; payloadStart: number } | undefined {
  let first = 0;
  while (first < text.length && isSpace(text.charCodeAt(first))) first++;
  const lineEnd = text.indexOf("\n", first);
  return lineEnd !== -1 && opensFence(text, first, lineEnd) ? { fenceAt: first, payloadStart: lineEnd + 1 } : undefined;
}

/**
 * Whether the line from `start` (its first character that is not blank) to `lineEnd` opens a
 * fence: ``` and an info string, blanks around it allowed. One rule for the fence around a whole
 * text (above) and for each fenced block a reply holds (extract.ts).
 */
export function opensFence(text: string, start: number, lineEnd: number): boolean {
  return text.startsWith(FENCE, start) && INFO_STRING.test(text.slice(start + FENCE.length, lineEnd).trim());
}

/** The payload inside one surrounding code fence, or undefined when there is none. */
export function findFence(text: string): PayloadBounds | undefined {
  const opening = openingFence(text);
  if (opening === undefined) return undefined;
  const { fenceAt: first, payloadStart: start } = opening;
  let last = text.length;
  while (last >= start && isSpace(text.charCodeAt(last - 1))) last--;
  if (last - FENCE.length < start || !text.startsWith(FENCE, last - FENCE.length)) return undefined;
  let end = last - FENCE.length;
  // The closing fence must sit on its own line.
  let lineStart = end;
  while (lineStart >= start && (text.charCodeAt(lineStart - 1) === 0x20 || text.charCodeAt(lineStart - 1) === 0x09)) lineStart--;
  if (text.charCodeAt(lineStart - 1) !== 0x0a) return undefined;
  end = lineStart - 1;
  if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
  return { start, end: Math.max(start, end), fenceAt: first };
}

/** A fence around a whole text's payload, and what the `code_fence` repair says of it. */
export interface SurroundingFence extends PayloadBounds {
  fenceAt: number;
  note: string;
}

/**
 * The fence around a whole text's payload, closed or not: the payload is read from the opening
 * fence's next line, where a stream starts reading as soon as that line ends, without waiting for
 * a closing fence that may never come. Undefined when the text does not start with a fence.
 */
export function surroundingFence(text: string): SurroundingFence | undefined {
  const closed = findFence(text);
  if (closed !== undefined) return { start: closed.start, end: closed.end, fenceAt: closed.fenceAt ?? 0, note: "a surrounding markdown code fence" };
  const opening = openingFence(text);
  if (opening === undefined) return undefined;
  return { start: opening.payloadStart, end: text.length, fenceAt: opening.fenceAt, note: "an opening markdown code fence that never closes" };
}
