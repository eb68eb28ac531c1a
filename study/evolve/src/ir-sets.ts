/**
 * The IRs a search is scored on, and the IRs it is judged on afterwards, kept apart:
 *
 * - SEARCH: our own suite, i.e. every valid IR in the conformance cases (conformance/cases), the
 *   codec's test fixtures (packages/silp/test/fixtures) and the benchmark's built-in cases
 *   (@silp/bench's builtinCases);
 * - HELD-OUT: the study's 27 cases (data/study/cases), which the search never sees.
 *
 * An object with an `intent` but no `silp` / `version` (the decode fixtures' expected outputs) is
 * completed with "v1" / "ir-v0.1" (and a meta with a derived req_id) before validation. Every IR is kept in its normal form (validate with the whitelist off, as the costing does), and
 * IRs with the same content (intent, entities, constraints, alternatives: what a compact payload
 * carries) are kept once. Any search IR whose content equals a held-out IR's is dropped from the
 * search set, so the two sets are disjoint by content, not only by file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { builtinCases } from "@silp/bench";
import { deriveReqId, type SilpIR, validate } from "silp";

export interface IrSet {
  readonly name: string;
  /** Normal forms, in the order found. */
  readonly irs: readonly SilpIR[];
  /** Where the IRs came from (files, or a package's built-in suite). */
  readonly sources: readonly string[];
}

const OFF = { whitelist: "off" } as const;
/** Deepest nesting looked into when searching a JSON file for IRs (our fixtures nest 6 deep). */
const MAX_DEPTH = 32;

/** What a compact payload carries: two IRs with the same key print the same compact payload. */
export function contentKey(ir: SilpIR): string {
  return JSON.stringify([ir.intent, ir.entities, ir.constraints, ir.alternatives]);
}

/** The valid IRs inside a JSON value: any object with a string `intent` that validates; found IRs are not searched further. */
export function irsInJson(value: unknown): SilpIR[] {
  const found: SilpIR[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.intent === "string") {
      // Decode fixtures state their expected IR without the envelope fields or meta; complete them.
      const meta = record.meta === undefined ? { meta: { req_id: deriveReqId(JSON.stringify(record)) } } : {};
      const result = validate({ silp: "v1", version: "ir-v0.1", ...meta, ...record }, OFF);
      if (result.ok && result.ir) {
        found.push(result.ir);
        return;
      }
    }
    for (const item of Object.values(record)) walk(item, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** Keeps the first IR of each content. */
export function uniqueByContent(irs: readonly SilpIR[]): SilpIR[] {
  const seen = new Set<string>();
  return irs.filter((ir) => {
    const key = contentKey(ir);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The JSON files named, folders expanded to their *.json files (sorted, so the order is stable). */
export function jsonFiles(paths: readonly string[]): string[] {
  return paths.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith(".json"))
          .sort()
          .map((name) => join(path, name))
      : [path],
  );
}

/** An IR set from JSON files and folders, plus IRs given directly. */
export function loadIrSet(name: string, paths: readonly string[], extra: ReadonlyArray<{ source: string; irs: readonly SilpIR[] }> = []): IrSet {
  const files = jsonFiles(paths);
  const irs = files.flatMap((file) => irsInJson(JSON.parse(readFileSync(file, "utf8"))));
  return { name, irs: uniqueByContent([...irs, ...extra.flatMap((e) => e.irs)]), sources: [...files, ...extra.map((e) => e.source)] };
}

/** The search set minus every IR whose content is also in the held-out set. */
export function withoutHeldOut(search: IrSet, heldOut: IrSet): IrSet {
  const held = new Set(heldOut.irs.map(contentKey));
  return { ...search, irs: search.irs.filter((ir) => !held.has(contentKey(ir))) };
}

/** The benchmark's built-in cases as normal-form IRs. */
export function builtinSuiteIrs(): SilpIR[] {
  return builtinCases().flatMap((c) => irsInJson(c.ir));
}

export interface IrSets {
  readonly search: IrSet;
  readonly heldOut: IrSet;
}

/** The repository's sets (see the file comment), from the repository's root folder. */
export function repositoryIrSets(root: string): IrSets {
  const heldOut = loadIrSet("held-out: the study's 27 cases (data/study/cases)", [join(root, "data/study/cases")]);
  const search = loadIrSet(
    "search: our suite (conformance/cases, packages/silp/test/fixtures, @silp/bench built-in cases)",
    [join(root, "conformance/cases"), join(root, "packages/silp/test/fixtures")],
    [{ source: "@silp/bench builtinCases()", irs: builtinSuiteIrs() }],
  );
  return { search: withoutHeldOut(search, heldOut), heldOut };
}
