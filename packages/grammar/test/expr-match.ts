/** Test helper: does an expression of a grammar source match a whole string? A plain backtracking matcher, for short strings only. */
import type { Expr } from "@silp/grammar";

/** Every position where `expr` can end when it starts at `start`. */
function ends(expr: Expr, text: string, start: number): Set<number> {
  switch (expr.kind) {
    case "literal":
      return text.startsWith(expr.text, start) ? new Set([start + expr.text.length]) : new Set();
    case "chars": {
      const cp = text.codePointAt(start);
      if (cp === undefined) return new Set();
      return expr.ranges.some(([low, high]) => low <= cp && cp <= high) ? new Set([start + (cp > 0xffff ? 2 : 1)]) : new Set();
    }
    case "ref":
      throw new Error("expr-match does not follow rule references");
    case "seq": {
      let positions = new Set([start]);
      for (const item of expr.items) {
        const next = new Set<number>();
        for (const position of positions) for (const end of ends(item, text, position)) next.add(end);
        positions = next;
      }
      return positions;
    }
    case "choice": {
      const out = new Set<number>();
      for (const option of expr.options) for (const end of ends(option, text, start)) out.add(end);
      return out;
    }
    case "repeat": {
      const out = new Set<number>();
      if (expr.min === 0) out.add(start);
      let frontier = new Set([start]);
      for (let count = 1; frontier.size > 0 && (expr.max === "many" || count <= 1); count++) {
        const next = new Set<number>();
        for (const position of frontier) for (const end of ends(expr.item, text, position)) if (end > position) next.add(end);
        for (const end of next) out.add(end);
        frontier = next;
        if (count > text.length) break;
      }
      return out;
    }
  }
}

export function matches(expr: Expr, text: string): boolean {
  return ends(expr, text, 0).has(text.length);
}
