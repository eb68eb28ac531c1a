/**
 * IR validation: the normative schema (Ajv) first, then the semantic rules on the normal form.
 * Validation never throws for bad input; it returns every issue found. `assertValid` is the
 * throwing form used by compile and decode.
 */
import { type ValidationIssue, SilpError, invalidIr } from "../errors.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "../options.js";
import { assertDepth, normalIrExceedsDepth } from "./depth.js";
import { nonJsonValueIssues } from "./json-values.js";
import { dropNullOptionals, hasNullOptionalMeta, normalize, withNormalTrailer } from "./normalize.js";
import { semanticIssues } from "./rules.js";
import { schemaIssues, trailerSchemaIssues } from "./schema.js";
import { SUPPORTED_SILP_VERSIONS, type SilpIR, type SilpIRInput } from "./types.js";

export interface ValidationResult {
  /** True when no issue has severity "error". */
  ok: boolean;
  /** The normal form, present whenever the input satisfies the schema. */
  ir?: SilpIR;
  issues: ValidationIssue[];
}

export function validate(input: unknown, options?: SilpOptions): ValidationResult {
  return validateResolved(input, resolveOptions(options));
}

function validateResolved(input: unknown, resolved: ResolvedOptions): ValidationResult {
  const { value, issues } = dropNullOptionals(input);
  const schema = schemaIssues(value);
  if (schema.length === 0) for (const issue of nonJsonValueIssues(value as Record<string, unknown>, resolved.limits.maxDepth)) schema.push(issue);
  if (schema.length > 0) return { ok: false, issues: [...issues, ...schema] };
  const ir = normalize(value as SilpIRInput);
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
 */
export function assertValid(input: unknown, options: ResolvedOptions): { ir: SilpIR; warnings: ValidationIssue[] } {
  const maxDepth = options.limits.maxDepth;
  const result = validateResolved(input, options);
  if (result.ir === undefined || normalIrExceedsDepth(result.ir, maxDepth)) assertDepth(input, maxDepth);
  return throwingResult(result);
}

function throwingResult(result: ValidationResult): { ir: SilpIR; warnings: ValidationIssue[] } {
  if (result.ir) assertSupportedVersion(result.ir.silp);
  if (!result.ok || !result.ir) throw invalidIr(result.issues);
  return { ir: result.ir, warnings: result.issues };
}

/**
 * The throwing validation for an IR a decoder built in normal form (DecodedPayload.normalForm):
 * the same schema and rules as assertValid, without normalizing a second time.
 */
export function assertValidNormal(ir: SilpIR, options: ResolvedOptions): { ir: SilpIR; warnings: ValidationIssue[] } {
  return assertDecoded({ ir, normalForm: true }, options);
}

/** What a decoder's construction says of its IR: a DecodedPayload (frontends/decode-context.ts documents each field). */
interface Built {
  ir: SilpIRInput;
  normalForm: boolean;
  depthBounded?: boolean;
  schemaValid?: boolean | "except-meta";
}

/**
 * Decode's validation, done once: what the decoder's construction guarantees is not checked
 * again (the nesting it bounded while parsing, the schema it built to), and everything else is,
 * in the same order and with the same errors as assertValid: `limit_exceeded`, then the schema's
 * `invalid_ir`, then `unsupported_version`, then the rules' `invalid_ir`.
 */
export function assertDecoded(built: Built, options: ResolvedOptions): { ir: SilpIR; warnings: ValidationIssue[] } {
  const trailer = built.schemaValid === "except-meta";
  // A null session_id or next_agent is read as absent with a warning: the whole validation says so.
  if (!built.normalForm || (trailer && hasNullOptionalMeta(built.ir.meta))) {
    return built.depthBounded ? throwingResult(validateResolved(built.ir, options)) : assertValid(built.ir, options);
  }
  let ir = built.ir as SilpIR;
  if (!built.depthBounded) assertDepth(ir, options.limits.maxDepth);
  if (trailer) {
    const trailerIssues = trailerSchemaIssues(ir);
    if (trailerIssues.length > 0) throw invalidIr(trailerIssues);
    ir = withNormalTrailer(ir);
  }
  assertSupportedVersion(ir.silp);
  const issues = built.schemaValid ? [] : schemaIssues(ir);
  if (issues.length === 0) for (const issue of semanticIssues(ir, options)) issues.push(issue); // no push(...): unbounded count
  if (issues.some((issue) => issue.severity === "error")) throw invalidIr(issues);
  return { ir, warnings: issues };
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
