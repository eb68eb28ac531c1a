// Resolves chosen packages from another install, to run the repository's tests against a version
// other than the one in its lockfile (e.g. a framework major that needs a newer Node):
//
//   SILP_RESOLVE_FROM="@mastra/core=/tmp/lab/mastra-1" \
//     node --import tsx --import ./scripts/resolve-from.mjs --test adapters/mastra/test/mastra.test.ts
//
// Each entry is `name=dir`, comma-separated; `dir` holds a node_modules with the package. The
// package's own imports then resolve inside that install. docs/frameworks.md says what ran where.
import { register } from "node:module";

const entries = (process.env.SILP_RESOLVE_FROM ?? "")
  .split(",")
  .filter(Boolean)
  .map((entry) => {
    const at = entry.indexOf("=");
    if (at <= 0) throw new Error(`SILP_RESOLVE_FROM: expected name=dir, got ${entry}`);
    return { name: entry.slice(0, at), dir: entry.slice(at + 1) };
  });
if (entries.length > 0) register("./resolve-from-hooks.mjs", import.meta.url, { data: { entries } });
