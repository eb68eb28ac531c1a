/**
 * Models like to wrap payloads in a markdown code fence. In lenient mode one surrounding fence
 * (``` or ```lang) is removed; this is done by index arithmetic, not a regular expression, so
 * hostile input cannot make it slow.
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
 * Where the opening fence line of `text` ends (its newline), when the text starts, after
 * whitespace, with one: ``` and an info string such as `silp` or `json`. A stream knows this
 * from the first line alone, before the rest of the payload has arrived.
 */
export function openingFence(text: string): { fenceAt: number; lineEnd: number } | undefined {
  let first = 0;
  while (first < text.length && isSpace(text.charCodeAt(first))) first++;
  if (!text.startsWith(FENCE, first)) return undefined;
  const lineEnd = text.indexOf("\n", first);
  if (lineEnd === -1) return undefined;
  const info = text.slice(first + FENCE.length, lineEnd).trim();
  if (!INFO_STRING.test(info)) return undefined;
  return { fenceAt: first, lineEnd };
}

/** The payload inside one surrounding code fence, or undefined when there is none. */
export function findFence(text: string): PayloadBounds | undefined {
  const opening = openingFence(text);
  if (opening === undefined) return undefined;
  const { fenceAt: first, lineEnd } = opening;
  let last = text.length;
  while (last > lineEnd && isSpace(text.charCodeAt(last - 1))) last--;
  if (last - FENCE.length <= lineEnd || !text.startsWith(FENCE, last - FENCE.length)) return undefined;
  let end = last - FENCE.length;
  // The closing fence must sit on its own line.
  let lineStart = end;
  while (lineStart > lineEnd && (text.charCodeAt(lineStart - 1) === 0x20 || text.charCodeAt(lineStart - 1) === 0x09)) lineStart--;
  if (text.charCodeAt(lineStart - 1) !== 0x0a) return undefined;
  end = lineStart - 1;
  if (end > lineEnd + 1 && text.charCodeAt(end - 1) === 0x0d) end--;
  return { start: lineEnd + 1, end: Math.max(lineEnd + 1, end), fenceAt: first };
}
