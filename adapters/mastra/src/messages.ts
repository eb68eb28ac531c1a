/**
 * The parts of Mastra's messages these processors read and write, typed structurally so that one
 * processor serves both Mastra majors: 0.x (MastraMessageV2) and 1.x (MastraDBMessage) store a
 * message's text as `content.parts` of type "text" (and `content.content`), and its metadata as
 * `content.metadata`; a stream's text arrives as `text-delta` chunks with `payload.text`.
 */
export interface MessagePart {
  type: string;
  text?: string;
}

export interface MastraMessageLike {
  id?: string;
  role: string;
  content: { format?: number; parts: MessagePart[]; content?: string; metadata?: Record<string, unknown> };
}

export interface ChunkLike {
  type: string;
  /** `{ id, text }` for a text-delta; other chunks carry other payloads. */
  payload?: unknown;
}

/** The text of a text-delta chunk, or undefined for any other chunk. */
export function deltaText(part: ChunkLike): string | undefined {
  if (part.type !== "text-delta" || typeof part.payload !== "object" || part.payload === null) return undefined;
  const { text } = part.payload as { text?: unknown };
  return typeof text === "string" ? text : undefined;
}

/** The text a model wrote in its last step: the text parts after the last non-text part. */
export function answerText(message: MastraMessageLike): string | undefined {
  const parts = message.content.parts;
  let start = parts.length;
  while (start > 0 && parts[start - 1]?.type === "text") start--;
  if (start === parts.length) return typeof message.content.content === "string" && parts.length === 0 ? message.content.content : undefined;
  return parts
    .slice(start)
    .map((part) => part.text ?? "")
    .join("");
}

/** The text of a message (all its text parts). */
export function messageText(message: MastraMessageLike): string {
  const texts = message.content.parts.filter((part) => part.type === "text").map((part) => part.text ?? "");
  return texts.length > 0 ? texts.join("") : (message.content.content ?? "");
}
