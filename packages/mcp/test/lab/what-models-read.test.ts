/**
 * What a real agent framework shows its model of a SILP tool result (docs/integrations.md, "What
 * each framework shows its model"), and whether that alone carries the IR. Three agent loops call
 * the SILP server's tools, each over stdio and Streamable HTTP, against the default server and one
 * started with `--no-structured-content`: LangChain's createAgent (ChatOpenAI,
 * @langchain/mcp-adapters), Mastra 0.14's Agent (@mastra/mcp's MCPClient) and the AI SDK's
 * generateText (@ai-sdk/mcp's createMCPClient, @ai-sdk/openai-compatible). The model is
 * scriptedChatServer, the chat TEST DOUBLE on 127.0.0.1, which records the tool message each
 * framework sends back. A client that keeps only what its model read round-trips every Appendix A
 * IR with a full meta: the compile result reads as the IR (its req_id where the model was shown
 * it), and sent back to the decode tool, the result reads as the IR with that req_id. No real
 * model runs here; a real run would add only the model's own reading of the text, which the
 * study measures, not the carriage.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { ChatOpenAI } from "@langchain/openai";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { Agent } from "@mastra/core/agent";
import { MCPClient } from "@mastra/mcp";
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, stepCountIs } from "ai";
import { compile, decode, fromEnvelope, normalize, type SilpIR, type SilpIRInput } from "silp";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { assertReadsWhole } from "@silp/testkit/model-reads.js";
import { type ScriptedChatServer, oneToolCallScript, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { countTokens, loadTokenizers, type TextTokenizer } from "@silp/tokens";
import { FULL_META_EXAMPLES } from "../client-schema-fit.js";
import { stdio } from "./client-roundtrip-checks.js";

const OFF = { whitelist: "off" } as const;
let http: RunningHttpServer;
let textOnlyHttp: RunningHttpServer;
let chat: ScriptedChatServer;
let gpt4o: TextTokenizer;
/** The scripted model: the next tool call it makes; after its result comes back, it says "done". */
const scripted = oneToolCallScript();
/** gpt-4o tokens of what the model read of the compile tool, summed over the examples, per setup; printed at the end. */
const readTokens = new Map<string, number>();

beforeAll(async () => {
  http = await serveSilpMcpHttp({ port: 0, countTokens: false });
  textOnlyHttp = await serveSilpMcpHttp({ port: 0, countTokens: false, structuredContent: false });
  const [loaded] = await loadTokenizers(["gpt-4o"]);
  assert.ok(loaded, "the gpt-4o tokenizer loads");
  gpt4o = loaded;
  chat = await scriptedChatServer(scripted.script);
});
afterAll(async () => {
  console.log(`gpt-4o tokens the model read of the compile tool, over ${FULL_META_EXAMPLES.length} examples:`);
  for (const [setup, tokens] of readTokens) console.log(`  ${setup}: ${tokens}`);
  await chat.close();
  await http.close();
  await textOnlyHttp.close();
});

/** What the model was sent as the tool message: the whole text it reads, and the SILP text inside it. */
interface ToolRead {
  whole: string;
  /** The payload the text holds, or, where the framework showed the model JSON, that JSON's IR as a code payload with its req_id. */
  payload: string;
}

