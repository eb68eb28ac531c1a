/**
 * Models like to wrap payloads in a markdown code fence. In lenient mode one surrounding fence
 * (``` or ```lang) is removed, and an opening fence that never closes too (a reply cut short, or
 * a model that forgot to close it); this is done by index arithmetic, not a regular expression,
 * so hostile input cannot make it slow.
 */
/** A fence's three backticks (extract.ts closes each fenced block of a reply with a line of them). */
export const FENCE = "```";
const INFO_STRING = /^[A-Za-z0-9_+.-]*$/;

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
  // Tested first: a bare payload is not searched for its first line's end.
  if (!text.startsWith(FENCE, first)) return undefined;
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

/** The fence around a whole text's payload: the payload's bounds, the opening fence's offset, what the `code_fence` repair says. */
export interface SurroundingFence {
  start: number;
  end: number;
  fenceAt: number;
  note: string;
}

/**
 * The fence around a whole text's payload, closed or not: the payload is read from the opening
 * fence's next line, where a stream starts reading as soon as that line ends, without waiting for
 * a closing fence that may never come; to the closing fence when the text ends with one, else to
 * the text's end. Undefined when the text does not start with a fence.
 */
export function surroundingFence(text: string): SurroundingFence | undefined {
  const opening = openingFence(text);
  if (opening === undefined) return undefined;
  const { fenceAt, payloadStart: start } = opening;
  const end = closingFence(text, start);
  if (end === undefined) return { start, end: text.length, fenceAt, note: "an opening markdown code fence that never closes" };
  return { start, end, fenceAt, note: "a surrounding markdown code fence" };
}

/** Where a payload from `start` ends when the text ends with a closing fence on its own line (blanks after it allowed). */
function closingFence(text: string, start: number): number | undefined {
  let last = text.length;
  while (last >= start && isSpace(text.charCodeAt(last - 1))) last--;
  if (last - FENCE.length < start || !text.startsWith(FENCE, last - FENCE.length)) return undefined;
  // The closing fence must sit on its own line.
  let lineStart = last - FENCE.length;
  while (lineStart >= start && (text.charCodeAt(lineStart - 1) === 0x20 || text.charCodeAt(lineStart - 1) === 0x09)) lineStart--;
  if (text.charCodeAt(lineStart - 1) !== 0x0a) return undefined;
  let end = lineStart - 1;
  if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
  return Math.max(start, end);
}
