import { EXCLUDED_VERBS, EXTRA_VERB_SHAPE, MAX_EXTRA_VERB_LENGTH, MAX_EXTRA_VERBS } from "./verb-table.js";
import { DEFAULT_SANITIZE_OPTIONS, resolveSanitizeOptions, type ResolvedSanitizeOptions, type SanitizeOptions } from "./security/options.js";
import { invalidOption } from "./errors.js";

/**
 * Options are resolved once, at the public entry points, into a plain frozen `ResolvedOptions`.
 * Helpers deep inside the codec receive the resolved object and never invent defaults of their
 * own, so policy (strictness, limits, whitelist mode) is decided in exactly one place. A bad
 * option, or a key that is not an option, is a SilpError with code `invalid_options`
 * (docs/errors.md).
 *
 * A resolved object is itself complete, valid options: resolving it again gives an equal object,
 * and a copy with one field changed (`{ ...resolved, inlineMeta: false }`) resolves like any
 * caller's options. Nothing is trusted by identity.
 */

/** How the verb whitelist (spec 3.8, draft -02 10.2) is applied. */
export type WhitelistMode = "strict" | "advisory" | "off";

/**
 * The whitelist with a deployment's own verbs (docs/ir.md, "Application verbs"): `extra` adds
 * action codes (`"!REFUND"` or `"REFUND"`) to the approved ones of spec 3.8. An excluded verb
 * (Table 8) cannot be added. Check a verb against the draft's criterion first with
 * `silpc whitelist --verify --extra-verbs REFUND`.
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
  /**
   * Options of one frontend, handed to it as they are (e.g. `@silp/llmlingua2`'s `rate` and
   * `modelDir`); each frontend documents and checks its own. Keys outside SilpOptions are an
   * error everywhere else.
   */
  frontendOptions?: Readonly<Record<string, unknown>>;
}

/** The whitelist in force: its mode and the deployment's extra verbs, each with its `!`, sorted, without duplicates. */
export interface ResolvedWhitelist {
  readonly mode: WhitelistMode;
  readonly extra: readonly string[];
}

export interface ResolvedOptions {
  readonly whitelist: ResolvedWhitelist;
  readonly strict: boolean;
  readonly scopeLimited: boolean;
  readonly inlineMeta: boolean | "auto";
  readonly limits: Readonly<Limits>;
  readonly sanitize: ResolvedSanitizeOptions | false;
  readonly frontendOptions: Readonly<Record<string, unknown>>;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxInputLength: 2 * 1024 * 1024,
  maxDepth: 64,
});

const NO_EXTRA_VERBS: readonly string[] = Object.freeze([]);
const NO_FRONTEND_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

export const DEFAULT_OPTIONS: ResolvedOptions = Object.freeze({
  whitelist: Object.freeze({ mode: "strict", extra: NO_EXTRA_VERBS }),
  strict: false,
  scopeLimited: false,
  inlineMeta: "auto",
  limits: DEFAULT_LIMITS,
  sanitize: DEFAULT_SANITIZE_OPTIONS,
  frontendOptions: NO_FRONTEND_OPTIONS,
});

const WHITELIST_MODES: readonly WhitelistMode[] = ["strict", "advisory", "off"];
const BOOLEAN_OPTIONS = ["strict", "scopeLimited"] as const;
/** The keys of SilpOptions: what resolveOptions accepts. */
export const OPTION_NAMES: readonly string[] = Object.freeze(Object.keys(DEFAULT_OPTIONS));
const LIMIT_NAMES: readonly string[] = Object.keys(DEFAULT_LIMITS);

/**
 * The codec's options among a package's own: for option types that extend SilpOptions with keys
 * of their own (a lock's `reason`, a server's `port`), so only the codec's keys reach the codec.
 */
export function pickCodecOptions(options: SilpOptions): SilpOptions {
  const given = options as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) if (given[name] !== undefined) picked[name] = given[name];
  return picked as SilpOptions;
}

/** Resolves user options against the defaults: every key is checked (`invalid_options`). */
export function resolveOptions(options: SilpOptions | undefined): ResolvedOptions {
  if (options === undefined) return DEFAULT_OPTIONS;
  const input: unknown = options;
  if (!isPlainObject(input)) {
    throw invalidOption("options", `options must be an object, got ${describe(input)}`);
  }
  for (const name of Object.keys(input)) {
    if (!OPTION_NAMES.includes(name)) {
      throw invalidOption(name, `${name} is not an option${suggestion(name, OPTION_NAMES)} (known: ${OPTION_NAMES.join(", ")})`);
    }
  }
  const flags: Record<(typeof BOOLEAN_OPTIONS)[number], boolean> = {
    strict: DEFAULT_OPTIONS.strict,
    scopeLimited: DEFAULT_OPTIONS.scopeLimited,
  };
  for (const name of BOOLEAN_OPTIONS) {
    const value = input[name];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw invalidOption(name, `${name} must be a boolean, got ${describe(value)}`);
    flags[name] = value;
  }
  const inlineMeta = input.inlineMeta ?? DEFAULT_OPTIONS.inlineMeta;
  if (typeof inlineMeta !== "boolean" && inlineMeta !== "auto") {
    throw invalidOption("inlineMeta", `inlineMeta must be true, false or "auto", got ${describe(inlineMeta)}`);
  }
  return Object.freeze({
    whitelist: resolveWhitelist(input.whitelist),
    strict: flags.strict,
    scopeLimited: flags.scopeLimited,
    inlineMeta,
    limits: resolveLimits(input.limits),
    sanitize: resolveSanitize(input.sanitize),
    frontendOptions: resolveFrontendOptions(input.frontendOptions),
  });
}

