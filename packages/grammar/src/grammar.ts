/**
 * The one grammar source: a small data structure (rules of literals, character classes,
 * references, sequences, choices and repetitions) that the GBNF and Lark exporters print and the
 * random derivation generator walks. Exporters never add or drop anything; what a grammar says is
 * said here once.
 */

/** An inclusive range of Unicode code points. */
export type CodePointRange = readonly [number, number];

export type Expr =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "chars"; readonly ranges: readonly CodePointRange[] }
  | { readonly kind: "ref"; readonly rule: string }
  | { readonly kind: "seq"; readonly items: readonly Expr[] }
  | { readonly kind: "choice"; readonly options: readonly Expr[] }
  | { readonly kind: "repeat"; readonly item: Expr; readonly min: 0 | 1; readonly max: 1 | "many" };

export interface Rule {
  /** Lower-case words joined by "-" (valid in GBNF; the Lark exporter converts). */
  readonly name: string;
  readonly expr: Expr;
  /**
   * Lexical: the rule and everything it references is regular (no recursion), so Lark can
   * make it one terminal (one regular expression) instead of a character-level rule.
   */
  readonly lexical?: boolean;
  /**
   * A side condition a context-free grammar cannot state: two texts derived from this rule must
   * differ within one payload (keys of one object, ids of one call). Exporters print it as a
   * comment; the derivation generator honours it; docs/models.md names it.
   */
  readonly distinct?: boolean;
  readonly comment?: string;
}

export interface Grammar {
  /** Which surface the grammar describes, e.g. "code". */
  readonly frontend: string;
  readonly root: string;
  readonly rules: readonly Rule[];
  /** The verbs (action codes with "!") baked into the grammar as literal alternatives. */
  readonly verbs: readonly string[];
}

export const literal = (text: string): Expr => ({ kind: "literal", text });
export const chars = (ranges: readonly CodePointRange[]): Expr => ({ kind: "chars", ranges });
export const ref = (rule: string): Expr => ({ kind: "ref", rule });
export const seq = (...items: Expr[]): Expr => (items.length === 1 ? (items[0] as Expr) : { kind: "seq", items });
export const choice = (...options: Expr[]): Expr => (options.length === 1 ? (options[0] as Expr) : { kind: "choice", options });
export const optional = (item: Expr): Expr => ({ kind: "repeat", item, min: 0, max: 1 });
export const star = (item: Expr): Expr => ({ kind: "repeat", item, min: 0, max: "many" });
export const plus = (item: Expr): Expr => ({ kind: "repeat", item, min: 1, max: "many" });

/** `item ( separator item )*` */
export function list(item: Expr, separator: string): Expr {
  return seq(item, star(seq(literal(separator), item)));
}

/** Looks a rule up by name; a dangling reference is a bug in the grammar source. */
export function ruleMap(grammar: Grammar): ReadonlyMap<string, Rule> {
  const map = new Map<string, Rule>();
  for (const rule of grammar.rules) {
    if (map.has(rule.name)) throw new Error(`grammar rule ${rule.name} is defined twice`);
    map.set(rule.name, rule);
  }
  const check = (expr: Expr, from: string): void => {
    switch (expr.kind) {
      case "ref":
        if (!map.has(expr.rule)) throw new Error(`grammar rule ${from} references undefined rule ${expr.rule}`);
        return;
      case "seq":
        for (const item of expr.items) check(item, from);
        return;
      case "choice":
        for (const option of expr.options) check(option, from);
        return;
      case "repeat":
        check(expr.item, from);
        return;
      default:
        return;
    }
  };
  for (const rule of grammar.rules) check(rule.expr, rule.name);
  if (!map.has(grammar.root)) throw new Error(`grammar root ${grammar.root} is not defined`);
  return map;
}
