/**
 * MCP over HTTP against a hostile client, and the two cross-cutting requirements (request
 * deadline, spec 8.2 safety filter): each test drives the server with the real 2.x SDK Client or
 * raw HTTP on 127.0.0.1 and states the expected behaviour independently of the code under test.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { request } from "node:http";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import type { FreeText } from "silp/carriage";
import {
  createSilpMcpServer,
  registerSilpTools,
  serveSilpMcpHttp,
  silpArgumentsSchema,
  silpToolResult,
  unwrapSilpArguments,
  withSilpErrors,
  type RunningHttpServer,
  type TokensModule,
} from "../src/index.js";
import { neverLoadingTokensTestDouble, slowToolHandlerTestDouble } from "@silp/testkit/slow-tool-test-double.js";

type CallResult = { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "hostile-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

async function callOn(client: Client, name: string, args: Record<string, unknown>): Promise<CallResult> {
  return (await client.callTool({ name, arguments: args })) as CallResult;
}

const errorOf = (result: CallResult): { code?: string; message?: string } => (result.structuredContent?.error ?? {}) as { code?: string; message?: string };
const textOf = (result: CallResult): string => (result.content ?? []).map((block) => block.text).join("\n");

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});

/** POSTs an initialize request with the given extra headers; resolves with the HTTP status. */
function postInitialize(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(INITIALIZE);
  });
}

describe("1. Origin header on Streamable HTTP (MCP 2025-11-25: invalid Origin MUST get 403)", () => {
  let running: RunningHttpServer;
  beforeAll(async () => {
    running = await serveSilpMcpHttp({ port: 0, countTokens: false, allowedOrigins: ["https://app.example"] });
  });
  afterAll(() => running.close());

  test("a foreign origin is refused with 403", async () => {
    assert.equal(await postInitialize(running.url, { origin: "https://attacker.example" }), 403);
    assert.equal(await postInitialize(running.url, { origin: "null" }), 403);
    assert.equal(await postInitialize(running.url, { origin: "not a url" }), 403);
  });

  test("another loopback origin (a different local port, or https) is not the server's own and is refused", async () => {
    const otherPort = running.port === 65535 ? 65534 : running.port + 1;
    assert.equal(await postInitialize(running.url, { origin: `http://127.0.0.1:${otherPort}` }), 403);
    assert.equal(await postInitialize(running.url, { origin: `http://localhost:${otherPort}` }), 403);
    assert.equal(await postInitialize(running.url, { origin: `https://127.0.0.1:${running.port}` }), 403);
  });

  test("the server's own loopback origins, the configured ones and requests without Origin pass", async () => {
    assert.equal(await postInitialize(running.url, { origin: `http://127.0.0.1:${running.port}` }), 200);
    assert.equal(await postInitialize(running.url, { origin: `http://localhost:${running.port}` }), 200);
    assert.equal(await postInitialize(running.url, { origin: "https://app.example" }), 200);
    assert.equal(await postInitialize(running.url, {}), 200);
  });

  test("an allow-list entry that is not an origin is a TypeError (operator configuration)", async () => {
    await assert.rejects(serveSilpMcpHttp({ port: 0, countTokens: false, allowedOrigins: ["app.example"] }), TypeError);
    await assert.rejects(serveSilpMcpHttp({ port: 0, countTokens: false, allowedOrigins: ["https://app.example/path"] }), TypeError);
  });
});

describe("2. the operator's whitelist and strictness are a ceiling for the client", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(await createSilpMcpServer({ countTokens: false, whitelist: "strict" }));
  });
  afterAll(() => client.close());

  test('"whitelist":"off" in the arguments does not get delete(everything) past a strict server', async () => {
    for (const whitelist of ["off", "advisory"]) {
      const decoded = await callOn(client, "decode", { silp_encoding: "code", silp_payload: "delete(everything)", whitelist });
      assert.equal(decoded.isError, true, whitelist);
      assert.equal(decoded.structuredContent?.ir, undefined);
      const compiled = await callOn(client, "compile", {
        ir: { intent: "!DELETE", entities: [{ id: "act", value: "everything" }], meta: { req_id: "0badc0de" } },
        whitelist,
      });
      assert.equal(compiled.isError, true, whitelist);
      const validated = await callOn(client, "validate", {
        ir: { intent: "!DELETE", entities: [{ id: "act", value: "everything" }], meta: { req_id: "0badc0de" } },
        whitelist,
      });
      assert.notEqual(validated.structuredContent?.valid, true, whitelist);
    }
  });

  test("the tool schemas offer only modes at least as strict as the operator's", async () => {
    const { tools } = await client.listTools();
    for (const tool of tools.filter((t) => t.inputSchema.properties?.whitelist)) {
      assert.deepEqual((tool.inputSchema.properties?.whitelist as { enum?: string[] } | undefined)?.enum, ["strict"], tool.name);
    }
  });

  test("a client may ask for something stricter than the operator's setting", async () => {
    const lax = await connect(await createSilpMcpServer({ countTokens: false, whitelist: "off" }));
    try {
      const allowed = await callOn(lax, "decode", { silp_encoding: "code", silp_payload: "delete(everything)" });
      assert.equal(allowed.isError, undefined);
      const stricter = await callOn(lax, "decode", { silp_encoding: "code", silp_payload: "delete(everything)", whitelist: "strict" });
      assert.equal(stricter.isError, true);
      assert.equal(errorOf(stricter).code, "invalid_ir");
    } finally {
      await lax.close();
    }
  });

  test('"strict": false does not relax an operator\'s strict decoding', async () => {
    const strict = await connect(await createSilpMcpServer({ countTokens: false, strict: true }));
    try {
      const result = await callOn(strict, "decode", { silp_encoding: "code", silp_payload: "if !rain(t+1): start(hike) else start(cards)", strict: false });
      assert.equal(result.isError, true);
    } finally {
      await strict.close();
    }
  });
});

