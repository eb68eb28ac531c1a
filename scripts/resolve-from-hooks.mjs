// Module resolution hooks for scripts/resolve-from.mjs (they run in Node's hooks thread).
import { pathToFileURL } from "node:url";

let redirects = [];

export function initialize({ entries }) {
  redirects = entries.map(({ name, dir }) => ({ name, parentURL: pathToFileURL(`${dir.replace(/\/$/, "")}/`).href }));
}

export async function resolve(specifier, context, next) {
  const redirect = redirects.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
  return next(specifier, redirect ? { ...context, parentURL: redirect.parentURL } : context);
}
