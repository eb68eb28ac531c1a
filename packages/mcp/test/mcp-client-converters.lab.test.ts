/**
 * The SILP tools' input schemas through the schema converters of the popular MCP clients, each
 * client's own code: LangChain's simplifier (`loadMcpTools`), both JSON-Schema-to-zod converters
 * Mastra 0.14 chooses between (zod 4 and zod 3) with Mastra's own tool validation, and OpenAI
 * Agents' MCP tool conversion with `convertSchemasToStrict`. Each converted tool is called with
 * arguments that use every property, and what reaches the MCP client's callTool must be what was
 * sent (ARGUMENT_SAMPLES, assertDeliveredWhole).
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { createTool } from "@mastra/core/tools";
import { mcpToFunctionTool, RunContext } from "@openai/agents";
import { convertJsonSchemaToZod as zod4Converter } from "zod-from-json-schema";
import { convertJsonSchemaToZod as zod3Converter } from "zod-from-json-schema-v3";
import * as tokens from "@silp/tokens";
import { silpArgumentsSchema, silpTools } from "@silp/mcp";
import { ARGUMENT_SAMPLES, JSON_PING, TEXT_PING, assertDeliveredWhole, declaredPaths } from "./client-schema-fit.js";

type Args = Record<string, unknown>;

const tools = silpTools({ tokens });
/** A host's own tool that takes SILP in its arguments (silpArgumentsSchema), beside the SILP tools. */
const hostTool = {
  name: "book_room",
  inputSchema: silpArgumentsSchema({ properties: { user_id: { type: "string" } }, required: ["user_id"] }),
};
const hostSample: Args = {
  user_id: "u1",
  silp_encoding: "code",
  silp_payload: "book(hotel)",
  silp_meta: { req_id: "4a5b6c7d", session_id: "s1", x_trace: { hop: 1 } },
  silp: "v1",
  silp_ir_version: "ir-v0.1",
};
const listed = [
  ...tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
  { ...hostTool, description: "a host tool" },
];
const samples: Record<string, readonly Args[]> = { ...ARGUMENT_SAMPLES, book_room: [hostSample] };
const schemaOf = (name: string) => (listed.find((tool) => tool.name === name) as { inputSchema: Record<string, unknown> }).inputSchema;

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
