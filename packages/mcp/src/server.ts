/**
 * The SILP MCP server on the 2.x line of the official TypeScript SDK (`@modelcontextprotocol/server`;
 * docs/integrations.md says why). One factory serves every transport and both protocol eras: the
 * SDK's serving entries (`serveStdio`, `createMcpHandler`) answer 2025-era clients (the 1.x SDK,
 * most hosts today) and 2026-07-28 clients from the same tool definitions.
 */
import { VERSION } from "silp/util";
import { createServer } from "node:http";
import { McpServer, createMcpHandler, fromJsonSchema, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { localhostHostValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { closeServer, listen, origin } from "silp/node";
import { loadTokensModule, silpTools, type SilpToolDefinition, type SilpToolsOptions } from "./tools.js";

type Transport = NonNullable<Parameters<typeof serveStdio>[1]>["transport"];

export interface SilpMcpServerOptions extends SilpToolsOptions {
  /** Server name in the initialize result; default "silp". */
  name?: string;
  version?: string;
  /** Offer count_tokens when silp/tokens loads; default true. Ignored when `tokens` is given. */
  countTokens?: boolean;
}

type Args = Record<string, unknown>;

interface PreparedTool {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: StandardSchemaWithJSON<Args>;
    outputSchema: StandardSchemaWithJSON<Args>;
    annotations: SilpToolDefinition["annotations"];
  };
  handler: SilpToolDefinition["handler"];
}

/** Builds the tools and wraps their JSON Schemas once; the HTTP entry builds a server per request. */
function prepareTools(options: SilpToolsOptions): PreparedTool[] {
  return silpTools(options).map((tool) => ({
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: fromJsonSchema<Args>(tool.inputSchema),
      outputSchema: fromJsonSchema<Args>(tool.outputSchema),
      annotations: tool.annotations,
    },
    handler: tool.handler,
  }));
}

function registerPrepared(server: McpServer, tools: PreparedTool[]): string[] {
  for (const tool of tools) server.registerTool(tool.name, tool.config, (args: Args) => tool.handler(args));
  return tools.map((tool) => tool.name);
}

/**
 * Adds the SILP tools (validate, compile, decode, negotiate, and count_tokens when `tokens` is
 * given) to an existing McpServer of the 2.x SDK. Returns the names registered.
 */
export function registerSilpTools(server: McpServer, options: SilpToolsOptions = {}): string[] {
  return registerPrepared(server, prepareTools(options));
}

/** Resolves the options once (loading silp/tokens if wanted) and returns a factory of servers. */
export async function silpMcpServerFactory(options: SilpMcpServerOptions = {}): Promise<() => McpServer> {
  const tokens = options.tokens ?? (options.countTokens === false ? undefined : await loadTokensModule());
  const tools = prepareTools({ ...options, ...(tokens ? { tokens } : {}) });
  return () => {
    const server = new McpServer(
      { name: options.name ?? "silp", version: options.version ?? VERSION },
      {
        capabilities: { tools: {} },
        instructions:
          "SILP codec tools: compile a SILP IR to a compact payload, decode a payload back to the IR, validate an IR, " +
          "answer a //ping frontend negotiation.",
      },
    );
    registerPrepared(server, tools);
    return server;
  };
}

/** One SILP MCP server instance (for an in-memory transport or your own wiring). */
export async function createSilpMcpServer(options: SilpMcpServerOptions = {}): Promise<McpServer> {
  return (await silpMcpServerFactory(options))();
}

export interface RunningMcpServer {
  close(): Promise<void>;
}

/** Serves over stdio (the process's own, or `transport`) until the client disconnects or `close`. */
export async function serveSilpMcpStdio(options: SilpMcpServerOptions & { transport?: Transport } = {}): Promise<RunningMcpServer> {
  const factory = await silpMcpServerFactory(options);
  const handle = serveStdio(factory, options.transport ? { transport: options.transport } : {});
  return { close: () => handle.close() };
}

export interface HttpServeOptions extends SilpMcpServerOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Listen address; default 127.0.0.1. Only loopback Host headers are accepted (DNS rebinding guard). */
  host?: string;
  /** URL path of the endpoint; default "/mcp". */
  path?: string;
}

export interface RunningHttpServer extends RunningMcpServer {
  /** The endpoint, e.g. http://127.0.0.1:3000/mcp. */
  url: string;
  port: number;
}

/** Serves Streamable HTTP on a loopback port. */
export async function serveSilpMcpHttp(options: HttpServeOptions): Promise<RunningHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const handler = createMcpHandler(await silpMcpServerFactory(options));
  const serve = toNodeHandler(handler);
  const allowHost = localhostHostValidation();
  const server = createServer((req, res) => {
    if (!allowHost(req, res)) return;
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`not found; the MCP endpoint is ${path}\n`);
      return;
    }
    void serve(req, res);
  });
  const port = await listen(server, options.port, host);
  return {
    url: `${origin(host, port)}${path}`,
    port,
    close: async () => {
      await handler.close();
      await closeServer(server);
    },
  };
}
