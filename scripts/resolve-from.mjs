// Resolves chosen packages from another install, to run the repository's tests against a version
// other than the one in its lockfile (e.g. a framework major that needs a newer Node). Each entry
// of SILP_RESOLVE_FROM is `name=dir`, comma-separated; `dir` holds a node_modules with the
// package. The package's own imports then resolve inside that install.
//
// Two places read it: vitest.config.ts (the tests' own imports, through vite's resolver), and
// `--import ./scripts/resolve-from.mjs` (Node's resolution hooks, for a child process such as an
// example a test runs). `npm run check:installed-adapters` runs adapter tests this way against the
// frameworks' latest releases; docs/frameworks.md says what ran where.
import { register } from "node:module";
import { resolveFromEntries } from "./resolve-from-hooks.mjs";

const entries = resolveFromEntries(process.env.SILP_RESOLVE_FROM);
if (entries.length > 0) register("./resolve-from-hooks.mjs", import.meta.url, { data: { entries } });
