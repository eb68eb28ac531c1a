/**
 * Real clients end to end: LangChain's MultiServerMCPClient and Mastra 0.14's MCPClient spawn
 * `silpc mcp` over stdio and reach the SILP MCP server over Streamable HTTP on a loopback port.
 * Through each client's own tool objects (their converted schemas, their validation), every
 * Appendix A IR with a full meta (FULL_META: set fields and keys the schema does not name) is
 * compiled and decoded back to the same normal form, and a //ping in both forms gets one answer.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { MCPClient } from "@mastra/mcp";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { type Args, type CallTool, mastraSuite, roundTripChecks, stdio } from "./client-roundtrip-checks.js";

let http: RunningHttpServer;
beforeAll(async () => {
  http = await serveSilpMcpHttp({ port: 0, countTokens: false });
});
afterAll(async () => {
  await http.close();
});

/** LangChain: a ToolCall invocation returns a ToolMessage whose artifact holds the structuredContent. */
async function langchainCaller(client: MultiServerMCPClient): Promise<CallTool> {
  const tools = await client.getTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ["compile", "decode", "negotiate", "validate"]);
  return async (name, args) => {
    const tool = tools.find((candidate) => candidate.name === name);
    assert.ok(tool, name);
    const message = (await tool.invoke({ type: "tool_call", id: `call-${name}`, name, args })) as { artifact?: { type: string; data?: Args }[] };
    const structured = message.artifact?.find((item) => item.type === "mcp_structured_content");
    assert.ok(structured?.data, `${name}: no structuredContent in ${JSON.stringify(message)}`);
    return structured.data;
  };
}

describe("LangChain @langchain/mcp-adapters MultiServerMCPClient", () => {
  for (const transport of ["stdio", "http"] as const) {
    describe(transport, () => {
      let client: MultiServerMCPClient;
      let call: CallTool;
      beforeAll(async () => {
        client = new MultiServerMCPClient({
          mcpServers: { silp: transport === "stdio" ? { transport: "stdio", ...stdio, stderr: "pipe" } : { transport: "http", url: http.url } },
          useStandardContentBlocks: false,
        });
        call = await langchainCaller(client);
      });
      afterAll(async () => {
        await client.close();
      });
      roundTripChecks(() => call);

      test("an IR with a verb outside the published enum is refused by the client, before the server's validate sees it", async () => {
        const tools = await client.getTools();
        const validate = tools.find((tool) => tool.name === "validate");
        const ir = { intent: "!DANCE", entities: [{ id: "act", value: "tango" }], meta: { req_id: "a1b2c3d4" } };
        await assert.rejects(validate?.invoke({ ir }) as Promise<unknown>, /did not match expected schema/);
      });
    });
  }
});

mastraSuite("Mastra @mastra/mcp 0.14 MCPClient (@mastra/core 0.24), on the workspace's zod 4", MCPClient, () => http.url, 4);
