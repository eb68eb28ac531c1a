/**
 * Dialect files on the command line (`--dialect <files...>`): each is read as JSON, checked by
 * @silp/dialects' parseDialectSpec (untrusted input: a bad file is a positioned or named error)
 * and registered as a frontend under its name, so `silpc bench run` can show it to models like
 * any other frontend and `silpc evolve --bench` can match its results to a point of the space;
 * `silpc grammar --dialect <file>` reads one the same way for its grammar. A name of a dialect
 * that @silp/dialects ships (`x-evolved`) stands for that dialect, so the README's lines work
 * from an installed silpc without a checkout; anything else is a file path.
 */
import type { DialectSpec } from "@silp/dialects";
import { readJsonInput } from "./io.js";
import { loadDialects } from "./optional-packages.js";

export async function registerDialectFiles(paths: readonly string[] | undefined): Promise<DialectSpec[]> {
  if (paths === undefined || paths.length === 0) return [];
  const dialects = await loadDialects("--dialect");
  return paths.map((path) => {
    const spec = dialects.SHIPPED_DIALECTS[path] ?? dialects.parseDialectSpec(readJsonInput(path));
    dialects.registerDialect(spec);
    return spec;
  });
}

/** One dialect file, read and checked as above but not registered (`silpc grammar --dialect`). */
export async function readDialectFile(path: string): Promise<DialectSpec> {
  const dialects = await loadDialects("--dialect");
  return dialects.SHIPPED_DIALECTS[path] ?? dialects.parseDialectSpec(readJsonInput(path));
}
