/**
 * Incremental scanner of the json frontend (docs/json.md, Streaming). It reads each character
 * once, keeping the string state, the nesting depth, the current top-level key and where the
 * current property or list item started. Units are decoded alone (unit-decode.ts):
 *
 *   a top-level property  at the `,` or `}` ending it   `{"intent":<intent>,<property>}`
 *   an item of a top-level list at the `,` or `]` ending it  `{"intent":<intent>,<key>:[<item>]}`
 *
 * so the intent arrives with its property, each flat slot, entity, constraint and alternative as
 * soon as its own text is complete. Parts that need the intent (an entity's action) wait for it.
 * Text before the first `{` (prose, a fence) is skipped; the closing `}` ends the parts.
 *
 * Not partial-json (a parser of incomplete JSON, the usual choice): it parses the whole prefix on
 * every call, so calling it per chunk is quadratic in the stream, and the IR's parts would then
 * have to be diffed out of successive values. Knowing where a unit ends needs only depth and
 * quotes; the unit itself goes through our own decoder.
 */
import type { ResolvedOptions } from "../options.js";
import type { PartSink, UnitScanner } from "./parts.js";
import { TextWindow } from "./text-window.js";
import { UnitDecoder } from "./unit-decode.js";

/** Top-level keys that carry no part (they arrive with the final result). */
const NO_PARTS = new Set(["meta", "silp", "version"]);

export class JsonScanner implements UnitScanner {
  private mode: "before" | "object" | "done" = "before";
  private depth = 0;
  private quote = 0;
  private escaped = false;
  private propertyStart = 0;
  /** The current property's key: undefined until its string closed; null when it cannot be read. */
  private key: string | null | undefined;
  private keyStart = 0;
  private inList = false;
  private itemStart = 0;
  private intent: string | undefined;
  /** Units read before the intent, decoded once it is known (each once: still linear). */
  private waiting: { key: string; text: string; item: boolean; offset: number }[] = [];
  private readonly window = new TextWindow();

  private readonly units: UnitDecoder;

  constructor(
    options: ResolvedOptions,
    private readonly emit: PartSink,
  ) {
    this.units = new UnitDecoder("json", options);
  }

  /** A method, not a field read: the mode changes inside step(), which narrowing cannot see. */
  private done(): boolean {
    return this.mode === "done" || this.units.exhausted;
  }

  scan(chunk: string, offset: number): void {
    // Done: nothing more to report, so no more text is kept either.
    if (this.done()) return;
    this.window.begin(chunk, offset);
    for (let index = 0; index < chunk.length && !this.done(); index++) this.step(chunk.charCodeAt(index), offset + index);
    this.window.finish();
  }

  private step(code: number, at: number): void {
    if (this.quote !== 0) {
      if (this.escaped) this.escaped = false;
      else if (code === 0x5c) this.escaped = true;
      else if (code === this.quote) {
        this.quote = 0;
        if (this.depth === 1 && this.key === undefined) this.key = readKey(this.kept(this.keyStart, at + 1));
      }
      return;
    }
    if (this.mode === "before") {
      if (code === 0x7b) {
        this.mode = "object";
        this.depth = 1;
        this.startProperty(at + 1);
      }
      return;
    }
    switch (code) {
      case 0x22:
      case 0x27:
        this.quote = code;
        if (this.depth === 1 && this.key === undefined) this.keyStart = at;
        return;
      case 0x7b:
      case 0x5b:
        if (this.depth === 1 && code === 0x5b && typeof this.key === "string") {
          this.inList = true;
          this.itemStart = at + 1;
          this.window.keep(at + 1);
        }
        this.depth++;
        return;
      case 0x7d:
      case 0x5d:
        this.depth--;
        if (this.depth === 1 && code === 0x5d && this.inList) this.endItem(at);
        if (this.depth === 0) {
          this.endProperty(at);
          this.mode = "done";
        }
        return;
      case 0x2c:
        if (this.depth === 2 && this.inList) {
          this.endItem(at);
        } else if (this.depth === 1) {
          this.endProperty(at);
          this.startProperty(at + 1);
        }
        return;
    }
  }

  /** Text still kept, else "" (a unit of an invalid payload already ended: nothing to decode). */
  private kept(from: number, to: number): string {
    return this.window.holds(from) ? this.window.text(from, to) : "";
  }

  private startProperty(at: number): void {
    this.propertyStart = at;
    this.key = undefined;
    this.inList = false;
    this.window.keep(at);
  }

  private endProperty(at: number): void {
    if (this.inList || typeof this.key !== "string") return;
    const raw = this.kept(this.propertyStart, at);
    const text = raw.trim();
    const offset = this.propertyStart + raw.length - raw.trimStart().length;
    if (text === "") return;
    if (this.key === "intent") {
      const intent = this.units.decode(`{${text}}`)?.intent;
      if (intent === undefined) return;
      this.intent = intent;
      this.emit({ kind: "intent", intent, offset });
      const waiting = this.waiting;
      this.waiting = [];
      for (const unit of waiting) this.decode(unit.key, unit.text, unit.item, unit.offset);
    } else if (!NO_PARTS.has(this.key)) {
      this.decode(this.key, text, false, offset);
    }
  }

  private endItem(at: number): void {
    const raw = this.kept(this.itemStart, at);
    const text = raw.trim();
    const offset = this.itemStart + raw.length - raw.trimStart().length;
    this.itemStart = at + 1;
    this.window.keep(at + 1);
    if (text !== "" && typeof this.key === "string" && !NO_PARTS.has(this.key)) this.decode(this.key, text, true, offset);
  }

  /** Decodes a property or list item of `key`, or keeps it until the intent is known. */
  private decode(key: string, text: string, item: boolean, offset: number): void {
    const needsIntent = key !== "constraints" && key !== "alternatives";
    if (needsIntent && this.intent === undefined) {
      this.waiting.push({ key, text, item, offset });
      return;
    }
    const unit = item ? `${JSON.stringify(key)}:[${text}]` : text;
    const ir = this.units.decode(`{"intent":${JSON.stringify(this.intent ?? "!X")},${unit}}`);
    if (!ir) return;
    for (const entity of ir.entities) this.emit({ kind: "entity", entity, offset });
    for (const constraint of ir.constraints) this.emit({ kind: "constraint", constraint, offset });
    for (const alternative of ir.alternatives) this.emit({ kind: "alternative", alternative, offset });
  }
}

/** A key's text as written ("..." or, lenient, '...'), or null when it is not a readable string. */
function readKey(raw: string): string | null {
  const trimmed = raw.trim();
  try {
    const body = trimmed.slice(1, -1);
    return JSON.parse(trimmed.startsWith("'") ? `"${body.replace(/\\'|"/g, (match) => (match === '"' ? '\\"' : "'"))}"` : trimmed) as string;
  } catch {
    return null;
  }
}
