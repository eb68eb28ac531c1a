/**
 * Random derivation from a grammar source: text the grammar generates, for testing that the
 * grammar is never looser than a decoder. Depth is bounded: past `maxDepth` every choice takes
 * its shallowest option and every repetition its minimum, so derivation always ends.
 */
import type { CodePointRange, Expr, Grammar, Rule } from "./grammar.js";
import { ruleMap } from "./grammar.js";

export interface DeriveOptions {
  /** A uniform random number in [0, 1); pass a seeded source for reproducible texts. */
  readonly random: () => number;
  /** Nesting depth after which the derivation takes the shortest way out (default 12). */
  readonly maxDepth?: number;
  /** Most extra repetitions of `*` / `+` items (default 3). */
  readonly maxRepeat?: number;
  /** Start rule (default: the grammar's root). */
  readonly start?: string;
}

/** How deep the shallowest derivation of each expression goes (Infinity until known). */
function heights(rules: ReadonlyMap<string, Rule>): Map<string, number> {
  const height = new Map<string, number>();
  for (const name of rules.keys()) height.set(name, Number.POSITIVE_INFINITY);
  let changed = true;
  while (changed) {
    changed = false;
    for (const rule of rules.values()) {
      const value = 1 + exprHeight(rule.expr, height);
      if (value < (height.get(rule.name) as number)) {
        height.set(rule.name, value);
        changed = true;
      }
    }
  }
  for (const [name, value] of height) if (!Number.isFinite(value)) throw new Error(`grammar rule ${name} derives no finite text`);
  return height;
}

function exprHeight(expr: Expr, height: ReadonlyMap<string, number>): number {
  switch (expr.kind) {
    case "literal":
    case "chars":
      return 0;
    case "ref":
      return height.get(expr.rule) as number;
    case "seq":
      return Math.max(0, ...expr.items.map((item) => exprHeight(item, height)));
    case "choice":
      return Math.min(...expr.options.map((option) => exprHeight(option, height)));
    case "repeat":
      return expr.min === 0 ? 0 : exprHeight(expr.item, height);
  }
}

/** A code point of the class: half the time from its ASCII part (when it has one), so texts stay readable. */
function pickCodePoint(ranges: readonly CodePointRange[], random: () => number): number {
  const ascii = ranges.filter(([low]) => low < 0x80).map(([low, high]) => [low, Math.min(high, 0x7f)] as const);
  const pool = ascii.length > 0 && random() < 0.5 ? ascii : ranges;
  let total = 0;
  for (const [low, high] of pool) total += high - low + 1;
  let index = Math.floor(random() * total);
  for (const [low, high] of pool) {
    const width = high - low + 1;
    if (index < width) return low + index;
    index -= width;
  }
  return (pool[pool.length - 1] as CodePointRange)[1];
}

export function derive(grammar: Grammar, options: DeriveOptions): string {
  const rules = ruleMap(grammar);
  const height = heights(rules);
  const maxDepth = options.maxDepth ?? 12;
  const maxRepeat = options.maxRepeat ?? 3;
  const random = options.random;
  const distinct = new Set<string>();

  const expand = (expr: Expr, depth: number): string => {
    switch (expr.kind) {
      case "literal":
        return expr.text;
      case "chars":
        return String.fromCodePoint(pickCodePoint(expr.ranges, random));
      case "ref": {
        const rule = rules.get(expr.rule) as Rule;
        if (!rule.distinct) return expand(rule.expr, depth + 1);
        for (let attempt = 0; attempt < 50; attempt++) {
          // A retry starts shallow again, so repetitions can grow (distinct rules are lexical, never recursive).
          const text = expand(rule.expr, attempt === 0 ? depth + 1 : 0);
          const key = sameName(text);
          if (!distinct.has(key)) {
            distinct.add(key);
            return text;
          }
        }
        throw new Error(`could not derive a fresh ${rule.name}`);
      }
      case "seq":
        return expr.items.map((item) => expand(item, depth)).join("");
      case "choice": {
        if (depth >= maxDepth) {
          const best = Math.min(...expr.options.map((option) => exprHeight(option, height)));
          const shallow = expr.options.filter((option) => exprHeight(option, height) === best);
          return expand(shallow[Math.floor(random() * shallow.length)] as Expr, depth);
        }
        return expand(expr.options[Math.floor(random() * expr.options.length)] as Expr, depth);
      }
      case "repeat": {
        let count = expr.min;
        const limit = expr.max === 1 ? 1 : expr.min + maxRepeat;
        if (depth < maxDepth) while (count < limit && random() < 0.5) count++;
        let out = "";
        for (let i = 0; i < count; i++) out += expand(expr.item, depth + 1);
        return out;
      }
    }
  };
  return expand({ kind: "ref", rule: options.start ?? grammar.root }, 0);
}

/** A quoted name and its bare spelling are one name (`"k"` and `k`), so distinctness compares decoded text. */
function sameName(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text;
    }
  }
  return text;
}
