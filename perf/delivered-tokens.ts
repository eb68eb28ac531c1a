/**
 * `npm run bench:tokens`: what a model reads of each carrier, and what each carrier puts on the
 * wire, in tokens on the six tokenizers, for the study's 27 cases (docs/tokens.md, "Delivered
 * tokens"). Every text comes from the carriers' own code with default options:
 *
 * - the offline texts of `silpc tokens --delivered` (packages/cli/src/delivered.ts);
 * - on the wire, captured from a real exchange: SilpPeer.send to a SILP A2A agent on 127.0.0.1
 *   (the JSON-RPC body the SDK client posts, and its message parts), and the MCP SDK client
 *   calling the SILP server's decode tool over the in-memory transport (each JSON-RPC message as
 *   the stdio transport frames it).
 *
 * - the same A2A exchange after the two sides agreed on x-evolved by content hash
 *   (docs/dialect-negotiation.md): the agent starts without the dialect and takes it from the
 *   peer's //ping, then reads every case in it.
 *
 * The A2A text part captured on the wire must equal the offline one, and every text a model reads
 * must read back as the IR but the req_id; the script fails otherwise.
 * `--json FILE` also writes the rows; `--tokenizers gpt-4o` counts with fewer tokenizers; `--readme`
 * writes the README's table of what a model reads (scripts/doc-figures.mjs), with all six.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { SILP_EXTENSION_URI, SilpPeer, startSilpAgent } from "@silp/a2a";
import { DialectHoldings, EVOLVED_DIALECT } from "@silp/dialects";
import { createSilpMcpServer, wrapSilpArguments } from "@silp/mcp";
import { loadTokenizers, parseTokenizerList, textTable } from "@silp/tokens";
import { APPROVED_VERBS, type SilpIRInput } from "silp";
import { type DeliveredText, deliveredTable, deliveredTexts, keptCell, renderDelivered } from "../packages/cli/src/delivered.js";
import { corpusCases } from "./datasets.js";
import { writeFigures } from "../scripts/doc-figures.mjs";

/** The README's rows: what every carrier hands a model, what a receiver hands its model, and the yardsticks. */
const README_ROWS: Record<string, string> = {
  compile_default: "`compile(ir)`: what SilpPeer (A2A), the MCP tools and the adapters hand a model",
  compact: "the compact payload alone (`inlineMeta: false`): no carrier sends it",
  ir_json: "the same IR as JSON",
  toon: "the same IR as TOON",
};

const { values } = parseArgs({ options: { json: { type: "string" }, tokenizers: { type: "string", default: "all" }, readme: { type: "boolean" } } });
const cases = corpusCases();
if (cases === undefined) throw new Error("the study's cases are not in data/study/cases");

interface WireTexts {
  a2aParts: string;
  a2aTextPart: string;
  a2aRequest: string;
  mcpRequest: string;
  mcpResponse: string;
}

/** The A2A request of one SilpPeer.send, as the SDK client posts it. */
async function a2aWire(peer: SilpPeer, ir: SilpIRInput): Promise<Pick<WireTexts, "a2aParts" | "a2aTextPart" | "a2aRequest">> {
  const original = globalThis.fetch;
  let body = "";
  globalThis.fetch = async (input, init) => {
    if (typeof init?.body === "string" && init.body.includes('"SendMessage"')) body = init.body;
    return original(input, init);
  };
  try {
    await peer.send(ir, { codec: { whitelist: "off" } });
  } finally {
    globalThis.fetch = original;
  }
  const parts = (JSON.parse(body) as { params: { message: { parts: { text?: string; metadata?: Record<string, unknown> }[] } } }).params.message.parts;
  const text = parts.map((part) => part.text ?? "").join("");
  assert.ok(parts.every((part) => part.metadata === undefined || Object.keys(part.metadata).every((key) => key === SILP_EXTENSION_URI)));
  return { a2aParts: JSON.stringify(parts), a2aTextPart: text, a2aRequest: body };
}

/** One tools/call of the SILP server's decode tool with the IR's wrapper fields, both messages as framed on stdio. */
async function mcpWire(client: Client, sent: unknown[], ir: SilpIRInput): Promise<Pick<WireTexts, "mcpRequest" | "mcpResponse">> {
  const from = sent.length;
  await client.callTool({ name: "decode", arguments: { ...wrapSilpArguments(ir, {}, { whitelist: "off" }) } });
  const [request, response] = sent.slice(from);
  return { mcpRequest: `${JSON.stringify(request)}\n`, mcpResponse: `${JSON.stringify(response)}\n` };
}

