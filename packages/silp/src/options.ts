import { SilpOptionsError } from "./errors.js";
import { EXCLUDED_VERBS, EXTRA_VERB_SHAPE, MAX_EXTRA_VERB_LENGTH, MAX_EXTRA_VERBS } from "./verb-table.js";
import { DEFAULT_SANITIZE_OPTIONS, resolveSanitizeOptions, type ResolvedSanitizeOptions, type SanitizeOptions } from "./security/options.js";

/**
 * Options are resolved once, at the public entry points, into a frozen `ResolvedOptions`.
 * Helpers deep inside the codec receive the resolved object and never invent defaults of their
 * own, so policy (strictness, limits, whitelist mode) is decided in exactly one place. A bad
 * option is a SilpError with code `invalid_options` (docs/errors.md).
 */

/** How the verb whitelist (spec 3.8, draft -02 10.2) is applied. */
export type WhitelistMode = "strict" | "advisory" | "off";

/**
 * The whitelist with a deployment's own verbs (docs/ir.md, "Application verbs"): `extra` adds
 * action codes (`"!REFUND"` or `"REFUND"`) to the approved ones of spec 3.8. An excluded verb
 * (Table 8) cannot be added. Check a verb against the draft's criterion first with
 * `silpc whitelist --verify --extra REFUND`.
 */
export interface WhitelistOptions {
  /** Default "strict". */
  mode?: WhitelistMode;
  /** Extra verbs in force beside the approved ones. */
  extra?: readonly string[];
}

export interface Limits {
  /** Largest payload accepted by decode, in UTF-16 code units. */
  maxInputLength: number;
  /** Deepest nesting of JSON arrays/objects accepted inside a payload. */
  maxDepth: number;
}

export interface SilpOptions {
  /**
   * Verb whitelist mode, or `{ mode, extra }` to add application verbs. Default "strict": a verb
   * outside the whitelist (approved + extra) is an error.
   */
  whitelist?: WhitelistMode | WhitelistOptions;
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
  /**
   * Compile: carry the meta (and a non-default IR version) inside code and json payloads.
   * "auto" (default): exactly when the IR has meta the payload cannot give back, i.e. anything
   * but a req_id and the defaults (spec 4.6). true: always. false: never, the compact surface
   * (the reference's strings; meta other than what decode derives is dropped, by request).
   */
  inlineMeta?: boolean | "auto";
  /** Input limits for decode. */
  limits?: Partial<Limits>;
  /** Sanitizer policies for decode (docs/security.md), or false to turn sanitization off. */
  sanitize?: SanitizeOptions | false;
}

export interface ResolvedOptions {
  readonly whitelist: WhitelistMode;
  /** The deployment's extra verbs, each with its `!`, sorted, without duplicates. */
  readonly extraVerbs: readonly string[];
  readonly strict: boolean;
  readonly scopeLimited: boolean;
  readonly inlineMeta: boolean | "auto";
  readonly limits: Readonly<Limits>;
  readonly sanitize: ResolvedSanitizeOptions | false;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxInputLength: 2 * 1024 * 1024,
  maxDepth: 64,
});

export const DEFAULT_OPTIONS: ResolvedOptions = Object.freeze({
  whitelist: "strict",
  extraVerbs: Object.freeze([]),
  strict: false,
  scopeLimited: false,
  inlineMeta: "auto",
  limits: DEFAULT_LIMITS,
  sanitize: DEFAULT_SANITIZE_OPTIONS,
});

const WHITELIST_MODES: readonly WhitelistMode[] = ["strict", "advisory", "off"];
const BOOLEAN_OPTIONS = ["strict", "scopeLimited"] as const;
const LIMIT_NAMES: readonly string[] = Object.keys(DEFAULT_LIMITS);
const SANITIZE_NAMES: readonly string[] = Object.keys(DEFAULT_SANITIZE_OPTIONS);

/**
 * The objects this module resolved. Being frozen proves nothing (any caller can freeze an object,
 * and a frozen user object used to skip defaults and checks), so pass-through is decided by
 * identity: only what resolveOptions itself returned is trusted as resolved.
 */
