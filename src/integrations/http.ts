/** Starting and stopping the loopback HTTP listeners of the integrations (MCP over HTTP, A2A agents, test doubles). */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on `host:port` (0 picks a free port) and resolves with the port. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** `http://host:port` with IPv6 hosts bracketed. */
export function origin(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** Stops accepting, drops idle keep-alive sockets, and resolves once the listener is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
