/**
 * Starting and stopping the loopback HTTP listeners of the integrations (MCP over HTTP, A2A
 * agents, test doubles). Typed structurally, after node:http's Server, so the codec's build
 * needs no Node.js types; only Node.js callers have such a server to pass.
 */

/** The part of node:http's Server these helpers use. */
export interface ListeningServer {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: "error", listener: (error: Error) => void): unknown;
  off(event: "error", listener: (error: Error) => void): unknown;
  address(): { port: number } | string | null;
  close(callback: () => void): unknown;
  closeAllConnections(): void;
}

/** Listens on `host:port` (0 picks a free port) and resolves with the port. */
export function listen(server: ListeningServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      if (address === null || typeof address === "string") reject(new Error(`not listening on a TCP port: ${String(address)}`));
      else resolve(address.port);
    });
  });
}

/** `http://host:port` with IPv6 hosts bracketed. */
export function origin(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** Stops accepting, drops idle keep-alive sockets, and resolves once the listener is closed. */
export function closeServer(server: ListeningServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
