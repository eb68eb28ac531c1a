/**
 * The SILP MCP server on the 2.x line of the official TypeScript SDK (`@modelcontextprotocol/server`;
 * docs/integrations.md says why). One factory serves every transport and both protocol eras: the
 * SDK's serving entries (`serveStdio`, `createMcpHandler`) answer 2025-era clients (the 1.x SDK,
 * most hosts today) and 2026-07-28 clients from the same tool definitions.
 */
import { VERSION, pickCodecOptions } from "silp/util";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer, type ServerContext, createMcpHandler, fromJsonSchema, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { localhostHostValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { registerSilpReferences, silpReferences } from "./references.js";
import { defaultCapabilities, loadTokensModule, silpTools, type SilpToolDefinition, type SilpToolsOptions } from "./tools.js";

/**
 * The identifier under which the server declares SILP in `capabilities.extensions` (the MCP
 * 2026-07-28 revision; SDK 2.x's ServerCapabilities carries it in both protocol eras). MCP names
 * extensions `{reverse-DNS prefix}/{name}` (the SDK's own: io.modelcontextprotocol/skills); no
 * registry exists, so the prefix is the one the A2A extension URI's host gives.
 */
export const SILP_MCP_EXTENSION_ID = "dev.silp/silp";

/** What the extension entry says: the negotiate tool's capabilities (as the A2A extension's params) and the SILP tools. */
export interface SilpMcpExtensionSettings {
  /** Protocol versions, most preferred first. */
  silp: string[];
  /** Frontends the server decodes, most preferred first. */
  frontends: string[];
  /** `frontends[0]`. */
  prefer: string;
  /** The SILP tools this server lists. */
  tools: string[];
  /** Dialects the server holds when it starts, by content (docs/dialect-negotiation.md). */
  dialects?: string[];
  tokenizer?: string;
  order?: string;
}

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
    outputSchema?: StandardSchemaWithJSON<Args>;
    annotations: SilpToolDefinition["annotations"];
  };
  handler: SilpToolDefinition["handler"];
}

/**
 * The SDK lists the input schema as given but lets every argument object through: each SILP tool
 * checks its arguments itself (arguments-check.ts), so a bad argument is a SILP error with a code
 * instead of the SDK's "Input validation error" text without one.
 */
const checkedByTheTool = {
  getValidator:
    () =>
    (data: unknown): { valid: true; data: Args; errorMessage: undefined } => ({ valid: true, data: data as Args, errorMessage: undefined }),
} as unknown as Parameters<typeof fromJsonSchema>[1];

/** Builds the tools and wraps their JSON Schemas once; the HTTP entry builds a server per request. */
function prepareTools(options: SilpToolsOptions): PreparedTool[] {
  return silpTools(options).map((tool) => ({
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: fromJsonSchema<Args>(tool.inputSchema, checkedByTheTool),
      ...(tool.outputSchema === undefined ? {} : { outputSchema: fromJsonSchema<Args>(tool.outputSchema) }),
      annotations: tool.annotations,
    },
    handler: tool.handler,
  }));
}

function registerPrepared(server: McpServer, tools: PreparedTool[]): string[] {
  for (const tool of tools)
    server.registerTool(tool.name, tool.config, (args: Args, context: ServerContext) => tool.handler(args, { scope: peerScope(context) }));
  return tools.map((tool) => tool.name);
}

