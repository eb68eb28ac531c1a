/**
 * A one-line sketch of a grammar rule for people and models: rule references become upper-case
 * placeholders, optional parts `[...]`, repetitions `[...]...`. The prompts show the grammar's
 * shape this way, so a prompt changes when the grammar does.
 */
import { type Expr, type Grammar, ruleMap } from "./grammar.js";

export function sketchRule(grammar: Grammar, name: string, omit: readonly string[] = []): string {
  const rules = ruleMap(grammar);
  const rule = rules.get(name);
  if (!rule) throw new Error(`no rule ${name}`);
  const render = (expr: Expr): string => {
    switch (expr.kind) {
      case "literal":
        return expr.text;
      case "chars":
        return "CHAR";
      case "ref":
        return omit.includes(expr.rule) ? "" : expr.rule.toUpperCase();
      case "seq":
        return expr.items.map(render).join("");
      case "choice":
        return expr.options.map(render).join(" | ");
      case "repeat": {
        const inner = render(expr.item);
        if (inner === "") return "";
        return expr.max === 1 ? `[${inner}]` : expr.min === 0 ? `[${inner}]...` : `${inner}[${inner}]...`;
      }
    }
  };
  return render(rule.expr);
}

/** The literal alternatives of a rule that is a choice of literals (e.g. the operators). */
export function literalChoices(grammar: Grammar, name: string): string[] {
  const rule = ruleMap(grammar).get(name);
  if (rule?.expr.kind !== "choice") throw new Error(`rule ${name} is not a choice`);
  return rule.expr.options.map((option) => {
    if (option.kind !== "literal") throw new Error(`rule ${name} has a non-literal option`);
    return option.text;
  });
}
