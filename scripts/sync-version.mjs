// Run after `changeset version` (npm run version): writes the codec's version, which changesets
// just bumped in packages/silp/package.json, into packages/silp/src/version.ts, the one constant
// the code reads (lock records, silpc --version, the MCP server's serverInfo). All packages move
// in lockstep (a fixed group in .changeset/config.json); packages/silp/test/version.test.ts checks both.
import { readFileSync, writeFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../packages/silp/package.json", import.meta.url), "utf8"));
const file = new URL("../packages/silp/src/version.ts", import.meta.url);
const source = readFileSync(file, "utf8").replace(/export const VERSION = "[^"]*";/, `export const VERSION = "${version}";`);
writeFileSync(file, source);
console.log(`packages/silp/src/version.ts: VERSION = "${version}"`);
