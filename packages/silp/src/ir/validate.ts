/**
 * IR validation: the normative schema (Ajv) first, then the semantic rules on the normal form.
 * Validation never throws for bad input; it returns every issue found. `assertValid` is the
 * throwing form used by compile and decode.
 */
import { type ValidationIssue, SilpError, invalidIr } from "../errors.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "../options.js";
import { assertDepth, normalIrExceedsDepth, tooDeepMessage, tooDeepPath } from "./depth.js";
import { nonJsonValueIssues } from "./json-values.js";
import { dropNullOptionals, normalize, withNormalTrailer } from "./normalize.js";
import { semanticIssues } from "./rules.js";
import { schemaIssues } from "./schema.js";
import { SUPPORTED_SILP_VERSIONS, type SilpIR, type SilpIRInput } from "./types.js";

export interface ValidationResult {
  /** True when no issue has severity "error". */
  ok: boolean;
  /** The normal form, present whenever the input satisfies the schema. */
  ir?: SilpIR;
  issues: ValidationIssue[];
}

export function validate(input: unknown, options?: SilpOptions): ValidationResult {
  const resolved = resolveOptions(options);
  const result = validateResolved(input, resolved);
  // The nesting limit, where compile and decode apply it (throwingResult): an IR they refuse with
  // limit_exceeded, a cyclic value included, is not valid here either, and that issue comes first.
  const maxDepth = resolved.limits.maxDepth;
  const path = mayBeTooDeep(result, maxDepth) ? tooDeepPath(input, maxDepth) : undefined;
  if (path === undefined) return result;
  const issue: ValidationIssue = { rule: "max-depth", severity: "error", message: tooDeepMessage(maxDepth), path };
  return { ok: false, ir: result.ir, issues: [issue, ...result.issues] };
}

/**
 * `decoded`: the IR was read from a payload's text, which holds JSON values only, and its
 * entities, constraints and alternatives are in normal form when the decoder says so.
 */
function validateResolved(input: unknown, resolved: ResolvedOptions, decoded?: { normalParts: boolean }): ValidationResult {
  const { value, issues } = dropNullOptionals(input);
  const schema = schemaIssues(value);
  if (schema.length === 0 && !decoded) for (const issue of nonJsonValueIssues(value as Record<string, unknown>, resolved.limits.maxDepth)) schema.push(issue);
  if (schema.length > 0) return { ok: false, issues: [...issues, ...schema] };
  const ir = decoded?.normalParts ? withNormalTrailer(value as SilpIR) : normalize(value as SilpIRInput);
  for (const issue of semanticIssues(ir, resolved)) issues.push(issue); // no push(...): unbounded count
  return { ok: !issues.some((issue) => issue.severity === "error"), ir, issues };
}

/**
 * Validates and returns the normal form with its warnings, or throws: `limit_exceeded` for an IR
 * nested deeper than `limits.maxDepth` (before any other error, and before a printer recurses
 * into it), `unsupported_version` for a `silp` version this implementation does not speak,
 * `invalid_ir` for any error-level issue.
 *
 * The schema and the rules run first: none of them descends into a value the schema leaves open
 * (the schema has no recursive part, and normalizing shares extra fields' values), so a deep IR
 * costs them nothing. A schema-valid IR can then nest only inside its extra fields' values, and
 * only those are walked (normalIrExceedsDepth); an IR the schema rejects is walked whole, so
 * that too deep still wins over the schema's errors.
 *
 */
export function assertValid(input: unknown, options: ResolvedOptions): { ir: SilpIR; warnings: ValidationIssue[] } {
  return throwingResult(options.limits.maxDepth, input, validateResolved(input, options));
}

/**
 * Decode's validation of what a frontend decoded, for every frontend alike: assertValid's checks
 * and errors, in its order. It skips only what cannot be otherwise: a text holds no value JSON
 * cannot carry, and normalizing again entities, constraints and alternatives a decoder built in
 * normal form (DecodedPayload.normalParts) would change nothing. The schema, the nesting limit
 * and the rules always run, so no frontend's construction can let an invalid IR through.
 */
export function assertDecoded(decoded: { ir: SilpIRInput; normalParts: boolean }, options: ResolvedOptions): { ir: SilpIR; warnings: ValidationIssue[] } {
  return throwingResult(options.limits.maxDepth, decoded.ir, validateResolved(decoded.ir, options, decoded));
}

/** `limit_exceeded` first (an IR the schema rejects is walked whole), then the version, then every error-level issue. */
function throwingResult(maxDepth: number, input: unknown, result: ValidationResult): { ir: SilpIR; warnings: ValidationIssue[] } {
  if (mayBeTooDeep(result, maxDepth)) assertDepth(input, maxDepth);
  if (result.ir) assertSupportedVersion(result.ir.silp);
  if (!result.ok || !result.ir) throw invalidIr(result.issues);
  return { ir: result.ir, warnings: result.issues };
}

/**
 * Whether the input must be walked for depth: an IR the schema refused is walked whole, a
 * schema-valid one only where it can nest (normalIrExceedsDepth). validate() and the throwing
 * checks decide it alike, so they agree on what is too deep.
 */
function mayBeTooDeep(result: ValidationResult, maxDepth: number): boolean {
  return result.ir === undefined || normalIrExceedsDepth(result.ir, maxDepth);
}

export function assertSupportedVersion(version: string): void {
  if (!SUPPORTED_SILP_VERSIONS.includes(version)) {
    throw new SilpError(
      "unsupported_version",
      `SILP version "${version}" is not supported (this implementation speaks ${SUPPORTED_SILP_VERSIONS.join(", ")})`,
      {
        details: { version, supported: SUPPORTED_SILP_VERSIONS },
      },
    );
  }
}

export type { SilpIRInput };