const WHITELIST_KEYS: readonly string[] = ["mode", "extra"];

/** `"strict"` or `{ mode, extra }` -> the mode and the normalized extra verbs. */
function resolveWhitelist(option: unknown): ResolvedWhitelist {
  if (option === undefined) return DEFAULT_OPTIONS.whitelist;
  if (!isPlainObject(option)) {
    if (!isWhitelistMode(option)) {
      throw invalidOption("whitelist", `whitelist must be one of ${WHITELIST_MODES.join(", ")} or { mode, extra }, got ${describe(option)}`);
    }
    return option === DEFAULT_OPTIONS.whitelist.mode ? DEFAULT_OPTIONS.whitelist : Object.freeze({ mode: option, extra: NO_EXTRA_VERBS });
  }
  for (const name of Object.keys(option)) {
    if (!WHITELIST_KEYS.includes(name)) {
      throw invalidOption(`whitelist.${name}`, `whitelist.${name} is not a whitelist option (known: ${WHITELIST_KEYS.join(", ")})`);
    }
  }
  const mode = option.mode ?? DEFAULT_OPTIONS.whitelist.mode;
  if (!isWhitelistMode(mode)) {
    throw invalidOption("whitelist.mode", `whitelist.mode must be one of ${WHITELIST_MODES.join(", ")}, got ${describe(mode)}`);
  }
  return Object.freeze({ mode, extra: resolveExtraVerbs(option.extra, "whitelist.extra") });
}

/**
 * Each extra verb: a string of the IR schema's action-code shape (the `!` may be left out),
 * not excluded by spec 3.8 Table 8 ("MUST NOT be used"), within the count and length caps.
 */
function resolveExtraVerbs(extra: unknown, name: string): readonly string[] {
  if (extra === undefined) return NO_EXTRA_VERBS;
  if (!Array.isArray(extra)) throw invalidOption(name, `${name} must be an array of verbs, got ${describe(extra)}`);
  if (extra.length > MAX_EXTRA_VERBS) {
    throw invalidOption(name, `${name} has ${extra.length} verbs; at most ${MAX_EXTRA_VERBS} are allowed`);
  }
  const verbs = new Set<string>();
  extra.forEach((verb: unknown, index) => {
    const option = `${name}[${index}]`;
    if (typeof verb !== "string" || verb.length > MAX_EXTRA_VERB_LENGTH || !EXTRA_VERB_SHAPE.test(verb)) {
      throw invalidOption(
        option,
        `${option} must be an action code like "!REFUND" or "REFUND" (upper-case letters and _, at most ${MAX_EXTRA_VERB_LENGTH} characters), got ${describe(verb)}`,
      );
    }
    const code = verb.startsWith("!") ? verb : `!${verb}`;
    const excluded = EXCLUDED_VERBS.find((entry) => entry.code === code);
    if (excluded) {
      throw invalidOption(option, `${option}: ${code} is excluded by spec 3.8 and MUST NOT be used (${excluded.reason}); use ${excluded.hint}`);
    }
    verbs.add(code);
  });
  return Object.freeze([...verbs].sort());
}

function resolveLimits(limits: unknown): Readonly<Limits> {
  if (limits === undefined) return DEFAULT_LIMITS;
  if (!isPlainObject(limits)) throw invalidOption("limits", `limits must be an object, got ${describe(limits)}`);
  for (const name of Object.keys(limits)) {
    if (!LIMIT_NAMES.includes(name)) {
      throw invalidOption(`limits.${name}`, `limits.${name} is not a limit (known: ${LIMIT_NAMES.join(", ")})`);
    }
  }
  const merged: Limits = { ...DEFAULT_LIMITS };
  for (const name of LIMIT_NAMES as readonly (keyof Limits)[]) {
    const value: unknown = limits[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
      throw invalidOption(`limits.${name}`, `limits.${name} must be a positive integer, got ${describe(value)}`);
    }
    merged[name] = value;
  }
  return Object.freeze(merged);
}

function resolveSanitize(sanitize: unknown): ResolvedSanitizeOptions | false {
  if (sanitize === false) return false;
  if (sanitize === undefined) return DEFAULT_SANITIZE_OPTIONS;
  if (!isPlainObject(sanitize)) {
    throw invalidOption("sanitize", `sanitize must be an options object or false, got ${describe(sanitize)}`);
  }
  return resolveSanitizeOptions(sanitize as SanitizeOptions, "sanitize.");
}

/** A frontend's own options: an object, copied and frozen; its frontend checks the keys. */
function resolveFrontendOptions(value: unknown): Readonly<Record<string, unknown>> {
  if (value === undefined) return NO_FRONTEND_OPTIONS;
  if (!isPlainObject(value)) throw invalidOption("frontendOptions", `frontendOptions must be an object, got ${describe(value)}`);
  return Object.freeze({ ...value });
}

/** ` (did you mean "x"?)` for a key one or two edits from a known one, or case-insensitively equal. */
export function suggestion(name: string, known: readonly string[]): string {
  const close = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase()) ?? known.find((candidate) => editDistance(name, candidate) <= 2);
  return close === undefined ? "" : ` (did you mean "${close}"?)`;
}

/**
 * Levenshtein distance, for option-name suggestions of a few characters only. Hand-written: a
 * dozen lines for names under 20 characters, where a library (fastest-levenshtein) would be the
 * codec's dependency for one error message.
 */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
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