describe("3. the text content is the compact payload and what a model must know; the meta stays structured", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(await createSilpMcpServer({ countTokens: false, whitelist: "advisory" }));
  });
  afterAll(() => client.close());

  test("decode: the text is the IR as decoded, req_id included, then one line per kind of finding", async () => {
    const result = await callOn(client, "decode", {
      silp_encoding: "code",
      silp_payload: "if !rain(t+1): de\u200blete(hike) else start(cards)",
      silp_meta: { req_id: "0badc0de", session_id: "k3", priority: 2 },
    });
    assert.equal(result.isError, undefined);
    const blocks = (result.content as { type: string; text: string }[]).map((block) => block.text);
    // What was understood, whole: a program that keeps only the text decodes it back, req_id and all.
    assert.equal(blocks[0], "if !rain(t+1): delete(hike) else: start(cards) #{id=0badc0de sid=k3 p2}");
    // The second block opens with a newline, so a client that joins blocks with nothing still shows two lines.
    assert.deepEqual(blocks[1]?.split("\n"), [
      "",
      "repairs 1: else_without_colon@33",
      "warnings 1: verb-whitelist@/intent",
      "sanitizer 1 (changed): zero_width U+200B stripped@17",
    ]);
    assert.equal(blocks.length, 2);
    // The findings name kinds and offsets, never the peer's text.
    assert.doesNotMatch(blocks[1] ?? "", /0badc0de|k3|delete|hike/);
    const ir = result.structuredContent?.ir as { meta: Record<string, unknown> };
    assert.deepEqual(ir.meta, { req_id: "0badc0de", session_id: "k3", priority: 2, confidence: 1, seq: [], out: "natural" });
    assert.equal(result.structuredContent?.repairsDropped, 0);
    assert.equal((result.structuredContent?.repairs as unknown[] | undefined)?.length, 1);
  });

  test("compile: the text carries what differs from the defaults; silp_meta holds the req_id and the same", async () => {
    const result = await callOn(client, "compile", {
      ir: { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "a1b2c3d4", session_id: "k9", priority: 0, confidence: 1 } },
    });
    assert.deepEqual(
      (result.content as { text: string }[]).map((block) => block.text),
      ["start(hike) #{sid=k9}"],
    );
    assert.deepEqual(result.structuredContent, { silp_encoding: "code", silp_payload: "start(hike)", silp_meta: { req_id: "a1b2c3d4", session_id: "k9" } });
  });
});

describe("4. input outside the schema is a SILP error with a code, without SDK internals", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(await createSilpMcpServer({ countTokens: false }));
  });
  afterAll(() => client.close());

  const cases: [string, Record<string, unknown>, string][] = [
    ["compile", { ir: { intent: "!START", entities: [{ id: "act", value: "x" }], meta: { req_id: "a1b2c3d4" } }, frontend: "klingon" }, "unsupported_frontend"],
    ["compile", { ir: "start(x)" }, "invalid_ir"],
    ["compile", {}, "invalid_ir"],
    ["validate", { ir: [1, 2] }, "invalid_ir"],
    ["compile", { ir: { intent: "!START", meta: { req_id: "a1b2c3d4" } }, inline_meta: "yes" }, "invalid_options"],
    ["decode", { silp_encoding: "code", silp_payload: 5 }, "decode_failed"],
    ["decode", { silp_encoding: 7, silp_payload: "start(x)" }, "decode_failed"],
    ["decode", { silp_payload: "start(x)" }, "decode_failed"],
    ["decode", { silp_encoding: "code", silp_payload: "start(x)", strict: "no" }, "invalid_options"],
    ["decode", { silp_encoding: "code", silp_payload: "start(x)", whitelist: "bogus" }, "invalid_options"],
    ["decode", { silp_encoding: "code", silp_payload: "start(x)", surprise: 1 }, "invalid_options"],
    ["negotiate", { ping: 42 }, "invalid_syntax"],
    ["negotiate", {}, "invalid_syntax"],
  ];
  for (const [tool, args, code] of cases) {
    test(`${tool} ${JSON.stringify(args).slice(0, 70)} -> ${code}`, async () => {
      const result = await callOn(client, tool, args);
      assert.equal(result.isError, true);
      assert.equal(errorOf(result).code, code);
      const message = errorOf(result).message ?? "";
      assert.ok(message.length > 0 && message.length < 300, message);
      assert.doesNotMatch(`${message}\n${textOf(result)}`, /Input validation error|MCP error|\bat .*\.(m?js|ts):\d+/);
      assert.match(textOf(result), new RegExp(`^error\\[${code}\\]`));
    });
  }
});

