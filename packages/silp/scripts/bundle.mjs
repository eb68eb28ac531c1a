#!/usr/bin/env node
/**
 * Bundles the codec's entry points (tsc's output in dist/) into dist/bundle/: one file per entry
 * and shared chunks, so that `import("silp")` loads a handful of files instead of sixty modules.
 * A fresh process spends most of its first call in the module loader (resolving, reading and
 * compiling each file: about 0.6 ms per module on a 2-core machine), so the bundle is what makes
 * the cold start a few times TOON's rather than five (npm run bench:cold-start). Shared chunks
 * keep one copy of each module across entries: `silp` and `silp/util` see the same SilpError
 * class. Not minified, so stack traces read as the sources. The type declarations stay tsc's
 * (dist/**\/*.d.ts); the package's `exports` point the types there and the code here.
 */
import { rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");

/** Entry name (the bundle's file name) -> tsc's output for that export of package.json. */
export const ENTRIES = {
  index: "index.js",
  negotiation: "protocol/negotiation/index.js",
  session: "protocol/session/index.js",
  carriage: "protocol/carriage.js",
  sanitizer: "security/index.js",
  examples: "examples/appendix.js",
  util: "util.js",
};

export async function bundleCodec() {
  rmSync(resolve(DIST, "bundle"), { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, resolve(DIST, file)])),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    // Keep `with { type: "json" }` on the external data import (Node needs it; es2022 predates it).
    supported: { "import-attributes": true },
    outdir: resolve(DIST, "bundle"),
    chunkNames: "chunks/[name]-[hash]",
    // The run-time dependency stays an import (the codec imports no Node builtin: the build has no Node types).
    external: ["unhomoglyph", "unhomoglyph/*"],
    logLevel: "warning",
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleCodec();