/** The peer of a call: its authenticated client, else its MCP session, else none (stateless, unauthenticated). */
function peerScope(context: ServerContext | undefined): string | undefined {
  const client = context?.http?.authInfo?.clientId;
  if (client !== undefined) return `client:${client}`;
  return context?.sessionId === undefined ? undefined : `session:${context.sessionId}`;
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
  const { name, version, countTokens, ...toolOptions } = options;
  const tokens = options.tokens ?? (countTokens === false ? undefined : await loadTokensModule());
  const tools = prepareTools({ ...toolOptions, ...(tokens ? { tokens } : {}) });
  const references = silpReferences(pickCodecOptions(toolOptions));
  const base = options.capabilities ?? defaultCapabilities();
  const capabilities = options.dialects?.capabilities(base) ?? base;
  const extension: SilpMcpExtensionSettings = {
    silp: [...capabilities.versions],
    frontends: [...capabilities.frontends],
    prefer: capabilities.frontends[0] as string,
    tools: tools.map((tool) => tool.name),
    ...(capabilities.dialects === undefined ? {} : { dialects: [...capabilities.dialects] }),
    ...(capabilities.tokenizer === undefined ? {} : { tokenizer: capabilities.tokenizer }),
    ...(capabilities.order === undefined ? {} : { order: capabilities.order }),
  };
  return () => {
    const server = new McpServer(
      { name: name ?? "silp", version: version ?? VERSION },
      {
        // The tool set is fixed when the server is made, so no notifications/tools/list_changed is
        // ever sent; listChanged: false keeps the SDK from advertising it (its default is true).
        capabilities: {
          tools: { listChanged: false },
          resources: { listChanged: false },
          prompts: { listChanged: false },
          extensions: { [SILP_MCP_EXTENSION_ID]: { ...extension } },
        },
        instructions:
          "SILP codec tools: compile a SILP IR to a compact payload, decode a payload back to the IR, validate an IR, " +
          "answer a //ping frontend negotiation. Resources: the IR's JSON Schema and the code grammar (Lark, GBNF); " +
          "prompts silp-write and silp-read teach a model to write and read SILP.",
      },
    );
    registerPrepared(server, tools);
    registerSilpReferences(server, references);
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
  /**
   * Browser origins allowed besides the server's own loopback origins, each exactly
   * `scheme://host[:port]` (e.g. "https://app.example"). A request with any other `Origin`
   * header is answered 403 (MCP 2025-11-25, Streamable HTTP security); requests without
   * `Origin` (non-browser clients) pass.
   */
  allowedOrigins?: readonly string[];
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
  const extraOrigins = checkAllowedOrigins(options.allowedOrigins);
  const handler = createMcpHandler(await silpMcpServerFactory(options));
  const serve = toNodeHandler(handler);
  const allowHost = localhostHostValidation();
  // Filled in once the port is known; until then no request can arrive.
  const allowedOrigins = new Set<string>(extraOrigins);
  const server = createServer((req, res) => {
    if (!allowHost(req, res)) return;
    if (!originAllowed(req.headers.origin, allowedOrigins)) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Forbidden: this Origin may not use the MCP endpoint" }, id: null }));
      return;
    }
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`not found; the MCP endpoint is ${path}\n`);
      return;
    }
    void serve(req, res);
  });
  server.listen(options.port, host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  for (const name of ["127.0.0.1", "localhost", "[::1]"]) allowedOrigins.add(`http://${name}:${port}`);
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
    port,
    close: async () => {
      await handler.close();
      // Idle keep-alive sockets would hold the listener open: they are dropped.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Checks the operator's allow list: each entry must be exactly an origin (TypeError otherwise). */
function checkAllowedOrigins(origins: readonly string[] | undefined): string[] {
  if (origins === undefined) return [];
  if (!Array.isArray(origins)) throw new TypeError("allowedOrigins must be an array of origins");
  return origins.map((entry: unknown) => {
    let parsed: URL | undefined;
    try {
      parsed = typeof entry === "string" ? new URL(entry) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin === "null" || (parsed.origin !== entry && `${parsed.origin}/` !== entry)) {
      throw new TypeError(`allowedOrigins: ${JSON.stringify(entry)} is not an origin (scheme://host[:port], no path)`);
    }
    return parsed.origin;
  });
}

/**
 * MCP 2025-11-25 (Streamable HTTP, security): servers MUST validate `Origin` and answer 403 when
 * it is invalid. Absent: a non-browser client, allowed. Present: it must be one of the server's
 * own loopback origins (scheme, host and port) or the operator's list; "null", garbage and every
 * other origin (also another port on this machine) are refused.
 */
function originAllowed(header: string | string[] | undefined, allowed: ReadonlySet<string>): boolean {
  if (header === undefined) return true;
  if (typeof header !== "string") return false;
  try {
    const parsed = new URL(header);
    return parsed.origin !== "null" && parsed.origin === header.replace(/\/$/, "") && allowed.has(parsed.origin);
  } catch {
    return false;
  }
}
