/**
 * Loading a package that a feature needs but an install may lack (a tokenizer, an SDK, a model
 * runtime, a sibling @silp package). Every such load goes through here, so a missing package is
 * always the same `dependency_missing` error naming the exact `npm install` line, never a raw
 * ERR_MODULE_NOT_FOUND with a stack trace. The caller passes the `import()` itself: a dynamic
 * import resolves from the file that writes it, which must be the package declaring the dependency.
 */
import { SilpError } from "./errors.js";

/** True when `error` says that module resolution failed (ESM or CommonJS). */
function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

/**
 * The package Node could not find, from its message ("Cannot find package 'x' imported from
 * ...", "Cannot find module 'x/y'"), reduced to the package name; undefined when unnamed.
 */
function missingPackage(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : "";
  const specifier = /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1];
  if (specifier === undefined || specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Runs `load` (an `import()` of `pkg`, or of a module that needs it); when it fails, throws
 * `dependency_missing` with the `npm install` line of the package that is really missing (a
 * dependency of `pkg` may be the one absent) and what needed it (`purpose`, e.g. "the gpt-4o
 * tokenizer").
 */
export async function importOptional<T>(pkg: string, purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const notFound = isNotFound(error);
    const missing = (notFound ? missingPackage(error) : undefined) ?? pkg;
    const reason = notFound ? "is not installed" : `did not load (${error instanceof Error ? error.message : String(error)})`;
    throw new SilpError("dependency_missing", `${purpose} needs the npm package ${missing}, which ${reason}: npm install ${missing}`, {
      cause: error,
      details: { package: missing, install: `npm install ${missing}`, reason: notFound ? "missing_package" : "load_failed" },
    });
  }
}