describe("5. capabilities", () => {
  test("tools.listChanged is not advertised: the tool set never changes", async () => {
    const client = await connect(await createSilpMcpServer({ countTokens: false }));
    try {
      assert.notEqual(client.getServerCapabilities()?.tools?.listChanged, true);
      assert.ok(client.getServerCapabilities()?.tools, "tools are still advertised");
    } finally {
      await client.close();
    }
  });
});

describe("6. request deadline", () => {
  test("a SILP tool that does not finish in time answers isError with code timeout", async () => {
    const tokens = neverLoadingTokensTestDouble() as unknown as TokensModule;
    const client = await connect(await createSilpMcpServer({ tokens, timeoutMs: 100 }));
    try {
      const started = Date.now();
      const result = await callOn(client, "count_tokens", { text: "start(hike)" });
      assert.equal(result.isError, true);
      assert.equal(errorOf(result).code, "timeout");
      assert.ok(Date.now() - started < 5000);
      // The server keeps serving after a deadline.
      const next = await callOn(client, "validate", { ir: { intent: "!START", entities: [{ id: "act", value: "x" }], meta: { req_id: "a1b2c3d4" } } });
      assert.equal(next.structuredContent?.valid, true);
    } finally {
      await client.close();
    }
  });

  test("withSilpErrors gives a tool author's slow handler the same deadline", async () => {
    const server = new McpServer({ name: "host", version: "1.0.0" });
    server.registerTool("slow", { description: "slow test double" }, withSilpErrors(slowToolHandlerTestDouble(Number.POSITIVE_INFINITY), { timeoutMs: 50 }));
    server.registerTool("quick", { description: "fast enough" }, withSilpErrors(slowToolHandlerTestDouble(1), { timeoutMs: 2000 }));
    const client = await connect(server);
    try {
      const slow = await callOn(client, "slow", {});
      assert.deepEqual([slow.isError, errorOf(slow).code], [true, "timeout"]);
      const quick = await callOn(client, "quick", {});
      assert.equal(quick.structuredContent?.late, true);
    } finally {
      await client.close();
    }
  });

  test("a deadline that is not a positive number of milliseconds is a TypeError", async () => {
    await assert.rejects(createSilpMcpServer({ countTokens: false, timeoutMs: 0 }), TypeError);
    assert.throws(() => withSilpErrors(async () => ({ content: [], structuredContent: {} }), { timeoutMs: Number.NaN }), TypeError);
  });
});

