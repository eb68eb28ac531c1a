/**
 * Semantic rules: what the JSON Schema cannot express. Each rule has a stable id (used in
 * reports, docs/ir.md and tests) and a severity. Rules run on the normal form only.
 */
import type { ValidationIssue } from "../errors.js";
import type { ResolvedOptions } from "../options.js";
import { escapePointer } from "./schema.js";
import {
  CONSTRAINT_OPERATORS,
  SEQ_KEYWORDS,
  ACTION_CODE_PATTERN,
  SUPPORTED_SILP_VERSIONS,
  type SilpIR,
  type Alternative,
  type Constraint,
  type Entity,
} from "./types.js";
import { excludedVerb, isVerbInForce } from "./verbs.js";

export const RULE_IDS = [
  "unsupported-version",
  "verb-whitelist",
  "duplicate-entity-id",
  "operator-invalid",
  "negated-constraint-value",
  "alternative-location-without-target",
  "seq-keyword",
  "seq-entry-unknown",
  "empty-entity",
  "req-id-short",
  "session-id-length",
  "null-optional-field",
] as const;
export type RuleId = (typeof RULE_IDS)[number] | "schema";

const OPERATORS: ReadonlySet<string> = new Set(CONSTRAINT_OPERATORS);
const KEYWORDS: ReadonlySet<string> = new Set(SEQ_KEYWORDS);

export function semanticIssues(ir: SilpIR, options: ResolvedOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // The same verdict compile and decode reach (they throw unsupported_version on it), so that
  // validate() never calls an IR valid that no other entry point accepts.
  if (!SUPPORTED_SILP_VERSIONS.includes(ir.silp)) {
    issues.push({
      rule: "unsupported-version",
      severity: "error",
      message: `SILP version "${ir.silp}" is not supported (this implementation speaks ${SUPPORTED_SILP_VERSIONS.join(", ")})`,
      path: "/silp",
    });
  }
  checkVerbs(ir, options, issues);
  checkEntities(ir, issues);
  // Paths are written only for an issue: most IRs have none, and building them is most of the cost.
  // Indexed loops, not forEach: the rules run on every compile and decode, and a callback per
  // list is a closure allocated per call.
  const constraints = ir.constraints;
  for (let index = 0; index < constraints.length; index++) {
    const constraint = constraints[index] as Constraint;
    if (constraint.operator !== undefined) {
      if (typeof constraint.operator !== "string" || !OPERATORS.has(constraint.operator)) {
        issues.push({
          rule: "operator-invalid",
          severity: "error",
          message: `operator ${JSON.stringify(constraint.operator)} is not one of ${CONSTRAINT_OPERATORS.join(" ")}`,
          path: `/constraints/${index}/operator`,
        });
      }
    }
    if (constraint.type.startsWith("!") && constraint.value !== "true") {
      issues.push({
        rule: "negated-constraint-value",
        severity: "warning",
        message: `negated constraint "${constraint.type}" has value ${JSON.stringify(constraint.value)}; the convention (spec 3.3) is "true"`,
        path: `/constraints/${index}/value`,
      });
    }
  }
  const alternatives = ir.alternatives;
  for (let index = 0; index < alternatives.length; index++) {
    const alternative = alternatives[index] as Alternative;
    if (alternative.location !== undefined && alternative.target === undefined) {
      issues.push({
        rule: "alternative-location-without-target",
        severity: "warning",
        message: "alternative has a location but no target",
        path: `/alternatives/${index}`,
      });
    }
  }
  const seq = ir.meta.seq;
  for (let index = 0; index < seq.length; index++) {
    const entry = seq[index] as string;
    if (KEYWORDS.has(entry)) {
      issues.push({
        rule: "seq-keyword",
        severity: "warning",
        message: `"${entry}" is a recognised ordering keyword with no defined behaviour (draft -02 3.6); seq order stays strict`,
        path: `/meta/seq/${index}`,
      });
    } else if (!ACTION_CODE_PATTERN.test(entry)) {
      issues.push({
        rule: "seq-entry-unknown",
        severity: "warning",
        message: `seq entry "${entry}" is neither an action code nor an ordering keyword`,
        path: `/meta/seq/${index}`,
      });
    }
  }
  const reqIdLength = ir.meta.req_id.length;
  if (reqIdLength < 8 && !(options.scopeLimited && reqIdLength === 4)) {
    issues.push({
      rule: "req-id-short",
      severity: "warning",
      message: `req_id has ${reqIdLength} hex characters; 8 is the default, 4 only in scope-limited sessions (spec 3.6)`,
      path: "/meta/req_id",
    });
  }
  if (ir.meta.session_id !== undefined && !isTwoCharacters(ir.meta.session_id)) {
    issues.push({
      rule: "session-id-length",
      severity: "warning",
      message: "session_id should be 2 characters (spec 5.2)",
      path: "/meta/session_id",
    });
  }
  return issues;
}

