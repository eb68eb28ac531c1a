/**
 * `@silp/schemas`: the SILP IR schema as each vendor's strict mode accepts it (OpenAI structured
 * outputs, Anthropic strict tools, Gemini function declarations, plain JSON Schema), the rules
 * each follows as data, and the lossless mapping between a vendor object and the IR.
 * docs/schemas.md.
 */
export { VARIANTS, VARIANT_RULES, type Variant, type VariantRules, type VariantRule, type OptionalForm } from "./rules.js";
export { vendorSchema, vendorRequestFragment, type JsonSchema, type VendorSchemaOptions } from "./generate.js";
export { fromVendorObject, toVendorObject, type VendorObject } from "./mapping.js";
export { EXTRA_FIELDS } from "./extra-fields.js";