/** Runs one agent turn (`invoke`) in which the model calls `name` with `args`; returns the tool message as the model received it. */
async function toolTheModelRead(invoke: (prompt: string) => Promise<unknown>, name: string, args: Record<string, unknown>): Promise<ToolRead> {
  scripted.call(name, args);
  const from = chat.calls.length;
  await invoke(`call ${name}`);
  const tool = chat.calls
    .slice(from)
    .flatMap((call) => call.body.messages)
    .find((message) => message.role === "tool");
  assert.ok(tool, `the framework sent no tool message back after ${name}`);
  const content: unknown = tool.content;
  if (Array.isArray(content)) {
    // Content parts, as the server's text blocks: the first is the payload, a second the decode notes.
    const texts = content.map((part) => (part as { text: string }).text);
    return { whole: texts.join(""), payload: texts[0] as string };
  }
  assert.equal(typeof content, "string");
  const text = content as string;
  // The AI SDK hands its model the content blocks as a JSON array.
  if (text.startsWith('[{"type":"text"')) return { whole: text, payload: (JSON.parse(text) as { text: string }[])[0]?.text as string };
  // LangChain serializes a lone text block that has structuredContent beside it: the model reads that JSON.
  if (text.startsWith('{"type":"text"')) return { whole: text, payload: (JSON.parse(text) as { text: string }).text };
  // Mastra hands its model the tool's output as JSON: structuredContent (an envelope, or the decoded IR and the findings).
  const json = parsedObject(text);
  if (json !== undefined && typeof json.silp_payload === "string")
    return { whole: text, payload: compile(fromEnvelope(json, OFF).ir, "code", { ...OFF, inlineMeta: true }) };
  if (json !== undefined && json.ir !== undefined) return { whole: text, payload: compile(json.ir as SilpIRInput, "code", { ...OFF, inlineMeta: true }) };
  // Without structuredContent, Mastra shows the whole tool result as JSON: its content blocks.
  if (json !== undefined && Array.isArray(json.content)) return { whole: text, payload: (json.content[0] as { text: string }).text };
  return { whole: text, payload: text.split("\n")[0] as string };
}

/** The text as a JSON object, or undefined when it is not one. */
function parsedObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Over the Appendix A examples: the compile tool's text as the model read it reads as the IR (the
 * req_id where the model is shown it); sent back to the decode tool, its text reads as the IR with
 * that req_id. Returns the gpt-4o tokens of the compile results the model read.
 */
async function roundTripThroughTheText(
  invoke: (prompt: string) => Promise<unknown>,
  toolName: (name: string) => string,
): Promise<{ tokens: number; reqIdShown: boolean[] }> {
  let tokens = 0;
  const reqIdShown: boolean[] = [];
  for (const example of FULL_META_EXAMPLES) {
    const expected = normalize(example.ir as SilpIRInput) as SilpIR;
    const compiled = await toolTheModelRead(invoke, toolName("compile"), { ir: example.ir });
    tokens += countTokens(gpt4o, compiled.whole);
    const reqId = assertReadsWhole(compiled.payload, "code", expected, `${example.id} compile`);
    reqIdShown.push(reqId === expected.meta.req_id);
    // The caller keeps only what its model read and sends it on: the decode tool's text is the IR whole.
    const decoded = await toolTheModelRead(invoke, toolName("decode"), { silp_encoding: "code", silp_payload: compiled.payload });
    const again = decode(decoded.payload, "code", OFF).ir;
    assert.deepStrictEqual(again, { ...expected, meta: { ...expected.meta, req_id: reqId } }, example.id);
  }
  return { tokens, reqIdShown };
}

for (const structured of [true, false]) {
  for (const standard of [false, true]) {
    for (const transport of ["stdio", "http"] as const) {
      const setup = `${structured ? "default server" : "--no-structured-content"}, ${transport}, useStandardContentBlocks ${standard}`;
      describe(`LangChain createAgent + @langchain/mcp-adapters: ${setup}`, () => {
        let client: MultiServerMCPClient;
        let agent: ReturnType<typeof createAgent>;
        beforeAll(async () => {
          const spawn = structured ? stdio : { ...stdio, args: [...stdio.args, "--no-structured-content"] };
          const url = (structured ? http : textOnlyHttp).url;
          client = new MultiServerMCPClient({
            mcpServers: { silp: transport === "stdio" ? { transport: "stdio", ...spawn, stderr: "pipe" } : { transport: "http", url } },
            useStandardContentBlocks: standard,
          });
          const tools = await client.getTools();
          const model = new ChatOpenAI({ model: "test-double", apiKey: "test-double-key", configuration: { baseURL: chat.baseUrl }, maxRetries: 0 });
          agent = createAgent({ model, tools });
        });
        afterAll(async () => {
          await client.close();
        });

        test("content only: the compile text reads as the IR (but the req_id, on the default server); the decode text of it, as the IR whole", async () => {
          const invoke = (prompt: string) => agent.invoke({ messages: [{ role: "user", content: prompt }] });
          const { tokens, reqIdShown } = await roundTripThroughTheText(invoke, (name) => name);
          // On the default server the req_id rides in structuredContent, which LangChain serializes beside the text.
          assert.deepEqual(
            reqIdShown,
            FULL_META_EXAMPLES.map(() => !structured),
          );
          readTokens.set(`LangChain, ${setup}`, tokens);
        });
      });
    }
  }
}

