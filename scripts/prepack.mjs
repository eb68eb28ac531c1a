#!/usr/bin/env node
/**
 * Each package's `prepack` (npm pack and npm publish run it in the package's folder): copies the
 * repository's LICENSE into the package, so every tarball carries the license text; the copies
 * are ignored by git (one LICENSE in the repository).
 */
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
copyFileSync(join(ROOT, "LICENSE"), join(process.cwd(), "LICENSE"));
