/**
 * Mastra 0.14 as a fresh Node 20 install gets it: @mastra/core 0.24's `ai@4` asks for zod ^3, so
 * npm installs zod 3 and @mastra/mcp converts the tool schemas with its zod 3 converter
 * (zod-from-json-schema 0.0.5), the one that turned a bare `{type: "object"}` into an object that
 * drops every key. The hooks give only the Mastra packages zod 3 (fixtures/mastra-zod3-hooks.mjs);
 * the checks are the other clients' (lab/client-roundtrip-checks.ts).
 */
import { register } from "node:module";
import { afterAll, beforeAll } from "vitest";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { mastraSuite } from "./client-roundtrip-checks.js";

register("../fixtures/mastra-zod3-hooks.mjs", import.meta.url);
const { MCPClient } = await import("@mastra/mcp");

let http: RunningHttpServer;
beforeAll(async () => {
  http = await serveSilpMcpHttp({ port: 0, countTokens: false });
});
afterAll(async () => {
  await http.close();
});

mastraSuite("Mastra @mastra/mcp 0.14 MCPClient (@mastra/core 0.24), on zod 3 as a Node 20 install resolves it", MCPClient, () => http.url, 3);