for (const structured of [true, false]) {
  for (const transport of ["stdio", "http"] as const) {
    const setup = `${structured ? "default server" : "--no-structured-content"}, ${transport}`;
    describe(`Mastra 0.14 Agent + @mastra/mcp MCPClient (@mastra/core 0.24): ${setup}`, () => {
      let client: MCPClient;
      let agent: Agent;
      beforeAll(async () => {
        const spawn = structured ? stdio : { ...stdio, args: [...stdio.args, "--no-structured-content"] };
        const url = (structured ? http : textOnlyHttp).url;
        client = new MCPClient({ id: `silp-read-${structured}-${transport}`, servers: { silp: transport === "stdio" ? spawn : { url: new URL(url) } } });
        const model = { id: "double/test-double" as `${string}/${string}`, url: chat.baseUrl, apiKey: "test-double-key" };
        agent = new Agent({ name: "caller", instructions: "Call the tool.", model, tools: await client.getTools() });
      });
      afterAll(async () => {
        await client.disconnect();
      });

      test("content only: what the model reads of compile reads as the IR; the decode text of it, as the IR whole", async () => {
        const { tokens, reqIdShown } = await roundTripThroughTheText(
          (prompt) => agent.generate(prompt),
          (name) => `silp_${name}`,
        );
        // Mastra shows its model structuredContent as JSON when there is one (the envelope, req_id included),
        // else the whole result as JSON; either way the req_id is shown.
        assert.deepEqual(
          reqIdShown,
          FULL_META_EXAMPLES.map(() => true),
        );
        readTokens.set(`Mastra 0.14, ${setup}`, tokens);
      });
    });
  }
}

for (const structured of [true, false]) {
  for (const transport of ["stdio", "http"] as const) {
    const setup = `${structured ? "default server" : "--no-structured-content"}, ${transport}`;
    describe(`AI SDK 6 generateText + @ai-sdk/mcp createMCPClient: ${setup}`, () => {
      let client: Awaited<ReturnType<typeof createMCPClient>>;
      let tools: Awaited<ReturnType<typeof client.tools>>;
      beforeAll(async () => {
        const spawn = structured ? stdio : { ...stdio, args: [...stdio.args, "--no-structured-content"] };
        const url = (structured ? http : textOnlyHttp).url;
        client = await createMCPClient({ transport: transport === "stdio" ? new StdioMCPTransport({ ...spawn, stderr: "pipe" }) : { type: "http", url } });
        tools = await client.tools();
      });
      afterAll(async () => {
        await client.close();
      });

      test("content only: what the model reads of compile reads as the IR; the decode text of it, as the IR whole", async () => {
        const model = createOpenAICompatible({ name: "double", baseURL: chat.baseUrl, apiKey: "test-double-key" })("test-double");
        const { tokens, reqIdShown } = await roundTripThroughTheText(
          (prompt) => generateText({ model, tools, prompt, stopWhen: stepCountIs(2) }),
          (name) => name,
        );
        // The AI SDK shows its model the content blocks only: the req_id is there only when the text carries it.
        assert.deepEqual(
          reqIdShown,
          FULL_META_EXAMPLES.map(() => !structured),
        );
        readTokens.set(`AI SDK, ${setup}`, tokens);
      });
    });
  }
}
