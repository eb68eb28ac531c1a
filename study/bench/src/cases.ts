/**
 * Benchmark cases: an id, a category and an IR.
 *
 * Two sources: a folder of `*.json` IR files named like the study's (`case<N>[b|c]_<category>.json`,
 * id = file stem, category = the part after the first underscore), and our own suite
 * (src/bench/cases/*.json, one file per category). Folder cases are ordered by file name in
 * code-unit order, which is the order the study's scripts used (`sorted(glob("case*.json"))`):
 * case10, case10b, case10c, case1, case1b, ... The IR is kept as read; the judge only needs the
 * fields of `JudgeCase`, and compiling goes through the core, which validates it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { invalidIr, SilpError } from "silp";
import type { SilpIRInput } from "silp";
import type { JudgeCase } from "./judge/types.js";

export interface BenchCase {
  id: string;
  category: string;
  ir: SilpIRInput;
}

function isStringArrayOf(value: unknown, check: (item: Record<string, unknown>) => boolean): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && check(item as Record<string, unknown>));
}

/** Checks the fields the judge reads; the core validates the rest when the case is compiled. */
export function assertJudgeCase(value: unknown, where: string): asserts value is JudgeCase & SilpIRInput {
  const ir = value as Record<string, unknown> | null;
  const ok =
    typeof ir === "object" &&
    ir !== null &&
    typeof ir.intent === "string" &&
    (ir.entities === undefined || isStringArrayOf(ir.entities, (e) => typeof e.value === "string")) &&
    (ir.constraints === undefined || isStringArrayOf(ir.constraints, (c) => typeof c.type === "string" && typeof c.value === "string")) &&
    (ir.alternatives === undefined || isStringArrayOf(ir.alternatives, (a) => a.target === undefined || a.target === null || typeof a.target === "string")) &&
    typeof ir.meta === "object" &&
    ir.meta !== null;
  if (!ok) {
    const message = `${where}: not a SILP IR (intent, meta, and string entity/constraint values are required)`;
    throw invalidIr([{ rule: "judge-case", severity: "error", path: "", message }]);
  }
}

/** Category of a study-style file stem: `case6b_nested_constraint` -> `nested_constraint`. */
export function categoryOf(stem: string): string {
  const underscore = stem.indexOf("_");
  return underscore === -1 ? "uncategorised" : stem.slice(underscore + 1);
}

/** Loads every `*.json` IR of a folder, ordered by file name (code-unit order). */
export function loadCaseFolder(dir: string): BenchCase[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch (error) {
    throw new SilpError("decode_failed", `cannot read case folder ${dir}`, { cause: error });
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => {
    const path = join(dir, name);
    const text = readFileSync(path, "utf8");
    let ir: unknown;
    try {
      ir = JSON.parse(text);
    } catch (error) {
      throw new SilpError("invalid_syntax", `${path} is not valid JSON`, { source: text, offset: 0, cause: error });
    }
    assertJudgeCase(ir, path);
    const id = basename(name, ".json");
    return { id, category: categoryOf(id), ir };
  });
}

/** Index by id; a duplicate id is an error (two cases would share one result key). */
export function indexCases(cases: readonly BenchCase[]): Map<string, BenchCase> {
  const byId = new Map<string, BenchCase>();
  for (const c of cases) {
    if (byId.has(c.id)) throw invalidIr([{ rule: "duplicate-case-id", severity: "error", path: "", message: `duplicate case id ${c.id}` }]);
    byId.set(c.id, c);
  }
  return byId;
}
