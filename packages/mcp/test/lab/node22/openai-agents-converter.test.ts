/**
 * The SILP tools' input schemas through OpenAI Agents' MCP tool conversion (`mcpToFunctionTool`
 * with `convertSchemasToStrict`), the SDK's own code, as lab/mcp-client-converters.test.ts does
 * for LangChain and Mastra: each converted tool is called with arguments that use every property,
 * and what reaches the MCP server's callTool must be what was sent. On Node 22 (vitest.config.ts,
 * project lab-node22): `@openai/agents` 0.20 depends on `openai` 7, which declares node >= 22.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { mcpToFunctionTool, RunContext } from "@openai/agents";
import { assertDeliveredWhole } from "../../client-schema-fit.js";
import { type Args, listed, samples } from "../client-converters.js";

/** Test double of an MCP server for OpenAI Agents' mcpToFunctionTool: records each callTool. */
function recordingMcpServerTestDouble() {
  const calls: { name: string; arguments: Args }[] = [];
  return {
    calls,
    server: {
      name: "silp",
      cacheToolsList: false,
      callTool: async (name: string, args: Args) => {
        calls.push({ name, arguments: structuredClone(args) });
        return [{ type: "text", text: "ok" }];
      },
    },
  };
}

describe("OpenAI Agents (@openai/agents mcpToFunctionTool with convertSchemasToStrict)", () => {
  /**
   * Strict mode (its source, utils/strictToolSchema: assertOpenAIStrictToolSchemaPreservesOpenObjects)
   * refuses every object that is open (additionalProperties not false), because a strict schema
   * must list every key. An IR's meta, silp_meta and a JSON ping carry keys no schema can list
   * (spec 3.6; forward-compatible probe members), so the tools that take them fall back to the
   * non-strict tool with the schema unchanged: no argument is lost either way.
   */
  const expectedStrict: Record<string, boolean> = { validate: false, compile: false, decode: false, negotiate: false, count_tokens: true, book_room: false };

  test("strict where the schema is closed, the schema unchanged where it is open; every sample reaches callTool whole", async () => {
    const double = recordingMcpServerTestDouble();
    for (const listedTool of listed) {
      const tool = mcpToFunctionTool(structuredClone(listedTool) as never, double.server as never, true);
      assert.equal(tool.strict, expectedStrict[listedTool.name], `${listedTool.name}: strict`);
      // The fallback lists the schema as it is (a schema without additionalProperties is open, as JSON Schema reads it).
      const { inputSchema } = listedTool;
      if (!tool.strict)
        assert.deepEqual(tool.parameters, {
          ...inputSchema,
          required: inputSchema.required ?? [],
          additionalProperties: inputSchema.additionalProperties ?? true,
        });
      for (const args of samples[listedTool.name] ?? []) {
        await tool.invoke(new RunContext(), JSON.stringify(args));
        const call = double.calls.at(-1);
        assert.equal(call?.name, listedTool.name);
        assertDeliveredWhole(args, call?.arguments, listedTool.inputSchema);
      }
    }
    assert.equal(double.calls.length, Object.values(samples).flat().length);
  });

  test("it does not validate a JSON Schema tool's input: an IR with a verb outside the enum reaches the server", async () => {
    const double = recordingMcpServerTestDouble();
    const validate = listed.find((tool) => tool.name === "validate");
    const tool = mcpToFunctionTool(structuredClone(validate) as never, double.server as never, true);
    const ir = { intent: "!DANCE", entities: [{ id: "act", value: "tango" }], meta: { req_id: "a1b2c3d4" } };
    await tool.invoke(new RunContext(), JSON.stringify({ ir }));
    assert.deepEqual(double.calls, [{ name: "validate", arguments: { ir } }]);
  });

  test("count_tokens' strict schema keeps both properties (the optional one nullable, as strict mode requires)", () => {
    const countTokens = listed.find((tool) => tool.name === "count_tokens");
    const tool = mcpToFunctionTool(structuredClone(countTokens) as never, recordingMcpServerTestDouble().server as never, true);
    const parameters = tool.parameters as { properties: Record<string, { anyOf?: unknown[] }>; required: string[]; additionalProperties: boolean };
    assert.deepEqual(Object.keys(parameters.properties), ["text", "tokenizers"]);
    assert.deepEqual(parameters.required, ["text", "tokenizers"]);
    assert.equal(parameters.additionalProperties, false);
    assert.deepEqual(parameters.properties.tokenizers?.anyOf?.[1], { type: "null" });
  });
});
