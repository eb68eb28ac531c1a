/** The SILP MCP server's count_tokens tool with the real tokenizer (lab: it loads a vocabulary), over the in-memory transport (2.x Client). */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { countTokens, loadTokenizers } from "@silp/tokens";
import { compile } from "silp";
import { appendixExample } from "silp/examples";
import { afterAll, beforeAll, test } from "vitest";
import { createSilpMcpServer } from "../../src/index.js";

let client: Client;
beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await (await createSilpMcpServer()).connect(serverSide);
  client = new Client({ name: "silp-test", version: "0.0.0" });
  await client.connect(clientSide);
});
afterAll(() => client.close());

test("count_tokens counts with the real tokenizer", async () => {
  const payload = compile(appendixExample("A.1").ir, "code");
  const result = await client.callTool({ name: "count_tokens", arguments: { text: payload } });
  const [gpt4o] = await loadTokenizers(["gpt-4o"]);
  assert.deepEqual(result.structuredContent, { characters: payload.length, counts: [{ tokenizer: "gpt-4o", tokens: countTokens(gpt4o!, payload) }] });
});
