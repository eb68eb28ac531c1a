/**
 * Input and output JSON Schemas of the SILP MCP tools.
 *
 * Written in the subset that draft-07 and 2020-12 read alike (no $schema, $id, $ref or $defs):
 * MCP 2025-11-25 defaults to 2020-12, but 1.x clients compile output schemas with a draft-07 Ajv,
 * and both must accept them. Every output schema is `oneOf` the tool's success shape and the error
 * shape `{error: {code, message, ...}}`, because a 1.x client validates `structuredContent`
 * against the output schema even on `isError` results.
 *
 * Inputs that are IRs carry the real IR schema (spec 3.9, with the verbs in force as an enum, from
 * @silp/schemas), so a model calling a tool sees every field. The tool still validates the IR
 * itself (arguments-check.ts checks only that it is an object), so a bad IR comes back as
 * `invalid_ir` with every issue and its JSON Pointer, not as the SDK's generic "Input validation
 * error" text without a SILP code.
 */
import { ERROR_CODES } from "silp/util";
import { irSchema, type SilpOptions } from "silp";
import { vendorSchema } from "@silp/schemas";
import { WRAPPER_PROPERTIES, freeFormObject, type JsonSchemaObject } from "./arguments.js";

/** A JSON Schema object, as the MCP tool definitions carry it. */
export type Schema = Record<string, unknown>;

const string: Schema = { type: "string" };
const stringList: Schema = { type: "array", items: string };
const integer: Schema = { type: "integer" };

/** The IR schema of spec 3.9, without the keywords that pin a draft or an identity. */
export const IR_SCHEMA: Schema = withoutIdentity(irSchema as unknown as Schema);

function withoutIdentity(schema: Schema): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !["$schema", "$id", "title"].includes(key)));
}

/**
 * The `ir` argument's schema: spec 3.9's, the verbs in force (the operator's whitelist and extra
 * verbs) as an enum. For compile, a lenient server also accepts an IR without meta or req_id
 * (compile generates the req_id, docs/ir.md), so the schema does not require them there.
 */
export function irInputSchema(operator: SilpOptions, description: string, metaOptional = false): Schema {
  const schema = withoutIdentity(vendorSchema("jsonschema", operator));
  if (metaOptional) {
    schema.required = (schema.required as string[]).filter((name) => name !== "meta");
    const properties = schema.properties as Record<string, Schema>;
    const meta = { ...(properties.meta as Schema) };
    meta.required = (meta.required as string[]).filter((name) => name !== "req_id");
    schema.properties = { ...properties, meta };
  }
  return { ...schema, description };
}

export const ERROR_SCHEMA: Schema = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", enum: [...ERROR_CODES] },
    message: string,
    offset: integer,
    line: integer,
    column: integer,
    expected: stringList,
    path: string,
    details: freeFormObject(),
  },
};

const ISSUE_SCHEMA: Schema = {
  type: "object",
  required: ["rule", "severity", "message", "path"],
  properties: { rule: string, severity: { type: "string", enum: ["error", "warning"] }, message: string, path: string, hint: string },
};

const REPAIR_SCHEMA: Schema = {
  type: "object",
  required: ["kind", "offset", "message"],
  properties: { kind: string, offset: integer, message: string },
};

/**
 * The `whitelist` argument: only the modes at least as strict as the operator's (the operator's
 * setting is the ceiling; docs/integrations.md). The default is the operator's mode.
 */
function whitelistInput(allowed: readonly string[]): Schema {
  return {
    type: "string",
    enum: [...allowed],
    description: `verb whitelist mode (spec 3.8, draft -02 10.2); default and loosest allowed "${allowed.at(-1)}"`,
  };
}

const ALL_MODES = ["strict", "advisory", "off"] as const;

/** `oneOf` the success shape and the error shape (see the module comment). */
export function withErrorBranch(success: JsonSchemaObject, errorExtras: Record<string, Schema> = {}): JsonSchemaObject {
  return {
    type: "object",
    oneOf: [success, { type: "object", required: ["error"], properties: { ...errorExtras, error: ERROR_SCHEMA } }],
  };
}

export function validateSchemas(
  whitelist: readonly string[] = ALL_MODES,
  ir: Schema = irInputSchema({}, "the SILP IR to check (spec 3.9 schema + semantic rules)"),
): { input: JsonSchemaObject; output: JsonSchemaObject } {
  return {
    input: {
      type: "object",
      required: ["ir"],
      properties: { ir, whitelist: whitelistInput(whitelist) },
      additionalProperties: false,
    },
    output: withErrorBranch({
      type: "object",
      required: ["valid", "issues"],
      properties: { valid: { type: "boolean" }, ir: IR_SCHEMA, issues: { type: "array", items: ISSUE_SCHEMA }, issuesDropped: integer },
    }),
  };
}

