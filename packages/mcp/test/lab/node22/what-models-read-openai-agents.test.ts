/**
 * What the OpenAI Agents SDK shows its model of a SILP tool result (docs/integrations.md, "What
 * each framework shows its model"), as lab/what-models-read.test.ts does for LangChain: the SDK's
 * real runner (`run`, OpenAIChatCompletionsModel) with MCPServerStdio (`silpc mcp`) and
 * MCPServerStreamableHttp (serveSilpMcpHttp on a loopback port), the model being
 * scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1, which records the tool message. A
 * content-only client round-trips every Appendix A IR with a full meta through the text alone. On
 * Node 22 (vitest.config.ts, project lab-node22): `@openai/agents` 0.20 depends on `openai` 7.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { Agent, MCPServerStdio, MCPServerStreamableHttp, OpenAIChatCompletionsModel, run, setTracingDisabled } from "@openai/agents";
import OpenAI from "openai";
import { decode, normalize, type SilpIR, type SilpIRInput } from "silp";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { assertReadsWhole } from "@silp/testkit/model-reads.js";
import { messageText, type ScriptedChatServer, oneToolCallScript, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { countTokens, loadTokenizers } from "@silp/tokens";
import { FULL_META_EXAMPLES } from "../../client-schema-fit.js";
import { stdio } from "../client-roundtrip-checks.js";

// Traces would be exported to OpenAI; nothing leaves this machine.
setTracingDisabled(true);

let http: RunningHttpServer;
let chat: ScriptedChatServer;
const scripted = oneToolCallScript();

beforeAll(async () => {
  http = await serveSilpMcpHttp({ port: 0, countTokens: false });
  chat = await scriptedChatServer(scripted.script);
});
afterAll(async () => {
  await chat.close();
  await http.close();
});

const OFF = { whitelist: "off" } as const;

for (const transport of ["stdio", "http"] as const) {
  describe(`OpenAI Agents run() + ${transport === "stdio" ? "MCPServerStdio" : "MCPServerStreamableHttp"}`, () => {
    let server: MCPServerStdio | MCPServerStreamableHttp;
    let agent: Agent;
    beforeAll(async () => {
      server =
        transport === "stdio"
          ? new MCPServerStdio({ name: "silp", command: stdio.command, args: stdio.args, cwd: stdio.cwd })
          : new MCPServerStreamableHttp({ name: "silp", url: http.url });
      await server.connect();
      const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "test-double-key", baseURL: chat.baseUrl, maxRetries: 0 }), "test-double");
      agent = new Agent({ name: "caller", instructions: "Call the tool.", model, mcpServers: [server] });
    });
    afterAll(async () => {
      await server.close();
    });

    /** One run in which the model calls `name`; the tool message as the model received it. */
    async function toolTheModelRead(name: string, args: Record<string, unknown>): Promise<string> {
      scripted.call(name, args);
      const from = chat.calls.length;
      await run(agent, `call ${name}`);
      const tool = chat.calls
        .slice(from)
        .flatMap((call) => call.body.messages)
        .find((message) => message.role === "tool");
      assert.ok(tool, `the SDK sent no tool message back after ${name}`);
      return messageText(tool);
    }

    test("content only: the compile text reads as the IR but the req_id; the decode text of it, as the IR whole", async () => {
      const [gpt4o] = await loadTokenizers(["gpt-4o"]);
      assert.ok(gpt4o, "the gpt-4o tokenizer loads");
      let tokens = 0;
      for (const example of FULL_META_EXAMPLES) {
        const expected = normalize(example.ir as SilpIRInput) as SilpIR;
        // The SDK hands its model the text block alone (useStructuredContent is off by default).
        const compiled = await toolTheModelRead("compile", { ir: example.ir });
        tokens += countTokens(gpt4o, compiled);
        const reqId = assertReadsWhole(compiled, "code", expected, `${example.id} compile`);
        assert.notEqual(reqId, expected.meta.req_id, "the req_id rides in structuredContent, which the model is not shown");
        const decoded = await toolTheModelRead("decode", { silp_encoding: "code", silp_payload: compiled });
        // One block: a full meta draws only warnings about the meta (session-id-length), which are the program's.
        const [payload, ...notes] = decoded.split("\n");
        assert.deepEqual(notes, []);
        assert.deepStrictEqual(decode(payload as string, "code", OFF).ir, { ...expected, meta: { ...expected.meta, req_id: reqId } }, example.id);
      }
      console.log(`gpt-4o tokens the model read of the compile tool, over ${FULL_META_EXAMPLES.length} examples (${transport}): ${tokens}`);
    });
  });
}

describe("OpenAI Agents run(): the decode tool's two blocks", () => {
  test("a repaired payload: the SDK joins the IR and the notes with nothing between, and the notes' own newline keeps them two lines", async () => {
    const server = new MCPServerStreamableHttp({ name: "silp", url: http.url });
    await server.connect();
    try {
      const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "test-double-key", baseURL: chat.baseUrl, maxRetries: 0 }), "test-double");
      const agent = new Agent({ name: "caller", instructions: "Call the tool.", model, mcpServers: [server] });
      scripted.call("decode", { silp_encoding: "code", silp_payload: "if !rain(t+1): start(hike) else start(cards)", silp_meta: { req_id: "0badc0de" } });
      const from = chat.calls.length;
      await run(agent, "call decode");
      const tool = chat.calls
        .slice(from)
        .flatMap((call) => call.body.messages)
        .find((message) => message.role === "tool");
      assert.equal(tool && messageText(tool), "if !rain(t+1): start(hike) else: start(cards) #{id=0badc0de}\nrepairs 1: else_without_colon@31");
    } finally {
      await server.close();
    }
  });
});
