/**
 * The SILP tools' input schemas through the schema converters of the popular MCP clients, each
 * client's own code: LangChain's simplifier (`loadMcpTools`) and both JSON-Schema-to-zod converters
 * Mastra 0.14 chooses between (zod 4 and zod 3) with Mastra's own tool validation. Each converted
 * tool is called with arguments that use every property, and what reaches the MCP client's
 * callTool must be what was sent (ARGUMENT_SAMPLES, assertDeliveredWhole). OpenAI Agents' MCP tool
 * conversion runs on Node 22, which the SDK's `openai` 7 needs: lab/node22/openai-agents-converter.test.ts.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { createTool } from "@mastra/core/tools";
import { convertJsonSchemaToZod as zod4Converter } from "zod-from-json-schema";
import { convertJsonSchemaToZod as zod3Converter } from "zod-from-json-schema-v3";
import { JSON_PING, TEXT_PING, assertDeliveredWhole, declaredPaths } from "../client-schema-fit.js";
import { type Args, listed, samples, schemaOf } from "./client-converters.js";

describe("the samples cover the schemas", () => {
  test("every tool's every declared property is used by some sample (so the checks below see all of them)", () => {
    assert.deepEqual(
      listed.map((tool) => tool.name),
      ["validate", "compile", "decode", "negotiate", "count_tokens", "book_room"],
    );
    for (const tool of listed) {
      const used = new Set((samples[tool.name] ?? []).flatMap((args) => Object.keys(args)));
      assert.deepEqual([...used].sort(), Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name);
    }
  });
});

/** Test double of an MCP client for LangChain's loadMcpTools: lists our tools, records each call. */
function recordingMcpClientTestDouble(tools: typeof listed) {
  const calls: { name: string; arguments: Args }[] = [];
  return {
    calls,
    client: {
      listTools: async () => ({ tools: structuredClone(tools) }),
      callTool: async (request: { name: string; arguments: Args }) => {
        calls.push(structuredClone(request));
        return { content: [{ type: "text", text: "ok" }] };
      },
    },
  };
}

describe("LangChain (@langchain/mcp-adapters loadMcpTools: simplifyJsonSchemaForLLM, then the tool's own validation)", () => {
  test("every tool keeps every declared property and type; each sample reaches callTool unchanged; both ping forms pass", async () => {
    const double = recordingMcpClientTestDouble(listed);
    const converted = await loadMcpTools("silp", double.client as never);
    assert.equal(converted.length, listed.length);
    for (const tool of converted) {
      const original = schemaOf(tool.name);
      assert.deepEqual(declaredPaths(tool.schema as Record<string, unknown>), declaredPaths(original), `${tool.name}: the simplified schema`);
      for (const args of samples[tool.name] ?? []) {
        const before = double.calls.length;
        await tool.invoke(structuredClone(args));
        assert.equal(double.calls.length, before + 1, `${tool.name} was not called with ${JSON.stringify(args)}`);
        assertDeliveredWhole(args, double.calls.at(-1)?.arguments, original);
      }
    }
    const pings = double.calls.filter((call) => call.name === "negotiate").map((call) => call.arguments.ping);
    assert.deepEqual(pings, [TEXT_PING, JSON_PING]);
  });

  test("the check sees the loss the oneOf form had: LangChain keeps only its object branch and refuses the text ping", async () => {
    const oldNegotiate = {
      name: "negotiate",
      description: "",
      inputSchema: { type: "object", required: ["ping"], properties: { ping: { oneOf: [{ type: "string" }, { type: "object" }] } } },
    };
    const double = recordingMcpClientTestDouble([oldNegotiate] as unknown as typeof listed);
    const [tool] = await loadMcpTools("silp", double.client as never);
    assert.ok(tool);
    assert.deepEqual((tool.schema as { properties: Record<string, unknown> }).properties.ping, { type: "object" });
    await assert.rejects(tool.invoke({ ping: TEXT_PING }));
    assert.equal(double.calls.length, 0);
  });
});

/**
 * Mastra 0.14 (`@mastra/mcp` 0.14.5, MCPClient.tools) converts an MCP tool's input schema with
 * `zod-from-json-schema` 0.5 when the zod it imports is 4.x and with 0.0.5 when it is 3.x (what a
 * Node 20 install of @mastra/core 0.24 resolves, since its `ai@4` asks for zod 3), then wraps it
 * with `createTool`, whose execute validates the input with that zod schema and passes on what
 * the schema parsed: keys a zod object does not know are gone.
 */
const mastraConverters = [
  ["zod 4 (zod-from-json-schema 0.5)", zod4Converter],
  ["zod 3 (zod-from-json-schema 0.0.5)", zod3Converter],
] as const;

function mastraTool(name: string, schema: Record<string, unknown>, converter: (schema: never) => unknown) {
  return createTool({
    id: `silp_${name}`,
    description: name,
    inputSchema: converter(schema as never) as never,
    execute: async ({ context }: { context: Args }) => ({ received: context }),
  });
}

describe("Mastra 0.14 (both converters, then @mastra/core 0.24's createTool validation)", () => {
  for (const [label, converter] of mastraConverters) {
    test(`${label}: each sample reaches the tool's execute whole, silp_meta's arbitrary keys and both ping forms included`, async () => {
      for (const tool of listed) {
        const converted = mastraTool(tool.name, tool.inputSchema, converter);
        for (const args of samples[tool.name] ?? []) {
          const result = (await converted.execute?.({ context: structuredClone(args) } as never)) as { received?: Args; error?: boolean; message?: string };
          assert.equal(result.error, undefined, `${tool.name}: ${result.message}`);
          assertDeliveredWhole(args, result.received, tool.inputSchema);
        }
      }
    });
  }

  test("the check sees the loss the bare {type: object} had under zod 3: silp_meta and the JSON ping arrive empty", async () => {
    const bare = {
      type: "object",
      required: ["silp_meta", "ping"],
      properties: { silp_meta: { type: "object" }, ping: { oneOf: [{ type: "string" }, { type: "object" }] } },
    };
    const converted = mastraTool("old", bare, zod3Converter);
    const result = (await converted.execute?.({ context: { silp_meta: { req_id: "4a5b6c7d" }, ping: JSON_PING } } as never)) as { received: Args };
    assert.deepEqual(result.received, { silp_meta: {}, ping: {} });
  });
});
