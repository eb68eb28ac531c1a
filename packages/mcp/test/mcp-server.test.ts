/**
 * The SILP MCP server driven by the official SDK clients: the 2.x Client over the in-memory
 * transport, and both the 2.x and the 1.x Client over Streamable HTTP on a loopback port.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { request } from "node:http";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readFileSync } from "node:fs";
import { compile, decode, normalize } from "silp";
import { appendixExample } from "silp/examples";
import { SILP_MCP_EXTENSION_ID, createSilpMcpServer, readSilpToolResult, registerSilpTools, serveSilpMcpHttp, type RunningHttpServer } from "../src/index.js";

const a1 = appendixExample("A.1").ir;
const a2 = appendixExample("A.2").ir;
/** The envelope's payload is compact: its meta travels beside it, in silp_meta. */
const COMPACT = { inlineMeta: false } as const;

/** The SILP entry in capabilities.extensions of a server without count_tokens: what negotiate answers with, and the tools. */
const SILP_EXTENSION_ENTRY_WITHOUT_COUNT = { silp: ["v1"], frontends: ["code", "json"], prefer: "code", tools: ["validate", "compile", "decode", "negotiate"] };

type CallResult = { isError?: boolean; content?: unknown; structuredContent?: Record<string, unknown> };

async function connectInMemory(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "silp-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

function errorCode(result: CallResult): string | undefined {
  return (result.structuredContent?.error as { code?: string } | undefined)?.code;
}

describe("MCP server over the in-memory transport (2.x Client)", () => {
  let client: Client;
  let call: (name: string, args: Record<string, unknown>) => Promise<CallResult>;

  beforeAll(async () => {
    client = await connectInMemory(await createSilpMcpServer());
    call = async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult;
  });
  afterAll(() => client.close());

  test("declares SILP in capabilities.extensions (MCP 2026-07-28), with the tools it lists", () => {
    assert.deepEqual(client.getServerCapabilities()?.extensions, {
      [SILP_MCP_EXTENSION_ID]: { ...SILP_EXTENSION_ENTRY_WITHOUT_COUNT, tools: [...SILP_EXTENSION_ENTRY_WITHOUT_COUNT.tools, "count_tokens"] },
    });
    assert.equal(SILP_MCP_EXTENSION_ID, "dev.silp/silp");
  });

  test("lists the tools, each with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ["validate", "compile", "decode", "negotiate", "count_tokens"],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    }
  });

  test("compile returns the envelope; decode takes it back as -02 wrapper arguments", async () => {
    const compiled = await call("compile", { ir: a2 });
    assert.equal(compiled.isError, undefined);
    const envelope = compiled.structuredContent as Record<string, unknown>;
    assert.equal(envelope.silp_payload, compile(a2, "code", COMPACT));
    // The text a model reads carries what differs from the defaults (A.2's out: "code"); the
    // envelope in structuredContent holds the compact payload, the req_id and the same meta.
    assert.deepEqual(compiled.content, [{ type: "text", text: `${compile(a2, "code", COMPACT)} #{out=code}` }]);
    assert.deepEqual(envelope.silp_meta, { req_id: "e5f6a7b8", out: "code" });
    assert.equal(envelope.silp, undefined, "the default protocol version is left out");

    const decoded = await call("decode", envelope);
    assert.equal(decoded.isError, undefined);
    assert.deepEqual(decoded.structuredContent?.ir, normalize(a2));
    assert.deepEqual(readSilpToolResult(decoded), normalize(a2));
    // The decode tool's text is the decoded IR whole, req_id included.
    assert.deepEqual(decoded.content, [{ type: "text", text: `${compile(a2, "code", COMPACT)} #{id=e5f6a7b8 out=code}` }]);
    assert.deepEqual(readSilpToolResult({ content: decoded.content }), normalize(a2));
  });

  test("compile to json and every other frontend the server lists", async () => {
    const json = await call("compile", { ir: a1, frontend: "json" });
    assert.equal((json.structuredContent as { silp_payload: string }).silp_payload, compile(a1, "json", COMPACT));
    const natural = await call("compile", { ir: a1, frontend: "natural" });
    assert.equal((natural.structuredContent as { silp_payload: string }).silp_payload, compile(a1, "natural"));
    const inline = await call("compile", { ir: a1, inline_meta: true });
    assert.match((inline.structuredContent as { silp_payload: string }).silp_payload, / #\{id=a1b2c3d4 out=code\}$/);
  });

  test("decode repairs lenient input and lists each repair with its offset", async () => {
    const result = await call("decode", { silp_encoding: "code", silp_payload: "if !rain(t+1): start(hike) else start(cards@indoor)" });
    const repairs = result.structuredContent?.repairs as { kind: string; offset: number }[];
    assert.deepEqual(
      repairs.map((r) => r.kind),
      ["else_without_colon"],
    );
    assert.equal(typeof repairs[0]?.offset, "number");
    const strict = await call("decode", { silp_encoding: "code", silp_payload: "if !rain(t+1): start(hike) else start(cards@indoor)", strict: true });
    assert.equal(strict.isError, true);
    assert.equal(errorCode(strict), "invalid_syntax");
  });

  test("SILP errors are tool results with isError and the code, with positions", async () => {
    const syntax = await call("decode", { silp_encoding: "code", silp_payload: "if !rain(t+1: start(hike)" });
    assert.equal(syntax.isError, true);
    assert.deepEqual(
      { code: errorCode(syntax), line: (syntax.structuredContent?.error as { line: number } | undefined)?.line },
      { code: "invalid_syntax", line: 1 },
    );
    const whitelist = await call("compile", { ir: { intent: "!DELETE", entities: [{ id: "act", value: "db" }], meta: { req_id: "0badc0de" } } });
    assert.equal(errorCode(whitelist), "invalid_ir");
    const issues = (whitelist.structuredContent!.error as { details: { issues: { rule: string }[] } }).details.issues;
    assert.ok(issues.some((issue) => issue.rule === "verb-whitelist"));
    const unknownFrontend = await call("decode", { silp_encoding: "yaml", silp_payload: "x" });
    assert.equal(errorCode(unknownFrontend), "unsupported_frontend");
    const version = await call("decode", { silp_encoding: "code", silp_payload: "start(x)", silp: "v7" });
    assert.equal(errorCode(version), "unsupported_version");
    const huge = await call("decode", { silp_encoding: "code", silp_payload: `start(${"y".repeat(2 * 1024 * 1024 + 1)})` });
    assert.equal(errorCode(huge), "limit_exceeded");
  });

  test("the whitelist mode is a per-call argument, up to the operator's mode (strict by default)", async () => {
    const ir = { intent: "!DELETE", entities: [{ id: "act", value: "db" }], meta: { req_id: "0badc0de" } };
    const advisory = await call("compile", { ir, whitelist: "advisory" });
    assert.deepEqual([advisory.isError, errorCode(advisory)], [true, "invalid_options"]);
    const lax = await connectInMemory(await createSilpMcpServer({ countTokens: false, whitelist: "advisory" }));
    try {
      const allowed = (await lax.callTool({ name: "compile", arguments: { ir, whitelist: "advisory" } })) as CallResult;
      assert.equal((allowed.structuredContent as { silp_payload: string }).silp_payload, "delete(db)");
    } finally {
      await lax.close();
    }
  });

  test("validate reports an invalid IR as data, not as a tool error", async () => {
    const bad = await call("validate", { ir: { intent: "cancel", meta: {} } });
    assert.equal(bad.isError, undefined);
    assert.equal(bad.structuredContent?.valid, false);
    const paths = (bad.structuredContent!.issues as { path: string }[]).map((issue) => issue.path);
    assert.ok(paths.includes("/intent"));
    const good = await call("validate", { ir: a1 });
    assert.deepEqual({ valid: good.structuredContent?.valid, ir: good.structuredContent?.ir }, { valid: true, ir: normalize(a1) });
  });

  test("negotiate answers a //ping in both forms; no common frontend is negotiation_failed with the pong", async () => {
    const text = await call("negotiate", { ping: "//ping silp=v1 frontends=json,code,natural" });
    assert.deepEqual(text.content, [{ type: "text", text: "//pong silp=v1 frontends=code,json prefer=code" }]);
    const json = await call("negotiate", { ping: { silp_ping: { silp: ["v1"], frontends: ["json", "natural"] } } });
    assert.equal((json.structuredContent?.agreement as { frontend: string } | undefined)?.frontend, "json");
    const none = await call("negotiate", { ping: "//ping silp=v1 frontends=natural" });
    assert.equal(errorCode(none), "negotiation_failed");
    assert.equal(none.structuredContent?.pong_line, "//pong silp=v1 frontends=code,json");
    const malformed = await call("negotiate", { ping: "//ping silp=v1 frontends=code,,json" });
    assert.equal(errorCode(malformed), "invalid_syntax");
    assert.equal(typeof (malformed.structuredContent?.error as { offset: number } | undefined)?.offset, "number");
    const pong = await call("negotiate", { ping: "//pong silp=v1 frontends=code prefer=code" });
    assert.equal(errorCode(pong), "invalid_syntax");
  });

  test("arguments outside the input schema are refused without a crash, and the server keeps serving", async () => {
    const result = await call("decode", { silp_encoding: "code", silp_payload: 5 });
    assert.equal(result.isError, true);
    const next = await call("validate", { ir: a1 });
    assert.equal(next.structuredContent?.valid, true);
  });
});

describe("what the server offers to read: the IR schema and the code grammar as resources, the SILP prompts", () => {
  let client: Client;
  let refund: Client;
  beforeAll(async () => {
    client = await connectInMemory(await createSilpMcpServer({ countTokens: false }));
    refund = await connectInMemory(await createSilpMcpServer({ countTokens: false, whitelist: { mode: "strict", extra: ["!REFUND"] } }));
  });
  afterAll(async () => {
    await client.close();
    await refund.close();
  });
  const read = async (on: Client, uri: string) => {
    const { contents } = await on.readResource({ uri });
    assert.equal(contents.length, 1);
    return contents[0] as { uri: string; mimeType: string; text: string };
  };

  test("declares resources and prompts without change notifications or subscriptions, and lists three resources", async () => {
    const capabilities = client.getServerCapabilities();
    assert.deepEqual([capabilities?.resources, capabilities?.prompts], [{ listChanged: false }, { listChanged: false }]);
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((resource) => [resource.uri, resource.mimeType]),
      [
        ["silp://schema/ir", "application/schema+json"],
        ["silp://grammar/code.lark", "text/plain"],
        ["silp://grammar/code.gbnf", "text/plain"],
      ],
    );
  });

  test("the schema resource is the spec's JSON Schema, byte for byte what silp ships", async () => {
    const schema = await read(client, "silp://schema/ir");
    const shipped = JSON.parse(readFileSync(new URL("../../silp/src/ir/silp-ir.schema.json", import.meta.url), "utf8"));
    assert.deepEqual(JSON.parse(schema.text), shipped);
    assert.equal(schema.uri, "silp://schema/ir");
  });

  test("the grammar resources name the server's verbs: an extra verb is in them only on a server that accepts it", async () => {
    for (const uri of ["silp://grammar/code.lark", "silp://grammar/code.gbnf"]) {
      const plain = (await read(client, uri)).text;
      const withRefund = (await read(refund, uri)).text;
      assert.match(plain, /cancel\(/, uri);
      assert.doesNotMatch(plain, /refund/i, uri);
      assert.match(withRefund, /refund\(/, uri);
    }
    await assert.rejects(client.readResource({ uri: "silp://grammar/json.lark" }), /not found/i);
  });

  test("the prompts teach writing and reading, in code or json; their example payloads decode", async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required ?? false])]),
      [
        ["silp-write", [["frontend", false]]],
        ["silp-read", [["frontend", false]]],
      ],
    );
    for (const name of ["silp-write", "silp-read"]) {
      for (const frontend of ["code", "json"] as const) {
        const { messages } = await client.getPrompt({ name, arguments: { frontend } });
        assert.equal(messages.length, 1);
        const text = (messages[0] as { content: { type: string; text: string } }).content.text;
        const examples = text.split("\n").filter((line) => line.startsWith("SILP: "));
        assert.ok(examples.length >= 2, `${name} ${frontend}: ${examples.length} examples`);
        for (const line of examples) assert.doesNotThrow(() => decode(line.slice("SILP: ".length), frontend), `${name} ${frontend}: ${line}`);
        if (frontend === "json") assert.ok(examples.every((line) => line.startsWith("SILP: {")));
      }
    }
    const byDefault = await client.getPrompt({ name: "silp-write" });
    const code = await client.getPrompt({ name: "silp-write", arguments: { frontend: "code" } });
    assert.deepEqual(byDefault.messages, code.messages, "code is the default");
    await assert.rejects(client.getPrompt({ name: "silp-write", arguments: { frontend: "xml" } }));
  });
});

