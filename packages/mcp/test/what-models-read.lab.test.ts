/**
 * What a real agent framework shows its model of a SILP tool result (docs/integrations.md, "What
 * a model reads"), and whether that text alone carries the IR. LangChain's createAgent loop
 * (ChatOpenAI of @langchain/openai) calls the SILP server's tools through @langchain/mcp-adapters
 * over stdio and Streamable HTTP, from the default server and from one started with
 * `--no-structured-content`; the model is scriptedChatServer, the chat TEST DOUBLE on
 * 127.0.0.1, which records the tool message the framework sends back. A client that keeps only
 * that text (a "content-only" client) round-trips every Appendix A IR with a full meta: the
 * compile tool's text decodes to the IR but the req_id, and the decode tool's text, given that
 * text back, to the IR with the req_id the text derives. No real model runs here; a real run would
 * add only the model's own reading of the text, which the study measures, not the carriage.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { ChatOpenAI } from "@langchain/openai";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { decode, normalize, type SilpIR, type SilpIRInput } from "silp";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { assertReadsWhole } from "@silp/testkit/model-reads.js";
import { type ScriptedChatServer, oneToolCallScript, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { countTokens, loadTokenizers, type TextTokenizer } from "@silp/tokens";
import { FULL_META_EXAMPLES } from "./client-schema-fit.js";
import { stdio } from "./client-roundtrip-checks.lab.js";

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

/** What the model was sent as the tool message: the whole text it reads, and the payload inside it. */
interface ToolRead {
  whole: string;
  payload: string;
}

/** Runs one agent turn in which the model calls `name` with `args`; returns the tool message as the model received it. */
async function toolTheModelRead(agent: ReturnType<typeof createAgent>, name: string, args: Record<string, unknown>): Promise<ToolRead> {
  scripted.call(name, args);
  const from = chat.calls.length;
  await agent.invoke({ messages: [{ role: "user", content: `call ${name}` }] });
  const tool = chat.calls
    .slice(from)
    .flatMap((call) => call.body.messages)
    .find((message) => message.role === "tool");
  assert.ok(tool, `the framework sent no tool message back after ${name}`);
  const content: unknown = tool.content;
  if (Array.isArray(content)) {
    // Content parts, as the server's text blocks: the first is the payload, a second the decode notes.
    const texts = content.map((part) => (part as { text: string }).text);
    return { whole: texts.join("\n"), payload: texts[0] as string };
  }
  assert.equal(typeof content, "string");
  const text = content as string;
  // LangChain serializes a lone text block that has structuredContent beside it: the model reads that JSON.
  if (text.startsWith('{"type":"text"')) return { whole: text, payload: (JSON.parse(text) as { text: string }).text };
  return { whole: text, payload: text };
}

const OFF = { whitelist: "off" } as const;

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
          let tokens = 0;
          for (const example of FULL_META_EXAMPLES) {
            const expected = normalize(example.ir as SilpIRInput) as SilpIR;
            const compiled = await toolTheModelRead(agent, "compile", { ir: example.ir });
            tokens += countTokens(gpt4o, compiled.whole);
            const reqId = assertReadsWhole(compiled.payload, "code", expected, `${example.id} compile`);
            // On the default server the req_id rides in structuredContent; content only, the text carries it.
            assert.equal(reqId === expected.meta.req_id, !structured, `${example.id}: the req_id is in the text only without structuredContent`);
            // With structuredContent, LangChain shows the model the serialized block: the IR twice. Without, the text alone.
            assert.equal(compiled.whole === compiled.payload, !structured, `${example.id}: ${compiled.whole}`);
            // The caller keeps only what its model read and sends it on: the decode tool's text is the IR whole.
            const decoded = await toolTheModelRead(agent, "decode", { silp_encoding: "code", silp_payload: compiled.payload });
            const again = decode(decoded.payload, "code", OFF).ir;
            assert.deepStrictEqual(again, { ...expected, meta: { ...expected.meta, req_id: reqId } }, example.id);
          }
          readTokens.set(setup, tokens);
        });
      });
    }
  }
}
