import { invalidOption } from "../errors.js";

/**
 * Options of the Unicode sanitizer (docs/security.md). Like src/options.ts, they are resolved
 * once into a frozen object; the scanners never invent defaults of their own.
 */

/**
 * What to do with invisible and bidirectional control characters other than the four
 * zero-width characters of spec 8.1 (those are always stripped).
 */
export type InvisiblePolicy = "strip" | "reject" | "flag";

/** What to do with confusable (homoglyph) characters in structural positions. */
export type HomoglyphPolicy = "normalize" | "reject" | "flag";

/**
 * ZWJ/ZWNJ handling. "contextual" keeps them where they are part of legitimate text (an emoji
 * ZWJ sequence, or between two letters of a script that uses joiners); "strip" removes all.
 */
export type JoinerMode = "contextual" | "strip";

export interface SanitizeOptions {
  /** Default "strip": see docs/security.md for why. */
  invisible?: InvisiblePolicy;
  /** Default "normalize": confusables in bare verbs and keywords fold to ASCII. */
  homoglyphs?: HomoglyphPolicy;
  /** Default "contextual". */
  joiners?: JoinerMode;
  /** Hits kept in detail on a report; counts stay exact past it. Default 1000. */
  maxHits?: number;
}

export interface ResolvedSanitizeOptions {
  readonly invisible: InvisiblePolicy;
  readonly homoglyphs: HomoglyphPolicy;
  readonly joiners: JoinerMode;
  readonly maxHits: number;
}

export const INVISIBLE_POLICIES: readonly InvisiblePolicy[] = ["strip", "reject", "flag"];
export const HOMOGLYPH_POLICIES: readonly HomoglyphPolicy[] = ["normalize", "reject", "flag"];
export const JOINER_MODES: readonly JoinerMode[] = ["contextual", "strip"];

export const DEFAULT_SANITIZE_OPTIONS: ResolvedSanitizeOptions = Object.freeze({
  invisible: "strip",
  homoglyphs: "normalize",
  joiners: "contextual",
  maxHits: 1000,
});

function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    throw invalidOption(name, `${name} must be one of ${allowed.join(", ")}, got ${String(value)}`);
  }
  return value;
}

const OPTION_NAMES: readonly string[] = Object.keys(DEFAULT_SANITIZE_OPTIONS);

/**
 * Resolves sanitizer options against the defaults into a plain frozen object; a resolved object
 * resolves to an equal one. A bad value or an unknown key is `invalid_options`, named with
 * `prefix` (the codec's options pass "sanitize.").
 */
export function resolveSanitizeOptions(options: SanitizeOptions | undefined, prefix = ""): ResolvedSanitizeOptions {
  if (options === undefined) return DEFAULT_SANITIZE_OPTIONS;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw invalidOption(prefix ? prefix.slice(0, -1) : "options", `sanitizer options must be an object, got ${String(options)}`);
  }
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.includes(name)) {
      throw invalidOption(`${prefix}${name}`, `${prefix}${name} is not a sanitizer option (known: ${OPTION_NAMES.join(", ")})`);
    }
  }
  const maxHits = options.maxHits ?? DEFAULT_SANITIZE_OPTIONS.maxHits;
  if (!Number.isInteger(maxHits) || maxHits < 0) {
    throw invalidOption(`${prefix}maxHits`, `${prefix}maxHits must be a non-negative integer, got ${String(maxHits)}`);
  }
  return Object.freeze({
    invisible: oneOf(`${prefix}invisible`, options.invisible, INVISIBLE_POLICIES, DEFAULT_SANITIZE_OPTIONS.invisible),
    homoglyphs: oneOf(`${prefix}homoglyphs`, options.homoglyphs, HOMOGLYPH_POLICIES, DEFAULT_SANITIZE_OPTIONS.homoglyphs),
    joiners: oneOf(`${prefix}joiners`, options.joiners, JOINER_MODES, DEFAULT_SANITIZE_OPTIONS.joiners),
    maxHits,
  });
}
