/**
 * A test's HTTP listener on 127.0.0.1: listening (port 0 picks a free port) and closing with its
 * open connections, on Node's own events (`once` rejects when "error" comes first, a taken port).
 */
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on 127.0.0.1:`port` and resolves with the port bound. */
export async function listenOnLoopback(server: Server, port = 0): Promise<number> {
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** Stops accepting, drops open keep-alive sockets, and resolves once the listener is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
