/**
 * The study's rule judge: case-insensitive substring checks of a model's response.
 *
 * It passes a response when it finds (1) the main verb or a synonym, (2) every entity value,
 * (3) every constraint value, (4) every alternative target, and (5) for each `!`-negated
 * constraint whose word appears, at least one negation marker anywhere in the response.
 * Values are looked up with the study's normalisations (sentinels, underscore variants, Chinese
 * renderings, compound parts, time units). Verdict and reason reproduce the recorded
 * `rule_verdict` / `rule_reason` of the study exactly; test/bench/rule-judge.test.ts checks
 * all 3,078 records. It is a fast pre-filter, not a semantic judge: paraphrases fail it.
 */
import { pythonListRepr } from "@silp/tokens";
import { ENTITY_TRANSLATIONS, NEGATION_MARKERS, PASS_REASON, SENTINEL_VALUES, TIME_SUFFIXES, VERB_SYNONYMS } from "./rule-tables.js";
import type { JudgeCase, JudgeResult } from "./types.js";

/**
 * Python's `str.isdigit()`: decimal digits plus the Numeric_Type=Digit characters
 * (superscripts, circled digits, ...), listed from CPython 3.11's Unicode 14 tables.
 */
const PYTHON_DIGIT =
  /[\p{Nd}\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792\u{10A40}-\u{10A43}\u{10E60}-\u{10E68}\u{11052}-\u{1105A}\u{1F100}-\u{1F10A}]/u;

function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function containsAny(haystack: string, needles: readonly string[]): boolean {
  return needles.some((needle) => haystack.includes(needle));
}

/** Whether `value` is mentioned in the (lower-cased) response, under the study's normalisations. */
export function findValue(value: string, responseLower: string): boolean {
  const val = value.toLowerCase();
  if (SENTINEL_VALUES.has(val)) return true;

  const variants = [val, val.replaceAll("_", " "), val.replaceAll("_", ""), ...(lookup(ENTITY_TRANSLATIONS, val) ?? [])];
  if (containsAny(responseLower, variants)) return true;

  // A compound like fr_rev_bold counts when every part (or its translation) appears.
  if (val.includes("_")) {
    const parts = val.split("_").map((part) => [part, ...(lookup(ENTITY_TRANSLATIONS, part) ?? [])]);
    if (parts.every((candidates) => containsAny(responseLower, candidates))) return true;
  }

  // 30s matches "30", "30秒", "30 seconds". Only the first suffix the value ends with is tried.
  for (const suffix of TIME_SUFFIXES) {
    if (val.endsWith(suffix) && val.length > suffix.length) {
      const numeric = val.slice(0, -suffix.length);
      if (PYTHON_DIGIT.test(numeric)) {
        const unitVariants = [numeric, `${numeric}秒`, `${numeric} second`, `${numeric} seconds`, `${numeric}-second`];
        if (containsAny(responseLower, unitVariants)) return true;
      }
      break;
    }
  }
  return false;
}

/** The part of the intent after `!`, lower-cased (the study drops exactly one code point). */
function mainVerb(intent: string): string {
  return Array.from(intent).slice(1).join("").toLowerCase();
}

export function ruleJudge(ir: JudgeCase, modelResponse: string): JudgeResult {
  const response = modelResponse.toLowerCase();
  const verb = mainVerb(ir.intent);
  const verbCandidates = [verb, ...(lookup(VERB_SYNONYMS, verb) ?? [])];
  const verbFound = verbCandidates.some((candidate) => response.includes(candidate.toLowerCase()));

  const constraints = ir.constraints ?? [];
  const missingEntities = (ir.entities ?? []).map((e) => e.value).filter((v) => !findValue(v, response));
  const missingConstraints = constraints.map((c) => c.value).filter((v) => !findValue(v, response));
  const missingAlternatives = (ir.alternatives ?? [])
    .map((a) => a.target)
    .filter((t): t is string => typeof t === "string" && t !== "" && !findValue(t, response));

  // A negated word that appears with no negation marker anywhere suggests a reversed condition.
  const negationOk = constraints.every((c) => {
    if (!c.type.startsWith("!")) return true;
    const negated = c.type.slice(1).toLowerCase();
    return !response.includes(negated) || containsAny(response, NEGATION_MARKERS);
  });

  const details = {
    verb,
    verb_found: verbFound,
    missing_entities: missingEntities,
    missing_constraints: missingConstraints,
    missing_alternatives: missingAlternatives,
    negation_ok: negationOk,
  };
  const anyMissing = missingEntities.length + missingConstraints.length + missingAlternatives.length > 0;
  if (verbFound && !anyMissing && negationOk) {
    return { verdict: "pass", reason: PASS_REASON, judge: "rule", details };
  }
  const reasons: string[] = [];
  if (!verbFound) reasons.push(`main verb '${verb}' not found`);
  if (missingEntities.length > 0) reasons.push(`missing entities: ${pythonListRepr(missingEntities)}`);
  if (missingConstraints.length > 0) reasons.push(`missing constraints: ${pythonListRepr(missingConstraints)}`);
  if (missingAlternatives.length > 0) reasons.push(`missing alternatives: ${pythonListRepr(missingAlternatives)}`);
  if (!negationOk) reasons.push("negation may be reversed");
  return { verdict: "fail", reason: reasons.join("; "), judge: "rule", details };
}
