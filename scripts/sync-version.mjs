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

// The MCP Registry's listing of silp-mcp names the server's and its npm package's version
// (packages/mcp/test/mcp-registry.test.ts checks they are the package's).
const serverFile = new URL("../packages/mcp/server.json", import.meta.url);
const server = JSON.parse(readFileSync(serverFile, "utf8"));
server.version = version;
for (const entry of server.packages) entry.version = version;
writeFileSync(serverFile, `${JSON.stringify(server, null, 2)}\n`);
console.log(`packages/mcp/server.json: version ${version}`);
