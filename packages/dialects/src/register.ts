/**
 * A dialect as a frontend of the codec's registry: compile, decode, the envelope and //ping
 * negotiation then work with its `x-` name like with any other frontend.
 */
import { type SilpIR, getFrontend, registerFrontend, unregisterFrontend } from "silp";
import type { ResolvedOptions } from "silp/util";
import { dialectRef } from "./content.js";
import { decodeDialect } from "./dialect.js";
import { respell } from "./printer.js";
import type { DialectSpec } from "./spec.js";
import { resolveSpellings } from "./spellings.js";

function describeSpec(spec: DialectSpec): string {
  const genes = Object.entries(spec.genes)
    .map(([gene, option]) => `${gene}=${option}`)
    .join(" ");
  // The agreed argument order is part of what two peers must share (it changes the text).
  const order = spec.genes.keywords === "ordered" && spec.argument_order !== undefined ? ` argument_order=${JSON.stringify(spec.argument_order)}` : "";
  return `dialect of the code frontend (${genes}${order})`;
}

/** Name -> content reference of every dialect this process registered (the registry is per process). */
const registered = new Map<string, string>();

/** The reference of the dialect registered under `name` in this process, if one is. */
export function registeredDialectRef(name: string): string | undefined {
  return registered.get(name);
}

/**
 * Registers (or replaces) the frontend `spec.name`; the spec is checked first. A dialect's name
 * is an `x-` name (spec.ts), so it replaces only an earlier dialect of that name, never a built-in.
 */
export function registerDialect(spec: DialectSpec): void {
  const spellings = resolveSpellings(spec);
  const code = getFrontend("code");
  const printCode = code.compile as NonNullable<typeof code.compile>;
  registerFrontend(
    {
      name: spec.name,
      lossless: true,
      description: describeSpec(spec),
      compile: (ir: SilpIR, options: ResolvedOptions) => respell(printCode(ir, options), spellings),
      decode: (context, start, end) => {
        // The caller's options (whitelist, extra verbs, limits) apply; the canonical check keeps
        // the dialect strict even in lenient mode. A trailer forced by inlineMeta: true is accepted.
        const { ir, reqIdDerived } = decodeDialect(context.source.slice(start, end), spellings, context.options, "as-written");
        // An empty req_id lets decode derive it from this payload's text, as for the code frontend.
        // The IR is the normal form a decode returned; emptying req_id keeps its field order.
        return { ir: reqIdDerived ? { ...ir, meta: { ...ir.meta, req_id: "" } } : ir, normalParts: true };
      },
    },
    { replace: true },
  );
  registered.set(spec.name, dialectRef(spec));
}

/** Removes the dialect registered under `name` (a spec let go), when it is the one with `ref`. */
export function unregisterDialect(name: string, ref: string): void {
  if (registered.get(name) !== ref) return;
  registered.delete(name);
  unregisterFrontend(name);
}
