/**
 * The sanitizer of a streaming decode: the raw-text pass of sanitize.ts run on a payload that
 * arrives in chunks, giving the same sanitized text, position map and hits as the pass over the
 * whole payload, and the structure hooks (sanitizer-hooks.ts) over the text sanitized so far.
 *
 * Whether a character is stripped depends on its neighbours (a joiner between two letters of a
 * word, a variation selector after its base, the tag characters of a flag), and none of those
 * looks past an ASCII character: a joiner or selector needs non-ASCII neighbours (an ASCII one
 * only as the base before a keycap selector), and a flag's tags follow its flag without a break.
 * So the text is sanitized up to its last ASCII character, with that character kept as the left
 * neighbour of the next piece, and the rest waits for the next chunk (or the end).
 */
import { ChunkText } from "../chunk-text.js";
import { describeCodePoint, findInvisible } from "./invisible.js";
import { OffsetMap } from "./offset-map.js";
import type { ResolvedSanitizeOptions } from "./options.js";
import { HitCollector, type SanitizerHit, type SanitizerReport } from "./report.js";
import { actionFor, unsafeContent } from "./sanitize.js";
import { type HookedText, hooksOver } from "./sanitizer-hooks.js";
import type { StructureHooks } from "./hooks.js";

const NON_ASCII = /[^\x00-\x7f]/;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

export class StreamSanitizer implements HookedText {
  readonly offsets = new OffsetMap();
  readonly hooks: StructureHooks;
  private readonly collector: HitCollector;
  private readonly session: { report(): SanitizerReport };
  /** Raw text received and not yet sanitized (after the last ASCII character). */
  private waiting = "";
  /** Offset of `waiting` in the caller's text. */
  private rawOffset = 0;
  /**
   * The code of the ASCII character before `waiting` (its left neighbour), or -1 at the start. A
   * code, not a one-character string: it is set for every chunk and read only when a chunk holds
   * something outside ASCII.
   */
  private before = -1;
  /** Characters removed so far. */
  private removed = 0;
  /** The sanitized text so far: each piece is in it before `push` returns it (a stream reads it from here by offset). */
  readonly sanitized = new ChunkText();
  /**
   * The caller's text, kept only from the first character sanitizing removed: until then it is
   * the sanitized text itself, so a stream keeps its text once, not twice (keeping a second copy
   * of a text that arrives a character at a time cost a third of a stream's time).
   */
  private raw: ChunkText | undefined;

  constructor(readonly options: ResolvedSanitizeOptions) {
    this.collector = new HitCollector(options.maxHits);
    const session = hooksOver(this, this.collector);
    this.hooks = session.hooks;
    this.session = session;
  }

  /** The chunk's text that can be sanitized now (possibly ""): throws `unsafe_content` as the whole pass does. */
  push(chunk: string): string {
    // Nothing to look for in ASCII (every character the pass handles is outside it), nothing waiting.
    if (this.waiting === "" && isAscii(chunk)) return this.passAscii(chunk);
    let last = chunk.length - 1;
    while (last >= 0 && chunk.charCodeAt(last) >= 0x80) last--;
    if (last < 0) {
      this.waiting += chunk;
      return "";
    }
    const ready = this.waiting + chunk.slice(0, last + 1);
    this.waiting = chunk.slice(last + 1);
    return this.sanitize(ready);
  }

  /** The stream ended: what was waiting, sanitized. */
  finish(): string {
    const rest = this.waiting;
    this.waiting = "";
    return rest === "" ? "" : this.sanitize(rest);
  }

  /** The report holds `maxHits` hits: more may have been cut, in another order than the whole pass cuts them. */
  get full(): boolean {
    return this.collector.full;
  }

  report(): SanitizerReport {
    return this.session.report();
  }

  startsWith(text: string, offset: number): boolean {
    return this.sanitized.startsWith(text, offset);
  }

  /**
   * Not kept: an error raised while streaming never reaches the caller (the stream is decoded
   * whole instead, and decode() raises it with its code frame).
   */
  original(): string {
    return "";
  }

  /** All the sanitized text so far. */
  text(): string {
    return this.sanitized.read();
  }

  /**
   * All the caller's text so far, as it arrived: what is decoded whole when the stream could not
   * read it. After a rejection (which ends the stream's sanitizing) it holds the rejected text too.
   */
  received(): string {
    return (this.raw === undefined ? this.text() : this.raw.read()) + this.rejected + this.waiting;
  }

  /** The raw text whose sanitizing threw (the reject policy): the caller's text still holds it. */
  private rejected = "";

  private sanitize(text: string): string {
    try {
      return this.sanitizeRaw(text);
    } catch (error) {
      this.rejected = text;
      throw error;
    }
  }

  private sanitizeRaw(text: string): string {
    // Every character the pass looks for is outside ASCII.
    if (!NON_ASCII.test(text)) return this.passAscii(text);
    const shift = this.before === -1 ? 0 : 1;
    const scanned = this.before === -1 ? text : String.fromCharCode(this.before) + text;
    const kept: string[] = [];
    let copyFrom = shift;
    for (const finding of findInvisible(scanned, this.options.joiners)) {
      if (finding.offset < shift) continue;
      const offset = this.rawOffset + finding.offset - shift;
      const action = actionFor(finding, this.options);
      const hit: SanitizerHit = { kind: finding.kind, offset, action, codePoint: finding.codePoint };
      if (action === "rejected") {
        const what = finding.kind === "bidi" ? "bidirectional control" : "invisible character";
        throw unsafeContent(`${what} ${describeCodePoint(finding.codePoint)} rejected by the sanitizer policy "reject"`, hit, "");
      }
      this.collector.add(hit);
      if (action === "stripped") {
        // From here on the sanitized text differs from the caller's: the caller's is kept too.
        if (this.raw === undefined) {
          this.raw = new ChunkText();
          this.raw.append(this.text());
        }
        kept.push(scanned.slice(copyFrom, finding.offset));
        copyFrom = finding.offset + finding.length;
        this.offsets.recordRemoval(offset - this.removed, finding.length);
        this.removed += finding.length;
      }
    }
    this.raw?.append(text);
    const clean = copyFrom === shift ? text : kept.join("") + scanned.slice(copyFrom);
    this.rawOffset += text.length;
    const last = text.charCodeAt(text.length - 1);
    this.before = last < 0x80 ? last : -1;
    this.sanitized.append(clean);
    return clean;
  }

  /** ASCII text, which the pass leaves as it is: kept, and its last character the next piece's left neighbour. */
  private passAscii(text: string): string {
    this.rawOffset += text.length;
    this.before = text.charCodeAt(text.length - 1);
    this.raw?.append(text);
    this.sanitized.append(text);
    return text;
  }
}
