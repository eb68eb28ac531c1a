/**
 * The README snippets of docs/integrations.md run as written: each block marked
 * `<!-- snippet: NAME -->` is written to a temporary module (its `silp` and `@silp/...` imports pointed at
 * the sources, other packages resolved from this repository), extended by a few lines that use what
 * it built, and run as a child process.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";
const docs = readFileSync(join(repoRoot, "docs/integrations.md"), "utf8");

const OWN: Record<string, string> = {
  silp: "packages/silp/src/index.ts",
  "@silp/mcp": "packages/mcp/src/index.ts",
  "@silp/a2a": "packages/a2a/src/index.ts",
  "@silp/a2a/aidip": "packages/a2a/src/aidip.ts",
};

function snippet(name: string): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(docs);
  assert.ok(match, `docs/integrations.md has no snippet ${name}`);
  return match[1]!.replace(/from "([^"]+)"/g, (_all, specifier: string) => {
    const own = OWN[specifier];
    return `from "${own ? pathToFileURL(join(repoRoot, own)).href : import.meta.resolve(specifier)}"`;
  });
}

function run(source: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "silp-snippet-"));
  try {
    const file = join(dir, "snippet.mts");
    writeFileSync(file, source);
    const result = spawnSync(process.execPath, ["--import", "tsx", file], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("README snippets (docs/integrations.md)", () => {
  test("mcp: the tool takes wrapped arguments and answers with a SILP result", () => {
    const harness = `
import { Client } from "${import.meta.resolve("@modelcontextprotocol/client")}";
import { InMemoryTransport } from "${import.meta.resolve("@modelcontextprotocol/server")}";
import { readSilpToolResult, wrapSilpArguments } from "${pathToFileURL(join(repoRoot, OWN["@silp/mcp"]!)).href}";
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(b);
const client = new Client({ name: "snippet", version: "0" });
await client.connect(a);
const ir = { intent: "!BOOK", entities: [{ id: "act", value: "hotel" }], meta: { req_id: "a1b2c3d4" } };
const ok = await client.callTool({ name: "book", arguments: wrapSilpArguments(ir, { user_id: "u-17" }) });
console.log(JSON.stringify(readSilpToolResult(ok).entities));
const bad = await client.callTool({ name: "book", arguments: { silp_encoding: "code", silp_payload: "drop(tables)", user_id: "u-17" } });
console.log(JSON.stringify({ isError: bad.isError, code: bad.structuredContent?.error?.code }));
console.log((await client.listTools()).tools.map((t) => t.name).join(","));
await client.close();
`;
    const result = run(`${snippet("mcp")}\n${harness}`);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split("\n"), [
      '[{"id":"status","value":"!BOOK for u-17","action":"!NOTIFY"}]',
      '{"isError":true,"code":"invalid_ir"}',
      "validate,compile,decode,negotiate,book",
    ]);
  });

  test("a2a: two agents negotiate and exchange a payload, and the process exits", () => {
    const result = run(snippet("a2a"));
    assert.equal(result.status, 0, result.stderr);
    // The reply's text part carries its meta: the agent's session (an id it made) and the request it answers.
    assert.match(
      result.stdout.trim(),
      /^\{"intent":"!NOTIFY","status":"done","re":"a1b2c3d4","book":"booked hotel","meta":\{"session_id":"[a-z0-9]+","reply_to":"a1b2c3d4"\}\}$/,
    );
  });
});
