// tsc writes files without the executable bit; `npx silpc` runs the bin file directly, so the
// built entry must be executable (npm sets the bit only for bins that exist when it links them,
// and in a fresh clone it links before `prepare` builds).
import { chmodSync } from "node:fs";

chmodSync(new URL("../packages/cli/dist/main.js", import.meta.url), 0o755);