describe("7. spec 8.2: the receiver's safety filter sees every decoded IR", () => {
  const seen: FreeText[][] = [];
  const refuseEverything = (texts: readonly FreeText[]) => {
    seen.push([...texts]);
    const bad = texts.find((t) => t.text === "everything");
    return bad ? { allow: false as const, reason: "mass action", path: bad.path } : { allow: true as const };
  };

  test("the SILP tools: a refused payload is isError unsafe_content; an allowed one decodes", async () => {
    const client = await connect(await createSilpMcpServer({ countTokens: false, safetyFilter: refuseEverything }));
    try {
      const refused = await callOn(client, "decode", { silp_encoding: "code", silp_payload: "cancel(everything)" });
      assert.deepEqual([refused.isError, errorOf(refused).code], [true, "unsafe_content"]);
      assert.match(errorOf(refused).message ?? "", /mass action/);
      assert.ok(seen.at(-1)?.some((t) => t.text === "everything"));
      const compiled = await callOn(client, "compile", {
        ir: { intent: "!CANCEL", entities: [{ id: "act", value: "everything" }], meta: { req_id: "a1b2c3d4" } },
      });
      assert.equal(errorOf(compiled).code, "unsafe_content");
      const fine = await callOn(client, "decode", { silp_encoding: "code", silp_payload: "cancel(booking)" });
      assert.equal(fine.isError, undefined);
    } finally {
      await client.close();
    }
  });

  test("an async filter on registerSilpTools of an existing server", async () => {
    const server = new McpServer({ name: "host", version: "1.0.0" });
    registerSilpTools(server, { safetyFilter: async (texts) => refuseEverything(texts) });
    const client = await connect(server);
    try {
      const refused = await callOn(client, "decode", { silp_encoding: "json", silp_payload: '{"intent":"!CANCEL","act":"everything"}' });
      assert.equal(errorOf(refused).code, "unsafe_content");
    } finally {
      await client.close();
    }
  });

  test("a tool author's tool: withSilpErrors runs the filter before the handler, which then never runs", async () => {
    const server = new McpServer({ name: "host", version: "1.0.0" });
    let handled = 0;
    server.registerTool(
      "book",
      { description: "books", inputSchema: fromJsonSchema(silpArgumentsSchema({ properties: { user_id: { type: "string" } } })) },
      withSilpErrors(
        async (args) => {
          handled++;
          const { ir } = unwrapSilpArguments(args);
          return silpToolResult({ intent: "!NOTIFY", entities: [{ id: "status", value: "ok" }], meta: { req_id: ir.meta.req_id } });
        },
        { safetyFilter: refuseEverything },
      ),
    );
    const client = await connect(server);
    try {
      const refused = await callOn(client, "book", { silp_encoding: "code", silp_payload: "book(everything)", user_id: "u1" });
      assert.equal(errorOf(refused).code, "unsafe_content");
      assert.equal(handled, 0);
      const fine = await callOn(client, "book", { silp_encoding: "code", silp_payload: "book(hotel)", user_id: "u1" });
      assert.equal(fine.isError, undefined);
      assert.equal(handled, 1);
    } finally {
      await client.close();
    }
  });

  test("over Streamable HTTP (serveSilpMcpHttp option)", async () => {
    const running = await serveSilpMcpHttp({ port: 0, countTokens: false, safetyFilter: refuseEverything });
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "http", version: "0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const refused = await callOn(client, "decode", { silp_encoding: "code", silp_payload: "cancel(everything)" });
      assert.equal(errorOf(refused).code, "unsafe_content");
    } finally {
      await client.close();
      await running.close();
    }
  });
});

describe("bounded answers to hostile input", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(await createSilpMcpServer({ countTokens: false }));
  });
  afterAll(() => client.close());

  test("validate of an IR with 20,000 bad entities answers with a bounded issue list and the count", async () => {
    const entities = Array.from({ length: 20_000 }, () => ({ id: 5, value: [] }));
    const result = await callOn(client, "validate", { ir: { intent: "!START", entities, meta: { req_id: "a1b2c3d4" } } });
    assert.equal(result.structuredContent?.valid, false);
    const issues = result.structuredContent?.issues as unknown[];
    assert.ok(issues.length <= 100, `${issues.length} issues listed`);
    assert.ok((result.structuredContent?.issuesDropped as number) > 0);
    assert.ok(textOf(result).length < 20_000, `text of ${textOf(result).length} characters`);
  });

  test("compile of the same IR: the invalid_ir error lists a bounded number of issues", async () => {
    const entities = Array.from({ length: 20_000 }, () => ({ id: 5, value: [] }));
    const result = await callOn(client, "compile", { ir: { intent: "!START", entities, meta: { req_id: "a1b2c3d4" } } });
    assert.equal(errorOf(result).code, "invalid_ir");
    const details = (result.structuredContent?.error as { details: { issues: unknown[]; issuesDropped: number } } | undefined)?.details ?? {
      issues: [],
      issuesDropped: 0,
    };
    assert.ok(details.issues.length <= 100);
    assert.ok(details.issuesDropped > 0);
  });
});

describe("count_tokens with a repeated tokenizer", () => {
  test("the tokenizer list cannot repeat a name to multiply the work", async () => {
    const { TOKENIZER_NAMES } = await import("@silp/tokens");
    const client = await connect(await createSilpMcpServer({}));
    try {
      const { tools } = await client.listTools();
      const schema = tools.find((t) => t.name === "count_tokens")?.inputSchema.properties?.tokenizers as { maxItems?: number; uniqueItems?: boolean };
      assert.equal(schema.uniqueItems, true);
      assert.ok((schema.maxItems ?? Number.POSITIVE_INFINITY) <= TOKENIZER_NAMES.length);
      const result = await callOn(client, "count_tokens", { text: "x", tokenizers: Array.from({ length: 500 }, () => "gpt-4o") });
      assert.deepEqual([result.isError, errorOf(result).code], [true, "invalid_options"]);
    } finally {
      await client.close();
    }
  });
});
