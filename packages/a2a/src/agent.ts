/**
 * A SILP agent as a real A2A v1.0 server: express with the SDK's agent-card and JSON-RPC
 * handlers, the SilpAgentExecutor behind them, listening on a loopback port.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { AGENT_CARD_PATH, type AgentCard, type AgentExtension, type AgentSkill } from "@a2a-js/sdk";
import { DefaultRequestHandler, type TaskStore, type User, defaultServerCallContextBuilder } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler } from "@a2a-js/sdk/server/express";
import { SilpAgentExecutor, type SilpExecutorOptions } from "./executor.js";
import { SILP_EXTENSION_URI } from "./extension.js";
import { requestGuard } from "./request-guard.js";
import { BoundedTaskStore } from "./task-store.js";

/** Path of the JSON-RPC endpoint under the agent's base URL. */
export const JSON_RPC_PATH = "/a2a/jsonrpc";

export interface SilpAgentCardOptions {
  name: string;
  description?: string;
  /** The JSON-RPC endpoint URL. */
  url: string;
  version?: string;
  /** The SILP extension entry (SilpAgentExecutor.extension()). */
  extension: AgentExtension;
  /** Action codes the agent handles, listed in its skill. */
  actions?: string[];
  skills?: AgentSkill[];
  /** Advertise streaming (SendStreamingMessage answered as server-sent events); default false. */
  streaming?: boolean;
}

/** An A2A v1.0 AgentCard declaring the SILP extension. */
export function silpAgentCard(options: SilpAgentCardOptions): AgentCard {
  const actions = options.actions ?? [];
  return {
    name: options.name,
    description: options.description ?? `${options.name}: a SILP agent`,
    supportedInterfaces: [{ url: options.url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" }],
    provider: undefined,
    version: options.version ?? "1.0.0",
    capabilities: { streaming: options.streaming ?? false, pushNotifications: false, extensions: [options.extension] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["application/json", "text/plain"],
    defaultOutputModes: ["application/json", "text/plain"],
    skills: options.skills ?? [
      {
        id: "silp",
        name: "SILP actions",
        description: actions.length > 0 ? `Performs SILP actions: ${actions.join(", ")}` : "Performs SILP actions",
        tags: ["silp", ...actions],
        examples: [],
        inputModes: ["application/json", "text/plain"],
        outputModes: ["application/json", "text/plain"],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}

export interface StartSilpAgentOptions extends SilpExecutorOptions {
  name: string;
  description?: string;
  /** Loopback address; default 127.0.0.1. */
  host?: string;
  /** Port; default 0 (a free one). */
  port?: number;
  /**
   * Who the caller is (the SDK's UserBuilder). Default: an unauthenticated user named by the
   * remote address. Authenticated users get their own session scope (`user:<name>`).
   */
  userBuilder?: (req: Request) => Promise<User>;
  /** Where tasks (of a fallback executor, or failed executions) are kept; default a BoundedTaskStore. */
  taskStore?: TaskStore;
  /** Advertise streaming in the card: SendStreamingMessage is answered as server-sent events. Default false. */
  streaming?: boolean;
}

/** The default caller: unauthenticated, named by its remote address (its session scope). */
class PeerAddressUser implements User {
  constructor(readonly address: string) {}
  get isAuthenticated(): boolean {
    return false;
  }
  get userName(): string {
    return this.address;
  }
}

const remoteAddressUser = async (req: Request): Promise<User> => new PeerAddressUser(req.socket.remoteAddress ?? "unknown");

/**
 * This agent speaks A2A v1.0 only. A request without `A2A-Version: 1.0` (absent means 0.3) is
 * answered with the JSON-RPC VersionNotSupported error here, before the SDK would log a stack trace.
 */
function requireVersion(req: Request, res: Response, next: NextFunction): void {
  const version = req.header("A2A-Version")?.trim();
  if (req.method !== "POST" || version === "1.0") {
    next();
    return;
  }
  res.status(400).json({
    jsonrpc: "2.0",
    id: null,
    error: {
      code: -32009,
      message: `A2A protocol version ${version ? JSON.stringify(version.slice(0, 16)) : "0.3 (no A2A-Version header)"} is not supported; this agent speaks 1.0`,
    },
  });
}

/** Unknown paths: a JSON 404, not express's HTML page. */
function notFound(_req: Request, res: Response): void {
  res.status(404).json({ error: "not found" });
}

export interface RunningSilpAgent {
  /** Base URL; the card is at `${url}/.well-known/agent-card.json`. */
  url: string;
  card: AgentCard;
  executor: SilpAgentExecutor;
  /** Closes the listener (and its open connections) and the executor's sessions. */
  close(): Promise<void>;
}

/**
 * Errors the SDK's routers pass on (e.g. a body over express.json's limit, HTTP 413) become a
 * JSON-RPC error with the same status, instead of express's HTML page and a stack trace on stderr.
 */
function transportErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : 500;
  const message = status === 413 ? "request body too large" : status < 500 ? "invalid request" : "internal error";
  res.status(status).json({ jsonrpc: "2.0", id: null, error: { code: status < 500 ? -32600 : -32603, message } });
}

export async function startSilpAgent(options: StartSilpAgentOptions): Promise<RunningSilpAgent> {
  const host = options.host ?? "127.0.0.1";
  const executor = new SilpAgentExecutor(options);
  const app = express();
  // Which framework answers is nobody's business.
  app.disable("x-powered-by");
  const server = createServer(app);
  server.listen(options.port ?? 0, host);
  await once(server, "listening");
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
  const card = silpAgentCard({
    name: options.name,
    url: `${url}${JSON_RPC_PATH}`,
    extension: executor.extension(),
    actions: executor.actions,
    streaming: options.streaming ?? false,
    ...(options.description === undefined ? {} : { description: options.description }),
  });
  const requestHandler = new DefaultRequestHandler(card, options.taskStore ?? new BoundedTaskStore(), executor);
  // The card is built once, here: it was last modified when the agent started (A2A 1.0, 8.6.1: a
  // client may revalidate its cached copy with it).
  const cardModified = new Date().toUTCString();
  app.use(`/${AGENT_CARD_PATH}`, (_req, res, next) => {
    res.setHeader("Last-Modified", cardModified);
    next();
  });
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
  app.use(JSON_RPC_PATH, requireVersion);
  app.use(JSON_RPC_PATH, requestGuard({ streaming: options.streaming ?? false, log: options.log ?? ((line) => process.stderr.write(`${line}\n`)) }));
  app.use(
    JSON_RPC_PATH,
    jsonRpcHandler({
      requestHandler,
      userBuilder: options.userBuilder ?? remoteAddressUser,
      // The extension is activated before dispatch, so the response header (written before an
      // SSE stream starts, or before a malformed message is even read) always echoes it.
      contextBuilder: (builder) => {
        const context = defaultServerCallContextBuilder(builder);
        if (context.requestedExtensions?.includes(SILP_EXTENSION_URI)) context.addActivatedExtension(SILP_EXTENSION_URI);
        return context;
      },
    }),
  );
  app.use(notFound);
  app.use(transportErrors);
  return {
    url,
    card,
    executor,
    close: async () => {
      // Idle keep-alive sockets would hold the listener open: they are dropped.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await executor.close();
    },
  };
}