export function compileSchemas(
  frontends: readonly string[],
  whitelist: readonly string[] = ALL_MODES,
  ir: Schema = irInputSchema({}, "the SILP IR to compile; without meta.req_id one is generated", true),
): { input: JsonSchemaObject; output: JsonSchemaObject } {
  return {
    input: {
      type: "object",
      required: ["ir"],
      properties: {
        ir,
        frontend: { type: "string", enum: [...frontends], description: 'target frontend; default "code"' },
        inline_meta: { type: "boolean", description: "also carry the meta, req_id included, inside a code or json payload (the #{...} trailer)" },
        whitelist: whitelistInput(whitelist),
      },
      additionalProperties: false,
    },
    output: withErrorBranch({
      type: "object",
      required: ["silp_encoding", "silp_payload", "silp_meta"],
      properties: { ...WRAPPER_PROPERTIES },
    }),
  };
}

export function decodeSchemas(whitelist: readonly string[] = ALL_MODES, operatorStrict = false): { input: JsonSchemaObject; output: JsonSchemaObject } {
  return {
    input: {
      type: "object",
      required: ["silp_encoding", "silp_payload"],
      properties: {
        ...WRAPPER_PROPERTIES,
        // A server that decodes strictly offers no way back to lenient decoding.
        strict: operatorStrict
          ? { type: "boolean", enum: [true], description: "this server decodes strictly: only the canonical surface" }
          : { type: "boolean", description: "accept only the canonical surface (no lenient repairs)" },
        whitelist: whitelistInput(whitelist),
      },
      additionalProperties: false,
    },
    output: withErrorBranch({
      type: "object",
      required: ["silp_encoding", "ir", "repairs", "warnings"],
      properties: {
        silp_encoding: string,
        ir: IR_SCHEMA,
        repairs: { type: "array", items: REPAIR_SCHEMA },
        repairsDropped: integer,
        warnings: { type: "array", items: ISSUE_SCHEMA },
        sanitizer: freeFormObject(),
      },
    }),
  };
}

const PROBE_BODY: Schema = {
  type: "object",
  required: ["silp", "frontends"],
  properties: { silp: stringList, frontends: stringList, prefer: string, dialects: stringList, want: stringList, tokenizer: string, order: string },
};

export function negotiateSchemas(): { input: JsonSchemaObject; output: JsonSchemaObject } {
  const pong = { pong: PROBE_BODY, pong_line: string, received: stringList, refused: { type: "array" } };
  return {
    input: {
      type: "object",
      required: ["ping"],
      properties: {
        // One schema with two types, not oneOf: LangChain's simplifier keeps only the object
        // branches of a oneOf, and OpenAI's strict conversion refuses oneOf outright.
        ping: {
          type: ["string", "object"],
          properties: {},
          additionalProperties: true,
          description:
            'the //ping probe: the text form ("//ping silp=v1 frontends=code,json,natural") or the JSON form ({"silp_ping": {...}}, which alone can carry dialect_specs)',
        },
      },
      additionalProperties: false,
    },
    output: withErrorBranch(
      {
        type: "object",
        required: ["pong", "pong_line", "agreement"],
        properties: {
          ...pong,
          agreement: {
            type: "object",
            required: ["version", "frontend", "mutual"],
            properties: {
              version: string,
              frontend: string,
              mutual: stringList,
              skipped: { type: "array" },
              dialects: { type: "object" },
              unverified: stringList,
            },
          },
        },
      },
      pong,
    ),
  };
}

export function countTokensSchemas(tokenizers: readonly string[]): { input: JsonSchemaObject; output: JsonSchemaObject } {
  return {
    input: {
      type: "object",
      required: ["text"],
      properties: {
        text: { type: "string", description: "the text to count, e.g. a SILP payload" },
        tokenizers: {
          type: "array",
          items: { type: "string", enum: [...tokenizers] },
          minItems: 1,
          maxItems: tokenizers.length,
          uniqueItems: true,
          description: 'tokenizers to count with; default ["gpt-4o"] (each loads once, in seconds)',
        },
      },
      additionalProperties: false,
    },
    output: withErrorBranch({
      type: "object",
      required: ["characters", "counts"],
      properties: {
        characters: integer,
        counts: { type: "array", items: { type: "object", required: ["tokenizer", "tokens"], properties: { tokenizer: string, tokens: integer } } },
      },
    }),
  };
}
