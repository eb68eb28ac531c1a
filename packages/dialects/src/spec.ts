/**
 * Dialect specs: the JSON form of one point of the space (a file a person or the genetic search
 * writes), its checker for untrusted input, the code frontend's point, and uniform sampling.
 */

import { isPlainObject } from "silp/util";
import { type ArgumentOrder, parseArgumentOrder } from "./argument-order.js";
import { DIALECT_SPACE } from "./space.js";
import { invalidOption } from "silp";

/** One point of the dialect space, as stored in a dialect file. */
export interface DialectSpec {
  readonly silp_dialect: 1;
  /** The frontend name it registers under: `x-` and 1 to 30 of a-z 0-9 _ - (a //ping frontend name). */
  readonly name: string;
  /** Gene name -> option label; every gene of DIALECT_SPACE is present. */
  readonly genes: Readonly<Record<string, string>>;
  /**
   * The agreed order of each verb's argument names (verb as an action code, "!UPDATE"), used by
   * the `keywords: ordered` gene to leave out the names of a call's leading arguments that follow
   * it. Optional: without it (or with `keywords: named`) every name is written.
   */
  readonly argument_order?: ArgumentOrder;
}

/**
 * `x-` marks a private frontend name (as `X-` headers once did); the rest keeps the name inside
 * the //ping grammar's frontend names ([a-z][a-z0-9_-]*, at most 32 characters).
 */
export const DIALECT_NAME_PATTERN = /^x-[a-z0-9_-]{1,30}$/;

const SPEC_KEYS: ReadonlySet<string> = new Set(["silp_dialect", "name", "genes", "argument_order"]);

function refuse(message: string, details?: Record<string, unknown>): never {
  throw invalidOption("dialect", message, details === undefined ? {} : { details });
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return typeof value === "object" ? "an object" : `the ${typeof value} ${String(value)}`;
}

/** Checks a (possibly hostile) parsed dialect file; the result is a fresh frozen spec. */
export function parseDialectSpec(value: unknown): DialectSpec {
  if (!isPlainObject(value)) refuse(`a dialect spec must be an object, got ${describe(value)}`);
  for (const key of Object.keys(value)) {
    if (!SPEC_KEYS.has(key)) refuse(`unknown field "${key.slice(0, 40)}" in a dialect spec (known: silp_dialect, name, genes, argument_order)`, { field: key });
  }
  if (value.silp_dialect !== 1) refuse(`silp_dialect must be 1, got ${describe(value.silp_dialect)}`);
  const name = value.name;
  if (typeof name !== "string" || !DIALECT_NAME_PATTERN.test(name)) {
    refuse(`the dialect name must match ${DIALECT_NAME_PATTERN.source} (a private //ping frontend name), got ${describe(name)}`, {
      field: "name",
    });
  }
  const genes = value.genes;
  if (!isPlainObject(genes)) refuse(`genes must be an object (gene name -> option), got ${describe(genes)}`, { field: "genes" });
  const known = new Set(DIALECT_SPACE.map((entry) => entry.name));
  for (const key of Object.keys(genes)) {
    if (!known.has(key)) refuse(`unknown gene "${key.slice(0, 40)}" (known: ${[...known].join(", ")})`, { gene: key });
  }
  const chosen: Record<string, string> = {};
  for (const entry of DIALECT_SPACE) {
    if (!Object.hasOwn(genes, entry.name)) refuse(`gene "${entry.name}" is missing (options: ${entry.options.join(" ")})`, { gene: entry.name });
    const option = genes[entry.name];
    if (typeof option !== "string" || !entry.options.includes(option)) {
      refuse(`gene "${entry.name}" has no option ${describe(option)} (options: ${entry.options.map((o) => JSON.stringify(o)).join(" ")})`, {
        gene: entry.name,
      });
    }
    chosen[entry.name] = option;
  }
  const order = value.argument_order === undefined ? undefined : parseArgumentOrder(value.argument_order);
  return Object.freeze({ silp_dialect: 1, name, genes: Object.freeze(chosen), ...(order === undefined ? {} : { argument_order: order }) });
}

/** The code frontend as a point of the space: the first option of every gene. */
export const CODE_DIALECT: DialectSpec = parseDialectSpec({
  silp_dialect: 1,
  name: "x-code",
  genes: Object.fromEntries(DIALECT_SPACE.map((entry) => [entry.name, entry.options[0]])),
});

/**
 * A dialect drawn uniformly from the space: each gene's option independently and uniformly, with
 * `random()` in [0, 1) (Math.random, or a seeded generator such as fast-check's). The argument
 * order is data, not a gene: given, it is carried (and checked) as a dialect file carries it.
 */
export function randomDialectSpec(random: () => number, name = "x-random", argumentOrder?: ArgumentOrder): DialectSpec {
  const genes: Record<string, string> = {};
  for (const entry of DIALECT_SPACE) {
    const draw = random();
    if (!(draw >= 0 && draw < 1)) throw new RangeError(`randomDialectSpec: random() must return a number in [0, 1), got ${String(draw)}`);
    const index = Math.floor(draw * entry.options.length);
    genes[entry.name] = entry.options[index] as string;
  }
  return parseDialectSpec({ silp_dialect: 1, name, genes, ...(argumentOrder === undefined ? {} : { argument_order: argumentOrder }) });
}
