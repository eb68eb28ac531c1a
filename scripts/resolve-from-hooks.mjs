// Module resolution hooks for scripts/resolve-from.mjs (they run in Node's hooks thread), and the
// parsing of SILP_RESOLVE_FROM that vitest.config.ts shares.
import { pathToFileURL } from "node:url";

/** `name=dir,name=dir` as entries; a malformed entry is an error, not a package resolved from the lockfile's install. */
export function resolveFromEntries(value = "") {
  return value
    .split(",")
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf("=");
      if (at <= 0) throw new Error(`SILP_RESOLVE_FROM: expected name=dir, got ${entry}`);
      return { name: entry.slice(0, at), dir: entry.slice(at + 1).replace(/\/$/, "") };
    });
}

/** Whether `specifier` is the package `name` or one of its subpaths. */
export function names(specifier, name) {
  return specifier === name || specifier.startsWith(`${name}/`);
}

let redirects = [];

export function initialize({ entries }) {
  redirects = entries.map(({ name, dir }) => ({ name, parentURL: pathToFileURL(`${dir}/`).href }));
}

export async function resolve(specifier, context, next) {
  const redirect = redirects.find(({ name }) => names(specifier, name));
  return next(specifier, redirect ? { ...context, parentURL: redirect.parentURL } : context);
}