const resolvedBrand = new WeakSet<object>([DEFAULT_OPTIONS]);
/** Sanitizer options resolved here, so that spreading a resolved object does not re-check them. */
const resolvedSanitize = new WeakSet<object>([DEFAULT_SANITIZE_OPTIONS]);

/**
 * Resolves user options against the defaults; an object resolveOptions returned passes through.
 * Every known option is checked (`invalid_options`); unknown top-level keys are ignored because
 * callers pass frontend-specific options (e.g. llmlingua2's `rate`) through the same object.
 */
export function resolveOptions(options: SilpOptions | ResolvedOptions | undefined): ResolvedOptions {
  if (options === undefined) return DEFAULT_OPTIONS;
  const input: unknown = options;
  if (!isPlainObject(input)) {
    throw new SilpOptionsError("options", `options must be an object, got ${describe(input)}`);
  }
  if (resolvedBrand.has(input)) return options as ResolvedOptions;
  const { whitelist, extraVerbs } = resolveWhitelist(input.whitelist, input.extraVerbs);
  const flags: Record<(typeof BOOLEAN_OPTIONS)[number], boolean> = {
    strict: DEFAULT_OPTIONS.strict,
    scopeLimited: DEFAULT_OPTIONS.scopeLimited,
  };
  for (const name of BOOLEAN_OPTIONS) {
    const value = input[name];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw new SilpOptionsError(name, `${name} must be a boolean, got ${describe(value)}`);
    flags[name] = value;
  }
  const inlineMeta = input.inlineMeta ?? DEFAULT_OPTIONS.inlineMeta;
  if (typeof inlineMeta !== "boolean" && inlineMeta !== "auto") {
    throw new SilpOptionsError("inlineMeta", `inlineMeta must be true, false or "auto", got ${describe(inlineMeta)}`);
  }
  const resolved: ResolvedOptions = Object.freeze({
    whitelist,
    extraVerbs,
    strict: flags.strict,
    scopeLimited: flags.scopeLimited,
    inlineMeta,
    limits: resolveLimits(input.limits),
    sanitize: resolveSanitize(input.sanitize),
  });
  resolvedBrand.add(resolved);
  return resolved;
}

const WHITELIST_KEYS: readonly string[] = ["mode", "extra"];
const NO_EXTRA_VERBS: readonly string[] = DEFAULT_OPTIONS.extraVerbs;

/**
 * `"strict"` or `{ mode, extra }` -> the mode and the normalized extra verbs. `extraVerbs` is the
 * resolved field: a copy of resolved options (`{ ...resolved, inlineMeta: false }`) carries the
 * mode as a string and the verbs there, and must keep them.
 */
function resolveWhitelist(option: unknown, resolvedExtra: unknown): { whitelist: WhitelistMode; extraVerbs: readonly string[] } {
  if (option === undefined) return { whitelist: DEFAULT_OPTIONS.whitelist, extraVerbs: resolveExtraVerbs(resolvedExtra, "extraVerbs") };
  if (!isPlainObject(option)) {
    if (!isWhitelistMode(option)) {
      throw new SilpOptionsError("whitelist", `whitelist must be one of ${WHITELIST_MODES.join(", ")} or { mode, extra }, got ${describe(option)}`);
    }
    return { whitelist: option, extraVerbs: resolveExtraVerbs(resolvedExtra, "extraVerbs") };
  }
  for (const name of Object.keys(option)) {
    if (!WHITELIST_KEYS.includes(name)) {
      throw new SilpOptionsError(`whitelist.${name}`, `whitelist.${name} is not a whitelist option (known: ${WHITELIST_KEYS.join(", ")})`);
    }
  }
  const mode = option.mode ?? DEFAULT_OPTIONS.whitelist;
  if (!isWhitelistMode(mode)) {
    throw new SilpOptionsError("whitelist.mode", `whitelist.mode must be one of ${WHITELIST_MODES.join(", ")}, got ${describe(mode)}`);
  }
  return { whitelist: mode, extraVerbs: resolveExtraVerbs(option.extra, "whitelist.extra") };
}

