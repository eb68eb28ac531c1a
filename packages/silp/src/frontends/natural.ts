/**
 * The natural frontend (spec 4.3): unstructured English prose, a control baseline with no
 * decode. It reproduces the reference implementation's prose byte for byte on the study's 27
 * cases (test/frontends/corpus-compat.test.ts), including its verb phrases ("notify" for EMAIL,
 * "switch to" for SWITCH) and its operator phrases.
 */
import type { SilpIR } from "../ir/types.js";
import { visibleText } from "./text-escape.js";

const VERB_PHRASES: Readonly<Record<string, string>> = {
  EMAIL: "notify",
  SWITCH: "switch to",
  SWITCH_TOOL: "switch to",
};

const OPERATOR_PHRASES: Readonly<Record<string, string>> = {
  "!=": "is not",
  "==": "is",
  "<=": "is at most",
  ">=": "is at least",
  "<": "is less than",
  ">": "is greater than",
};

export function verbPhrase(actionCode: string): string {
  const verb = actionCode.slice(1);
  return VERB_PHRASES[verb] ?? verb.toLowerCase();
}

export function printNatural(ir: SilpIR): string {
  const clauses: string[] = [];
  if (ir.constraints.length > 0) {
    const parts = ir.constraints.map((constraint) => {
      if (constraint.type.startsWith("!")) {
        const negated = constraint.type.slice(1);
        return constraint.time ? `not ${negated} at ${constraint.time}` : `not ${negated}`;
      }
      const operator = constraint.operator;
      let fragment = operator
        ? `${constraint.type} ${OPERATOR_PHRASES[String(operator)] ?? String(operator)} ${constraint.value}`
        : `${constraint.type} is ${constraint.value}`;
      if (constraint.time) fragment += ` at ${constraint.time}`;
      return fragment;
    });
    clauses.push(`If ${parts.join(" and ")},`);
  }
  const targets = ir.entities.filter((entity) => entity.action === ir.intent).map((entity) => entity.value);
  clauses.push(`${verbPhrase(ir.intent)} ${targets.length > 0 ? targets.join(", ") : "the task"}`);
  for (const entity of ir.entities) {
    if (entity.action !== ir.intent) clauses.push(`and ${verbPhrase(entity.action as string)} ${entity.value}`);
  }
  if (ir.alternatives.length > 0) {
    const parts = ir.alternatives.map((alternative) => {
      const verb = verbPhrase(alternative.action);
      const target = alternative.target || "the alternative";
      if (!alternative.location) return `${verb} ${target}`;
      return alternative.location === "indoor" ? `${verb} ${target} indoors` : `${verb} ${target} at ${alternative.location}`;
    });
    clauses.push(`otherwise ${parts.join(" and ")}`);
  }
  // The IR's strings go into prose unquoted: controls and invisible characters are escaped so the
  // reader (and a sanitizer on the way) sees every character (docs/security.md).
  return visibleText(`${clauses.join(" ")}.`);
}
