/**
 * A point of @silp/dialects' space as the search uses it: registered as a frontend under its
 * name (so it is compiled and decoded exactly as an application would use it), with
 *
 * - the costed payload: `compile(ir, name)` on the compact surface (whitelist off, no meta), the
 *   same surface docs/tokens.md costs the built-in frontends on;
 * - the round trip, the search's hard floor, on both surfaces the code frontend guarantees:
 *   the compact payload decodes (strict) to the same intent, entities, constraints and
 *   alternatives; and the full payload (meta inline when the IR's meta needs it) decodes to the
 *   whole IR, where only a default meta's req_id may be derived (spec 4.6), as the codec's own
 *   round-trip property allows. The whitelist is off on both: it is a policy on verbs, not a
 *   property of the format, and our search IRs use verbs outside it.
 */
import { isDeepStrictEqual } from "node:util";
import { type ArgumentOrder, type DialectSpec, registerDialect } from "@silp/dialects";
import { compile, decode, type SilpIR } from "silp";
import type { DialectCodec } from "./dialect-fitness.js";
import type { Genome } from "./gene-space.js";

const COMPACT = { whitelist: "off", inlineMeta: false } as const;
const FULL = { whitelist: "off" } as const;
const STRICT = { whitelist: "off", strict: true } as const;

const contentOf = (ir: SilpIR) => [ir.intent, ir.entities, ir.constraints, ir.alternatives];

/** A point of the space as a dialect spec; `argumentOrder` is the agreed table of `keywords: ordered` (written only when that gene uses it). */
export function dialectSpec(name: string, genes: Genome, argumentOrder?: ArgumentOrder): DialectSpec {
  const order = genes.keywords === "ordered" && argumentOrder !== undefined ? { argument_order: argumentOrder } : {};
  return { silp_dialect: 1, name, genes: { ...genes }, ...order };
}

/** Registers the dialect and returns its codec for the search. */
export function registeredDialectCodec(spec: DialectSpec): DialectCodec {
  registerDialect(spec);
  const name = spec.name;
  return {
    print: (ir) => compile(ir, name, COMPACT),
    roundTrip: (ir, payload) => {
      const compact = decode(payload, name, STRICT).ir;
      if (!isDeepStrictEqual(contentOf(compact), contentOf(ir))) return `the compact payload ${JSON.stringify(payload)} decodes to other content`;
      const full = compile(ir, name, FULL);
      const decoded = decode(full, name, STRICT);
      const expected = decoded.reqIdDerived ? { ...ir, meta: { ...ir.meta, req_id: decoded.ir.meta.req_id } } : ir;
      if (!isDeepStrictEqual(decoded.ir, expected)) return `the full payload ${JSON.stringify(full)} decodes to another IR`;
      return undefined;
    },
  };
}