describe("registerSilpTools on an existing server", () => {
  test("adds the SILP tools next to the host's own tool; count_tokens only with the tokens module", async () => {
    const server = new McpServer({ name: "host", version: "1.0.0" });
    server.registerTool("ping_host", { description: "the host's own tool" }, async () => ({ content: [{ type: "text", text: "pong" }] }));
    assert.deepEqual(registerSilpTools(server), ["validate", "compile", "decode", "negotiate"]);
    const client = await connectInMemory(server);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
      assert.deepEqual(names, ["compile", "decode", "negotiate", "ping_host", "validate"]);
    } finally {
      await client.close();
    }
  });
});

describe("MCP server over Streamable HTTP on 127.0.0.1", () => {
  let running: RunningHttpServer;
  beforeAll(async () => {
    running = await serveSilpMcpHttp({ port: 0, countTokens: false });
  });
  afterAll(() => running.close());

  test("the 2.x Client compiles and decodes, in the 2026-07-28 era and in the 2025 one", async () => {
    for (const mode of ["auto", "legacy"] as const) {
      const client = new Client({ name: "silp-test-v2", version: "0.0.0" }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      try {
        assert.equal(client.getProtocolEra(), mode === "auto" ? "modern" : "legacy");
        assert.deepEqual(client.getServerCapabilities()?.extensions, { [SILP_MCP_EXTENSION_ID]: SILP_EXTENSION_ENTRY_WITHOUT_COUNT });
        const compiled = (await client.callTool({ name: "compile", arguments: { ir: a1, frontend: "json" } })) as CallResult;
        const decoded = (await client.callTool({ name: "decode", arguments: compiled.structuredContent })) as CallResult;
        assert.deepEqual(decoded.structuredContent?.ir, normalize(a1));
        const failed = (await client.callTool({ name: "decode", arguments: { silp_encoding: "json", silp_payload: "{" } })) as CallResult;
        assert.deepEqual([failed.isError, errorCode(failed)], [true, "invalid_syntax"]);
      } finally {
        await client.close();
      }
    }
  });

  test("the 1.x Client works too, and validates our error results against the output schema", async () => {
    const client = new ClientV1({ name: "silp-test-v1", version: "0.0.0" });
    await client.connect(new HttpTransportV1(new URL(running.url)));
    try {
      assert.deepEqual(client.getServerCapabilities()?.extensions, { [SILP_MCP_EXTENSION_ID]: SILP_EXTENSION_ENTRY_WITHOUT_COUNT });
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.deepEqual(names, ["validate", "compile", "decode", "negotiate"]);
      const compiled = (await client.callTool({ name: "compile", arguments: { ir: a2 } })) as CallResult;
      assert.equal((compiled.structuredContent as { silp_payload: string }).silp_payload, compile(a2, "code", COMPACT));
      const failed = (await client.callTool({ name: "decode", arguments: { silp_encoding: "code", silp_payload: "cancel(" } })) as CallResult;
      assert.equal(failed.isError, true);
      assert.equal(errorCode(failed), "invalid_syntax");
    } finally {
      await client.close();
    }
  });

  test("a request whose Host is not loopback is refused (DNS rebinding guard)", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(running.url, { method: "POST", headers: { host: "attacker.example", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end("{}");
    });
    assert.equal(status, 403);
  });
});

describe("structuredContent: false, for clients that show their model structuredContent beside the text", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectInMemory(await createSilpMcpServer({ countTokens: false, structuredContent: false }));
  });
  afterAll(async () => {
    await client.close();
  });

  test("no tool declares an output schema, and no result carries structuredContent", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => [tool.name, tool.outputSchema]),
      ["validate", "compile", "decode", "negotiate"].map((name) => [name, undefined]),
    );
    const refused = await client.callTool({ name: "decode", arguments: { silp_encoding: "code", silp_payload: "delete(" } });
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent, undefined);
    assert.match((refused.content as { text: string }[])[0]?.text ?? "", /^error\[invalid_syntax\]/);
  });

  test("the text holds everything: compile's carries the req_id, and decoding it gives A.2 whole", async () => {
    const compiled = await client.callTool({ name: "compile", arguments: { ir: a2 } });
    assert.equal(compiled.structuredContent, undefined);
    const text = (compiled.content as { text: string }[])[0]?.text ?? "";
    assert.equal(text, `${compile(a2, "code", COMPACT)} #{id=e5f6a7b8 out=code}`);
    assert.deepEqual(readSilpToolResult({ content: compiled.content }), normalize(a2));
    const decoded = await client.callTool({ name: "decode", arguments: { silp_encoding: "code", silp_payload: text } });
    assert.deepEqual(decoded.content, [{ type: "text", text }]);
  });

  test("a structuredContent that is not a boolean is the operator's TypeError", async () => {
    await assert.rejects(createSilpMcpServer({ countTokens: false, structuredContent: "no" as unknown as boolean }), TypeError);
  });
});