/**
 * Each extra verb: a string of the IR schema's action-code shape (the `!` may be left out),
 * not excluded by spec 3.8 Table 8 ("MUST NOT be used"), within the count and length caps.
 */
function resolveExtraVerbs(extra: unknown, name: string): readonly string[] {
  if (extra === undefined) return NO_EXTRA_VERBS;
  if (!Array.isArray(extra)) throw new SilpOptionsError(name, `${name} must be an array of verbs, got ${describe(extra)}`);
  if (extra.length > MAX_EXTRA_VERBS) {
    throw new SilpOptionsError(name, `${name} has ${extra.length} verbs; at most ${MAX_EXTRA_VERBS} are allowed`);
  }
  const verbs = new Set<string>();
  extra.forEach((verb: unknown, index) => {
    const option = `${name}[${index}]`;
    if (typeof verb !== "string" || verb.length > MAX_EXTRA_VERB_LENGTH || !EXTRA_VERB_SHAPE.test(verb)) {
      throw new SilpOptionsError(
        option,
        `${option} must be an action code like "!REFUND" or "REFUND" (upper-case letters and _, at most ${MAX_EXTRA_VERB_LENGTH} characters), got ${describe(verb)}`,
      );
    }
    const code = verb.startsWith("!") ? verb : `!${verb}`;
    const excluded = EXCLUDED_VERBS.find((entry) => entry.code === code);
    if (excluded) {
      throw new SilpOptionsError(option, `${option}: ${code} is excluded by spec 3.8 and MUST NOT be used (${excluded.reason}); use ${excluded.hint}`);
    }
    verbs.add(code);
  });
  return Object.freeze([...verbs].sort());
}

function resolveLimits(limits: unknown): Readonly<Limits> {
  if (limits === undefined) return DEFAULT_LIMITS;
  if (!isPlainObject(limits)) throw new SilpOptionsError("limits", `limits must be an object, got ${describe(limits)}`);
  for (const name of Object.keys(limits)) {
    if (!LIMIT_NAMES.includes(name)) {
      throw new SilpOptionsError(`limits.${name}`, `limits.${name} is not a limit (known: ${LIMIT_NAMES.join(", ")})`);
    }
  }
  const merged: Limits = { ...DEFAULT_LIMITS };
  for (const name of LIMIT_NAMES as readonly (keyof Limits)[]) {
    const value: unknown = limits[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
      throw new SilpOptionsError(`limits.${name}`, `limits.${name} must be a positive integer, got ${describe(value)}`);
    }
    merged[name] = value;
  }
  return Object.freeze(merged);
}

function resolveSanitize(sanitize: unknown): ResolvedSanitizeOptions | false {
  if (sanitize === false) return false;
  if (sanitize === undefined) return DEFAULT_SANITIZE_OPTIONS;
  if (!isPlainObject(sanitize)) {
    throw new SilpOptionsError("sanitize", `sanitize must be an options object or false, got ${describe(sanitize)}`);
  }
  if (resolvedSanitize.has(sanitize)) return sanitize as unknown as ResolvedSanitizeOptions;
  for (const name of Object.keys(sanitize)) {
    if (!SANITIZE_NAMES.includes(name)) {
      throw new SilpOptionsError(`sanitize.${name}`, `sanitize.${name} is not a sanitizer option (known: ${SANITIZE_NAMES.join(", ")})`);
    }
  }
  let resolved: ResolvedSanitizeOptions;
  try {
    // A copy, never the caller's object: resolveSanitizeOptions passes frozen objects through
    // unchecked, and a caller's frozen object is not a resolved one.
    resolved = resolveSanitizeOptions({ ...sanitize } as SanitizeOptions);
  } catch (error) {
    const name = error instanceof Error ? /^(\w+) must/.exec(error.message)?.[1] : undefined;
    throw new SilpOptionsError(`sanitize${name ? `.${name}` : ""}`, `sanitize: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  resolvedSanitize.add(resolved);
  return resolved;
}

function isWhitelistMode(value: unknown): value is WhitelistMode {
  return (WHITELIST_MODES as readonly unknown[]).includes(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : `${typeof value} ${String(value)}`;
}
