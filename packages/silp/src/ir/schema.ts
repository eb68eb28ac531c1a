/**
 * The normative JSON Schema of spec section 3.9 (draft 2020-12), shipped verbatim as
 * schema/silp-ir.schema.json and compiled once with Ajv. Validation through this module is
 * exactly the spec's schema; everything the schema cannot say lives in rules.ts.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import schemaJson from "./silp-ir.schema.json" with { type: "json" };
import type { ValidationIssue } from "../errors.js";
import { compileSchemaValidator } from "./schema-validator.js";

export const irSchema: Record<string, unknown> = schemaJson;

/** Compiled on first use (about 100 ms), which calls that never validate should not pay. */
let validateSchema: ValidateFunction | undefined;

function schemaValidator(): ValidateFunction {
  if (validateSchema === undefined) {
    validateSchema = compileSchemaValidator(irSchema);
  }
  return validateSchema;
}

/** Validates against the normative schema; returns one issue per schema violation. */
export function schemaIssues(input: unknown): ValidationIssue[] {
  const validator = schemaValidator();
  if (validator(input)) return [];
  return (validator.errors ?? []).map(toIssue);
}

function toIssue(error: ErrorObject): ValidationIssue {
  let path = error.instancePath;
  let message = error.message ?? "is invalid";
  if (error.keyword === "additionalProperties") {
    const extra = String((error.params as { additionalProperty?: string }).additionalProperty);
    path = `${path}/${escapePointer(extra)}`;
    message = `unknown root field "${extra}" (the IR root is strict)`;
  } else if (error.keyword === "required") {
    const missing = String((error.params as { missingProperty?: string }).missingProperty);
    message = `missing required field "${missing}"`;
  }
  return { rule: "schema", severity: "error", message, path };
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
