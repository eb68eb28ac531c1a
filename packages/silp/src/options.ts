import { DEFAULT_SANITIZE_OPTIONS, resolveSanitizeOptions, type ResolvedSanitizeOptions, type SanitizeOptions } from "./security/options.js";

/**
 * Options are resolved once, at the public entry points, into a frozen `ResolvedOptions`.
 * Helpers deep inside the codec receive the resolved object and never invent defaults of their
 * own, so policy (strictness, limits, whitelist mode) is decided in exactly one place.
 */

/** How the verb whitelist (spec 3.8, draft -02 10.2) is applied. */
export type WhitelistMode = "strict" | "advisory" | "off";

export interface Limits {
  /** Largest payload accepted by decode, in UTF-16 code units. */
  maxInputLength: number;
  /** Deepest nesting of JSON arrays/objects accepted inside a payload. */
  maxDepth: number;
}

export interface SilpOptions {
  /** Verb whitelist mode. Default "strict": a verb outside the whitelist is an error. */
  whitelist?: WhitelistMode;
  /**
   * Strict decoding: accept only the canonical surface this library prints. Default false
   * (lenient): common model deviations are repaired and every repair is reported.
   */
  strict?: boolean;
  /**
   * The caller declares a scope-limited session (spec 3.6): req_ids derived on decode are
   * 4 hex characters instead of 8, and 4-hex req_ids raise no warning.
   */
  scopeLimited?: boolean;
  /** Compile: append the meta (and non-default silp/version) to code and json payloads. */
  inlineMeta?: boolean;
  /** Input limits for decode. */
  limits?: Partial<Limits>;
  /** Sanitizer policies for decode (docs/security.md), or false to turn sanitization off. */
  sanitize?: SanitizeOptions | false;
}

export interface ResolvedOptions {
  readonly whitelist: WhitelistMode;
  readonly strict: boolean;
  readonly scopeLimited: boolean;
  readonly inlineMeta: boolean;
  readonly limits: Readonly<Limits>;
  readonly sanitize: ResolvedSanitizeOptions | false;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxInputLength: 2 * 1024 * 1024,
  maxDepth: 64,
});

export const DEFAULT_OPTIONS: ResolvedOptions = Object.freeze({
  whitelist: "strict",
  strict: false,
  scopeLimited: false,
  inlineMeta: false,
  limits: DEFAULT_LIMITS,
  sanitize: DEFAULT_SANITIZE_OPTIONS,
});

const WHITELIST_MODES: readonly WhitelistMode[] = ["strict", "advisory", "off"];

/** Resolves user options against the defaults; an already resolved object passes through. */
export function resolveOptions(options: SilpOptions | ResolvedOptions | undefined): ResolvedOptions {
  if (options === undefined) return DEFAULT_OPTIONS;
  if (Object.isFrozen(options) && "limits" in options && Object.isFrozen(options.limits)) {
    return options as ResolvedOptions;
  }
  const whitelist = options.whitelist ?? DEFAULT_OPTIONS.whitelist;
  if (!WHITELIST_MODES.includes(whitelist)) {
    throw new TypeError(`whitelist must be one of ${WHITELIST_MODES.join(", ")}, got ${String(whitelist)}`);
  }
  let limits: Readonly<Limits> = DEFAULT_LIMITS;
  if (options.limits !== undefined) {
    const merged = { ...DEFAULT_LIMITS, ...options.limits };
    for (const [name, value] of Object.entries(merged)) {
      if (!Number.isInteger(value) || value <= 0) {
        throw new TypeError(`limits.${name} must be a positive integer, got ${String(value)}`);
      }
    }
    limits = Object.freeze(merged);
  }
  return Object.freeze({
    whitelist,
    strict: options.strict ?? DEFAULT_OPTIONS.strict,
    scopeLimited: options.scopeLimited ?? DEFAULT_OPTIONS.scopeLimited,
    inlineMeta: options.inlineMeta ?? DEFAULT_OPTIONS.inlineMeta,
    limits,
    sanitize:
      options.sanitize === false ? false : options.sanitize === undefined ? DEFAULT_SANITIZE_OPTIONS : resolveSanitizeOptions(options.sanitize),
  });
}
