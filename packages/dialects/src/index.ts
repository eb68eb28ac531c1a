/**
 * `@silp/dialects`: a space of spellings of the code frontend (Layer 4 of the draft). Every point
 * of the space is a lossless, unambiguous payload format with a strict decoder; the code frontend
 * is its first point. docs/dialects.md describes the space and why every point is unambiguous.
 */
export { DIALECT_SPACE, type Gene } from "./space.js";
export { CODE_DIALECT, DIALECT_NAME_PATTERN, parseDialectSpec, randomDialectSpec, type DialectSpec } from "./spec.js";
export type { ArgumentOrder } from "./argument-order.js";
export { createDialect, type Dialect } from "./dialect.js";
export { registerDialect } from "./register.js";
export { EVOLVED_DIALECT, SHIPPED_DIALECTS } from "./evolved.js";
export { buildDialectPrompt, DIALECT_EXAMPLE_MARK, type DialectPrompt, type DialectPromptOptions } from "./prompt.js";
export { MAX_DIALECT_SPEC_BYTES, canonicalDialectText, dialectRef } from "./content.js";
export { DEFAULT_MAX_HELD, DEFAULT_MAX_HELD_PER_PEER, DialectHoldings, type DialectAcceptance, type HoldingsAnswer, type HoldingsOptions } from "./holdings.js";
export { STUDY_COSTS, costOfTable, type CostTable } from "./costs.js";
export { negotiateDialects, type DialectNegotiation, type ExchangeProbe } from "./negotiate.js";
export { STUDY_CASES } from "./study-cases.generated.js";
