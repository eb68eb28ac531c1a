/**
 * The end-to-end checks every real client passes against the SILP MCP server (stdio: `silpc mcp`;
 * HTTP: serveSilpMcpHttp on a loopback port), and how each client calls a tool.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import type { MCPClient } from "@mastra/mcp";
import { normalize } from "silp";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { FULL_META, FULL_META_EXAMPLES, JSON_PING, TEXT_PING } from "../client-schema-fit.js";

export type Args = Record<string, unknown>;
/** Calls one SILP tool through a client's own tool object and returns its structuredContent. */
export type CallTool = (name: string, args: Args) => Promise<Args>;

export const stdio = { command: process.execPath, args: [CLI_BIN, "mcp", "--no-count-tokens"], cwd: REPO_ROOT };
/** What this server answers to TEXT_PING and JSON_PING (its frontends in its own order of preference). */
const PONG_LINE = "//pong silp=v1 frontends=code,json prefer=code";

/** The checks every client and transport must pass, given how that client calls a tool. */
export function roundTripChecks(call: () => CallTool): void {
  for (const example of FULL_META_EXAMPLES) {
    test(`${example.id}: compile then decode gives the same IR, every meta key kept`, async () => {
      const envelope = await call()("compile", { ir: example.ir });
      assert.equal(envelope.silp_encoding, "code");
      const meta = envelope.silp_meta as Args;
      for (const [key, value] of Object.entries(FULL_META)) assert.deepEqual(meta[key], value, `silp_meta.${key} after compile`);
      const decoded = await call()("decode", envelope);
      assert.deepEqual(decoded.ir, normalize(example.ir));
    });
  }

  test("negotiate: the text ping and the JSON ping reach the server and get the same pong", async () => {
    const text = await call()("negotiate", { ping: TEXT_PING });
    const json = await call()("negotiate", { ping: JSON_PING });
    assert.equal(text.pong_line, PONG_LINE);
    assert.deepEqual(json, text);
  });

  test("validate sees an IR whose meta has keys the schema does not name, and returns them in the normal form", async () => {
    const ir = FULL_META_EXAMPLES[0]?.ir as unknown as Args;
    const result = await call()("validate", { ir });
    assert.equal(result.valid, true);
    assert.deepEqual((result.ir as { meta: Args }).meta.x_trace, FULL_META.x_trace);
  });
}

/** Mastra: a tool's execute takes `{context}` and returns the structuredContent. */
export async function mastraCaller(client: MCPClient): Promise<CallTool> {
  const tools = (await client.getTools()) as Record<string, { execute?: (input: { context: Args }) => Promise<unknown> }>;
  assert.deepEqual(Object.keys(tools).sort(), ["silp_compile", "silp_decode", "silp_negotiate", "silp_validate"]);
  return async (name, args) => {
    const result = (await tools[`silp_${name}`]?.execute?.({ context: args })) as Args;
    assert.notEqual(result?.error, true, `${name}: ${String(result?.message)}`);
    return result;
  };
}

/**
 * Mastra 0.14's MCPClient (the class given, as loaded by the test file) over stdio and HTTP;
 * `zodMajor` is the zod line its converted tool schemas must be (a zod 4 schema has `_zod`).
 */
export function mastraSuite(label: string, Client: typeof MCPClient, httpUrl: () => string, zodMajor: 3 | 4): void {
  describe(label, () => {
    for (const transport of ["stdio", "http"] as const) {
      describe(transport, () => {
        let client: MCPClient;
        let call: CallTool;
        beforeAll(async () => {
          client = new Client({
            id: `silp-${transport}`,
            servers: { silp: transport === "stdio" ? stdio : { url: new URL(httpUrl()) } },
          });
          call = await mastraCaller(client);
        });
        afterAll(async () => {
          await client.disconnect();
        });
        test(`the converted tool schemas are zod ${zodMajor} objects (which of Mastra's two converters ran)`, async () => {
          const tools = (await client.getTools()) as Record<string, { inputSchema: Record<string, unknown> }>;
          const schema = tools.silp_decode?.inputSchema ?? {};
          assert.equal("_zod" in schema, zodMajor === 4);
          assert.equal((schema._def as { typeName?: string }).typeName, zodMajor === 3 ? "ZodObject" : undefined);
        });

        roundTripChecks(() => call);

        test("an IR with a verb outside the published enum comes back as Mastra's validation error, not the server's invalid_ir", async () => {
          const tools = (await client.getTools()) as Record<string, { execute?: (input: { context: Args }) => Promise<unknown> }>;
          const ir = { intent: "!DANCE", entities: [{ id: "act", value: "tango" }], meta: { req_id: "a1b2c3d4" } };
          const result = (await tools.silp_validate?.execute?.({ context: { ir } })) as { error?: boolean; message?: string };
          assert.equal(result.error, true);
          assert.match(String(result.message), /^Tool validation failed for silp_validate/);
        });
      });
    }
  });
}
