/** Orderings shared by the tables, chosen to match the study's files. */

/** The study's frontend order (its `list_frontends()`); unknown frontends follow in first-seen order. */
export const STUDY_FRONTEND_ORDER: readonly string[] = ["code", "json", "natural", "nl_json", "llmlingua2"];

export function frontendOrder(seen: Iterable<string>): string[] {
  const present = new Set(seen);
  const known = STUDY_FRONTEND_ORDER.filter((f) => present.has(f));
  return [...known, ...[...present].filter((f) => !STUDY_FRONTEND_ORDER.includes(f))];
}

/** Code-unit order, as Python's `sorted()` on str. */
export function sortedStrings(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Distinct values in first-seen order. */
export function firstSeen(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The study's file slug of a model name: `deepseek-v3.2` -> `deepseek-v3-2`. */
export function modelSlug(model: string): string {
  return model.replaceAll(".", "-").replaceAll("/", "-");
}
