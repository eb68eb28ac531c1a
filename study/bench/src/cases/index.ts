/**
 * The project's own case suite: nine categories (the study's), four cases each, written for
 * this project (not copied from the study). One JSON file per category; imported as JSON
 * modules so they ship inside dist/ with the compiled code.
 */
import type { BenchCase } from "../cases.js";
import { assertJudgeCase } from "../cases.js";
import conditionalBranch from "./conditional_branch.json" with { type: "json" };
import detail from "./detail.json" with { type: "json" };
import multiConstraint from "./multi_constraint.json" with { type: "json" };
import multiTurn from "./multi_turn.json" with { type: "json" };
import negation from "./negation.json" with { type: "json" };
import nestedConstraint from "./nested_constraint.json" with { type: "json" };
import parallelAction from "./parallel_action.json" with { type: "json" };
import toolBranch from "./tool_branch.json" with { type: "json" };
import toolCall from "./tool_call.json" with { type: "json" };

interface CategoryFile {
  category: string;
  description: string;
  cases: Array<{ id: string; ir: unknown }>;
}

/** The nine categories, in the study's order of case numbers. */
const FILES: readonly CategoryFile[] = [
  multiTurn,
  multiConstraint,
  negation,
  detail,
  toolBranch,
  nestedConstraint,
  parallelAction,
  conditionalBranch,
  toolCall,
];

export const SUITE_CATEGORIES: ReadonlyArray<{ category: string; description: string }> = FILES.map(({ category, description }) => ({
  category,
  description,
}));

/** Our suite as benchmark cases (fresh copies, so callers may mutate them). */
export function builtinCases(): BenchCase[] {
  return FILES.flatMap((file) =>
    file.cases.map(({ id, ir }) => {
      const copy: unknown = structuredClone(ir);
      assertJudgeCase(copy, `built-in case ${id}`);
      return { id, category: file.category, ir: copy };
    }),
  );
}
