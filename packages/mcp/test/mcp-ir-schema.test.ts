/**
 * The IR schema, application verbs and an IR without meta, through MCP: the tools' input schemas carry the real IR schema
 * (spec 3.9 with the operator's verbs in force), listed by the official 2.x client; the operator's
 * extra verbs are accepted by the tools; compile takes an IR without meta and says what it filled.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, test } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { createSilpMcpServer } from "../src/index.js";

type Schema = Record<string, unknown>;
type CallResult = { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

async function connect(options: Parameters<typeof createSilpMcpServer>[0]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await (await createSilpMcpServer(options)).connect(serverSide);
  const client = new Client({ name: "silp-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("MCP tools: the IR schema and the operator's extra verbs", () => {
  let client: Client;
  let irSchemaOf: (tool: string) => Promise<Schema>;
  beforeAll(async () => {
    client = await connect({ whitelist: { extra: ["SHIP"] } });
    irSchemaOf = async (tool) => {
      const { tools } = await client.listTools();
      const found = tools.find((entry) => entry.name === tool);
      assert.ok(found, `no tool ${tool}`);
      return (found.inputSchema.properties as Record<string, Schema>).ir as Schema;
    };
  });
  afterAll(() => client.close());

  test("validate's ir is spec 3.9's schema, the intent an enum of the verbs in force", async () => {
    const ir = await irSchemaOf("validate");
    assert.deepEqual(ir.required, ["intent", "meta"]);
    assert.equal(ir.additionalProperties, false);
    const properties = ir.properties as Record<string, Schema>;
    assert.deepEqual(Object.keys(properties), ["silp", "version", "intent", "entities", "constraints", "alternatives", "meta"]);
    const intent = properties.intent as Schema;
    assert.ok((intent.enum as string[]).includes("!SHIP"));
    assert.ok((intent.enum as string[]).includes("!BOOK"));
    assert.equal((intent.enum as string[]).length, 14);
    assert.deepEqual((properties.meta as Schema).required, ["req_id"]);
  });

  test("compile's ir does not require meta (a lenient server generates the req_id)", async () => {
    const ir = await irSchemaOf("compile");
    assert.deepEqual(ir.required, ["intent"]);
    assert.deepEqual(((ir.properties as Record<string, Schema>).meta as Schema).required, []);
  });

  test("the listed schema is a working JSON Schema: Ajv accepts an IR with the extra verb, refuses an unknown one", async () => {
    const validate = new Ajv2020({ strict: false }).compile(await irSchemaOf("validate"));
    assert.equal(validate({ intent: "!SHIP", meta: { req_id: "a1b2c3d4" } }), true);
    assert.equal(validate({ intent: "!REFUND", meta: { req_id: "a1b2c3d4" } }), false);
  });

  test("compile with the extra verb and no meta: the payload, the generated req_id and a note", async () => {
    const result = (await client.callTool({ name: "compile", arguments: { ir: { intent: "!SHIP", entities: [{ id: "act", value: "box" }] } } })) as CallResult;
    assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
    assert.equal(result.structuredContent?.silp_payload, "ship(box)");
    const meta = result.structuredContent?.silp_meta as { req_id: string } | undefined;
    assert.ok(meta);
    const reqId = meta.req_id;
    assert.match(reqId, /^[a-f0-9]{8}$/);
    assert.ok((result.content ?? []).some((part) => part.text === `note: /meta was missing: generated req_id ${reqId}`));
  });

  test("a client asking for the strict whitelist still has the operator's extra verbs", async () => {
    const result = (await client.callTool({
      name: "validate",
      arguments: { ir: { intent: "!SHIP", meta: { req_id: "a1b2c3d4" } }, whitelist: "strict" },
    })) as CallResult;
    assert.equal(result.structuredContent?.valid, true);
    const refused = (await client.callTool({ name: "validate", arguments: { ir: { intent: "!PAY", meta: { req_id: "a1b2c3d4" } } } })) as CallResult;
    assert.equal(refused.structuredContent?.valid, false);
  });
});

describe("silpc mcp --extra-verbs (a real child process over stdio)", () => {
  test("the listed ir schema carries the extra verb and the tools accept it", async () => {
    const client = new Client({ name: "stdio-extra-verbs", version: "0.0.0" });
    const args = [CLI_BIN, "mcp", "--no-count-tokens", "--extra-verbs", "SHIP,PAY"];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: REPO_ROOT, stderr: "pipe" }));
    try {
      const validateTool = (await client.listTools()).tools.find((tool) => tool.name === "validate");
      assert.ok(validateTool);
      const ir = (validateTool.inputSchema.properties as Record<string, Schema>).ir as Schema;
      const intent = (ir.properties as Record<string, Schema>).intent as Schema;
      assert.ok((intent.enum as string[]).includes("!PAY"));
      const result = (await client.callTool({ name: "validate", arguments: { ir: { intent: "!PAY", meta: { req_id: "a1b2c3d4" } } } })) as CallResult;
      assert.equal(result.structuredContent?.valid, true);
    } finally {
      await client.close();
    }
  });
});