function checkVerbs(ir: SilpIR, options: ResolvedOptions, issues: ValidationIssue[]): void {
  if (options.whitelist.mode === "off") return;
  const severity = options.whitelist.mode === "strict" ? "error" : "warning";
  if (!isVerbInForce(ir.intent, options)) issues.push(verbIssue(ir.intent, "/intent", severity));
  const entities = ir.entities;
  for (let index = 0; index < entities.length; index++) {
    const action = (entities[index] as Entity).action;
    if (action !== undefined && action !== ir.intent && !isVerbInForce(action, options)) issues.push(verbIssue(action, `/entities/${index}/action`, severity));
  }
  const alternatives = ir.alternatives;
  for (let index = 0; index < alternatives.length; index++) {
    const action = (alternatives[index] as Alternative).action;
    if (!isVerbInForce(action, options)) issues.push(verbIssue(action, `/alternatives/${index}/action`, severity));
  }
  // A seq entry shaped like an action code names an action to run (draft -02 3.6), so spec 3.8's
  // "MUST NOT be used as IR action codes" applies to it. Keywords and free-form entries are not
  // action codes; the seq rules below flag them.
  const seq = ir.meta.seq;
  for (let index = 0; index < seq.length; index++) {
    const entry = seq[index] as string;
    if (ACTION_CODE_PATTERN.test(entry) && !isVerbInForce(entry, options)) issues.push(verbIssue(entry, `/meta/seq/${index}`, severity));
  }
}

function verbIssue(code: string, path: string, severity: "error" | "warning"): ValidationIssue {
  const excluded = excludedVerb(code);
  const issue: ValidationIssue = {
    rule: "verb-whitelist",
    severity,
    message: excluded ? `${code} is excluded from the verb whitelist: ${excluded.reason}` : `${code} is not in the verb whitelist (spec 3.8)`,
    path,
  };
  if (excluded) issue.hint = `use ${excluded.hint}`;
  return issue;
}

function checkEntities(ir: SilpIR, issues: ValidationIssue[]): void {
  // One set of "action id" pairs; allocated only when a keyword id appears.
  let keywordIds: Set<string> | undefined;
  const entities = ir.entities;
  for (let index = 0; index < entities.length; index++) {
    const entity = entities[index] as Entity;
    const action = entity.action ?? ir.intent;
    if (entity.id !== "act") {
      const key = `${action} ${entity.id}`;
      keywordIds ??= new Set();
      if (keywordIds.has(key)) {
        issues.push({
          rule: "duplicate-entity-id",
          severity: "error",
          message: `keyword id "${entity.id}" is repeated within ${action}; only "act" (positional) may repeat`,
          path: `/entities/${index}/id`,
        });
      }
      keywordIds.add(key);
    }
    if (entity.id === "" || entity.value === "") {
      issues.push({
        rule: "empty-entity",
        severity: "warning",
        message: entity.id === "" ? "entity has an empty id" : `entity "${escapePointer(entity.id)}" has an empty value`,
        path: `/entities/${index}`,
      });
    }
  }
}

/** Whether `text` is two Unicode characters (code points), counted without allocating. */
function isTwoCharacters(text: string): boolean {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character (past the end, charCodeAt is NaN: no low half).
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > 2) return false;
  }
  return count === 2;
}
