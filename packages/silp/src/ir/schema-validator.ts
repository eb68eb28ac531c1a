/**
 * The IR schema's compiled validator, built by Ajv at run time on first use (about 100 ms in
 * Node). One function in its own module on purpose: the playground's page build replaces this
 * module with Ajv's standalone code generated from the same schema at build time
 * (packages/playground/scripts/schema-validator-plugin.ts), so the page never compiles code at
 * run time and its Content-Security-Policy needs no 'unsafe-eval' (docs/playground.md).
 * Node and other bundlers use this module as it is.
 */
// Ajv is CommonJS; its named export `Ajv2020` reads the same under Node's ESM loader and under
// bundlers, where a default import would not (they disagree on CommonJS default interop).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/**
 * Compiles `schema` (the IR schema). The page build's replacement compiles with the same options
 * (a playground test checks that both validators report the same errors).
 */
export function compileSchemaValidator(schema: Record<string, unknown>): ValidateFunction {
  return new Ajv2020({ allErrors: true, strict: true, useDefaults: false }).compile(schema);
}
