/**
 * The normative JSON Schema of spec section 3.9 (draft 2020-12), shipped verbatim as
 * schema/silp-ir.schema.json. Validation runs Ajv's standalone code for it, generated at build
 * time (schema-validator.generated.ts, by scripts/generate-schema-validator.mjs): no Ajv and no
 * code compiled at run time, so the first validation is fast and a page whose
 * Content-Security-Policy forbids 'unsafe-eval' can validate. Validation through this module is
 * exactly the spec's schema; everything the schema cannot say lives in rules.ts.
 */
import schemaJson from "./silp-ir.schema.json" with { type: "json" };
import type { ValidationIssue } from "../errors.js";
import { validate as generatedValidator } from "./schema-validator.generated.js";

export const irSchema: Record<string, unknown> = schemaJson;

/** The fields of an Ajv error object this module reads (Ajv's own type would make Ajv a dependency of our types). */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Ajv's validator contract: returns whether `data` is valid and leaves the errors on itself. */
interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

const validateSchema = generatedValidator as unknown as SchemaValidator;

/** Validates against the normative schema; returns one issue per schema violation. */
export function schemaIssues(input: unknown): ValidationIssue[] {
  if (validateSchema(input)) return [];
  return (validateSchema.errors ?? []).map(toIssue);
}

function toIssue(error: SchemaError): ValidationIssue {
  let path = error.instancePath;
  let message = error.message ?? "is invalid";
  if (error.keyword === "additionalProperties") {
    const extra = String(error.params.additionalProperty);
    path = `${path}/${escapePointer(extra)}`;
    message = `unknown root field "${extra}" (the IR root is strict)`;
  } else if (error.keyword === "required") {
    const missing = String(error.params.missingProperty);
    message = `missing required field "${missing}"`;
  }
  return { rule: "schema", severity: "error", message, path };
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