async function main(): Promise<void> {
  const verbs = Object.fromEntries(APPROVED_VERBS.map((verb) => [verb.code, () => "ok"]));
  const agent = await startSilpAgent({ name: "measured", handlers: verbs, whitelist: "off" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent: unknown[] = [];
  for (const side of [clientSide, serverSide]) {
    const send = side.send.bind(side);
    side.send = async (message, options) => {
      sent.push(message);
      return send(message, options);
    };
  }
  const server = await createSilpMcpServer({ whitelist: "off", countTokens: false });
  await server.connect(serverSide);
  const client = new Client({ name: "silp-bench", version: "0.0.0" });
  await client.connect(clientSide);
  const peer = await SilpPeer.connect(agent.url);
  // A second agent that starts without any dialect and takes one by hash from the peer's //ping.
  const learner = await startSilpAgent({ name: "learner", handlers: verbs, whitelist: "off", dialects: new DialectHoldings({ accept: "any" }) });
  const held = new DialectHoldings();
  held.hold(EVOLVED_DIALECT);
  const dialectPeer = await SilpPeer.connect(learner.url, { frontends: ["code", "json"], dialects: held, codec: { whitelist: "off" } });
  const negotiated = await dialectPeer.ping();
  assert.equal(negotiated.agreement.frontend, "x-evolved", "the agent took x-evolved by hash");
  const sets: DeliveredText[][] = [];
  try {
    for (const ir of cases as SilpIRInput[]) {
      const offline = await deliveredTexts(ir);
      const wire = { ...(await a2aWire(peer, ir)), ...(await mcpWire(client, sent, ir)) };
      const offlineText = offline.find((entry) => entry.label === "a2a_text_part")?.text;
      assert.equal(wire.a2aTextPart, offlineText, "the A2A text part on the wire is the offline one");
      const dialect = await a2aWire(dialectPeer, ir);
      sets.push([
        ...offline,
        { label: "a2a_wire_parts", description: "on the wire: the message parts SilpPeer.send posts, as JSON", kind: "wire", text: wire.a2aParts },
        { label: "a2a_wire_request", description: "on the wire: the whole A2A JSON-RPC SendMessage body", kind: "wire", text: wire.a2aRequest },
        {
          label: "a2a_text_part_x_evolved",
          description: "what the model reads after the peers agreed on x-evolved by hash: the text part",
          kind: "wire",
          text: dialect.a2aTextPart,
        },
        {
          label: "a2a_wire_request_x_evolved",
          description: "on the wire, in x-evolved: the whole A2A JSON-RPC SendMessage body",
          kind: "wire",
          text: dialect.a2aRequest,
        },
        {
          label: "mcp_wire_request",
          description: "on the wire: the MCP tools/call request (JSON-RPC, as stdio frames it)",
          kind: "wire",
          text: wire.mcpRequest,
        },
        {
          label: "mcp_wire_response",
          description: "on the wire: the MCP tools/call response (text content and structuredContent)",
          kind: "wire",
          text: wire.mcpResponse,
        },
      ]);
    }
  } finally {
    await client.close();
    await agent.close();
    await learner.close();
  }
  const tokenizers = await loadTokenizers(parseTokenizerList(values.tokenizers ?? "all"));
  const rows = deliveredTable(sets, tokenizers);
  const names = tokenizers.map((tokenizer) => tokenizer.name);
  console.log(`Delivered tokens, mean over the study's ${sets.length} cases (ratios to the compact code payload)\n`);
  console.log(renderDelivered(rows, names, textTable));
  // The rule every model-facing text keeps (docs/integrations.md, "What a model reads"): the script fails on a text that loses meta.
  const lossy = rows.filter((row) => row.kind === "model" && (row.kept === undefined || row.kept.no > 0));
  assert.deepEqual(
    lossy.map((row) => row.label),
    [],
    "every text a model reads decodes by itself to the IR but the req_id",
  );
  if (values.readme) {
    if (names.length !== 6) throw new Error("--readme counts with all six tokenizers");
    const table = [
      `| what a model reads (the study's ${sets.length} cases) | six-tokenizer mean | ${names[0]} | x compact | reads back as |`,
      "| --- | ---: | ---: | ---: | --- |",
      ...Object.entries(README_ROWS).map(([label, what]) => {
        const row = rows.find((candidate) => candidate.label === label);
        if (row === undefined) throw new Error(`no delivered row ${label}`);
        return `| ${what} | ${row.mean.toFixed(1)} | ${(row.tokens[0] as number).toFixed(1)} | ${row.meanRatio.toFixed(2)} | ${keptCell(row.kept)} |`;
      }),
    ];
    writeFigures(fileURLToPath(new URL("../README.md", import.meta.url)), "tokens", table.join("\n"), "npm run bench:tokens -- --readme");
    console.log("\nREADME.md: the tokens table replaced");
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ tokenizers: names, cases: sets.length, rows }, null, 2)}\n`);
}

await main();
