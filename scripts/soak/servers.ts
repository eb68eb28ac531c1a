/**
 * The servers of the soak (scripts/soak/run.ts), in their own process so that their memory is
 * measured without the load generator's: an A2A agent (memory sessions, default limits, callers
 * named by an x-peer header) and the MCP server over Streamable HTTP, both on 127.0.0.1. Prints
 * one JSON line with both URLs, then answers "measure" messages on its IPC channel with its heap
 * and RSS after a full garbage collection (run with --expose-gc) and the session store's counts.
 */
import type { Request } from "express";
import type { User } from "@a2a-js/sdk/server";
import { startSilpAgent } from "@silp/a2a";
import { serveSilpMcpHttp } from "@silp/mcp/server";
import type { MemorySessionStore } from "silp/session";

const headerUser = async (req: Request): Promise<User> => ({ isAuthenticated: true, userName: String(req.header("x-peer") ?? "nobody") });

const agent = await startSilpAgent({
  name: "soak",
  frontends: ["code", "json"],
  handlers: { book: () => "booked", cancel: () => "cancelled", fetch: () => "fetched" },
  userBuilder: headerUser,
  // Internal failures are counted by the load side from the replies; keep stderr for real trouble.
  log: () => undefined,
});
const mcp = await serveSilpMcpHttp({ port: 0, countTokens: false });
const store = agent.executor.sessions.manager.store as MemorySessionStore;

process.on("message", (message: { type?: string }) => {
  if (message.type === "measure") {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    process.send?.({ type: "measured", heapUsed: memory.heapUsed, rss: memory.rss, sessions: store.stats() });
  } else if (message.type === "stop") {
    void Promise.all([agent.close(), mcp.close()]).then(() => process.exit(0));
  }
});
process.stdout.write(`${JSON.stringify({ a2a: agent.url, mcp: mcp.url })}\n`);
