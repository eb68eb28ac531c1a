/**
 * The `keywords: ordered` rule (docs/dialects.md, "Lossless by construction", rule 6): a dialect
 * file may carry an agreed argument order per verb (`argument_order`), like the verb whitelist is
 * an agreement; with it, the names of a call's leading keyword arguments that follow that order
 * are left out, and a peer restores them from the same table.
 *
 * The rule, for one action call (never a condition's call, never an alternative's call: their
 * positional arguments keep the roles of the code frontend's roles.ts):
 *
 *   - the writer walks the call's arguments in order; while the i-th argument's name (`act` for a
 *     positional one) is the table's i-th name, it is written without its name (an elided `act`
 *     is written as it always is, positional);
 *   - the first argument that breaks the order ends the run; if it is positional (`act`) and the
 *     table has more names, it is written WITH a name (`act=v`), so that it cannot be read as
 *     the table's next name; everything after is written as the code frontend writes it;
 *   - the reader: the call's leading arguments written without a name take the table's names in
 *     order (an `act` name: positional); an argument without a name after the table is used up,
 *     or after the first named argument, is positional (`act`), as in the code frontend.
 *
 * `LeadingRun` is both sides of that rule, so the printer and the parser cannot drift apart.
 */

import { isPlainObject } from "silp/util";
import { invalidOption } from "silp";

/** Verb (an IR action code such as "!UPDATE") -> the agreed order of its arguments' names. */
export type ArgumentOrder = Readonly<Record<string, readonly string[]>>;

/** The name of a positional argument (an entity without a keyword, spec 3.3). */
export const POSITIONAL = "act";

/** An IR action code: "!" and the upper-cased function name (spec 3.7, FUNCTION_NAME). */
const VERB = /^![A-Z][A-Z_]{0,63}$/;
/** An argument name the code frontend writes bare (ASCII identifier). */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Bounds for a hostile file: far above any real signature table, far below anything slow. */
export const ARGUMENT_ORDER_LIMITS = Object.freeze({ verbs: 512, names: 32 });

function refuse(message: string, details: Record<string, unknown>): never {
  throw invalidOption("dialect", message, { details: { field: "argument_order", ...details } });
}

const shown = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);

/** Checks a (possibly hostile) `argument_order` value; the result is a fresh frozen table. */
export function parseArgumentOrder(value: unknown): ArgumentOrder {
  if (!isPlainObject(value))
    refuse(`argument_order must be an object (verb -> list of argument names), got ${Array.isArray(value) ? "an array" : String(value)}`, {});
  const verbs = Object.keys(value);
  if (verbs.length > ARGUMENT_ORDER_LIMITS.verbs) refuse(`argument_order has ${verbs.length} verbs (at most ${ARGUMENT_ORDER_LIMITS.verbs})`, {});
  const table: Record<string, readonly string[]> = {};
  for (const verb of verbs) {
    if (!VERB.test(verb)) refuse(`argument_order: ${shown(verb)} is not a verb (an action code such as "!UPDATE")`, { verb: verb.slice(0, 40) });
    const names = value[verb];
    if (!Array.isArray(names) || names.length === 0 || names.length > ARGUMENT_ORDER_LIMITS.names) {
      refuse(`argument_order.${verb} must be a list of 1 to ${ARGUMENT_ORDER_LIMITS.names} argument names`, { verb });
    }
    const seen = new Set<string>();
    for (const name of names) {
      if (typeof name !== "string" || !NAME.test(name)) {
        refuse(
          `argument_order.${verb}: ${typeof name === "string" ? shown(name) : `a ${typeof name}`} is not an argument name (A-Z a-z 0-9 _, not starting with a digit)`,
          {
            verb,
          },
        );
      }
      if (seen.has(name)) refuse(`argument_order.${verb} names "${name}" twice`, { verb });
      seen.add(name);
    }
    table[verb] = Object.freeze([...names] as string[]);
  }
  return Object.freeze(table);
}

/** The order agreed for a verb (an own property only: a table is parsed from untrusted JSON). */
export function orderOf(table: ArgumentOrder, verb: string): readonly string[] | undefined {
  return Object.hasOwn(table, verb) ? table[verb] : undefined;
}

/** How the writer writes one argument of an action call. */
export type ArgumentWriting = "without-name" | "with-name" | "as-code";

/** One action call's leading run (see the file comment): the writer's and the reader's side. */
export class LeadingRun {
  private index = 0;
  private open = true;

  constructor(private readonly order: readonly string[]) {}

  /** Writer: the next argument's name (`act` for a positional one). */
  write(name: string): ArgumentWriting {
    if (this.open && this.index < this.order.length && name === this.order[this.index]) {
      this.index++;
      return "without-name";
    }
    const breaksInside = this.open && this.index < this.order.length;
    this.open = false;
    // A positional argument inside the table's reach would be read as the table's next name.
    return breaksInside && name === POSITIONAL ? "with-name" : "as-code";
  }

  /** Reader: the name of the next argument, written with a name (`named`) or without; undefined = as written. */
  read(named: boolean): string | undefined {
    if (named) {
      this.open = false;
      return undefined;
    }
    if (this.open && this.index < this.order.length) return this.order[this.index++];
    this.open = false;
    return POSITIONAL;
  }
}
