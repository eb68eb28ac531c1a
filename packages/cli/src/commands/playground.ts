/**
 * `silpc playground [--port N] [--host 127.0.0.1] [--dir DIR]`: serves the built playground
 * (@silp/playground) on a loopback address until SIGINT/SIGTERM.
 * `silpc playground --build OUT`: copies the built folder to OUT, for any static host.
 */
import { once } from "node:events";
import { cpSync, existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { importOptional } from "silp/util";
import { listenOn, UsageError, runCommand, writeOut } from "../io.js";
import { staticSite } from "../static-site.js";

interface PlaygroundFlags {
  port: string;
  host: string;
  dir?: string;
  build?: string;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** The folder to serve (--dir, or the installed @silp/playground's) and the policy to serve it with. */
async function site(flags: PlaygroundFlags): Promise<{ dir: string; csp: string }> {
  const { siteDirectory, SITE_CSP } = await importOptional("@silp/playground", "silpc playground", () => import("@silp/playground"));
  return { dir: flags.dir === undefined ? fileURLToPath(siteDirectory) : resolve(flags.dir), csp: SITE_CSP };
}

export function register(program: Command): void {
  program
    .command("playground")
    .description("serve the SILP playground (every frontend, token counts, errors, negotiation) on a loopback address")
    .option("--port <n>", "port to listen on (0 picks a free port)", "8780")
    .option("--host <address>", "loopback address to listen on", "127.0.0.1")
    .option("--dir <dir>", "serve this built playground folder instead of @silp/playground's")
    .option("--build <out>", "copy the built playground to <out> (for any static host) and exit")
    .action((flags: PlaygroundFlags) =>
      runCommand(false, async () => {
        const { dir, csp } = await site(flags);
        if (!existsSync(resolve(dir, "index.html"))) throw new UsageError(`${dir} has no index.html: build the playground first (npm run build)`);
        if (flags.build !== undefined) {
          const out = resolve(flags.build);
          cpSync(dir, out, { recursive: true });
          writeOut(`playground written to ${out} (serve it with any static server)`);
          return;
        }
        const port = Number(flags.port);
        if (!/^\d+$/.test(flags.port) || port > 65535) throw new UsageError("--port must be a port number (0-65535)");
        if (!LOOPBACK.has(flags.host)) throw new UsageError("--host must be a loopback address (127.0.0.1, ::1 or localhost)");
        const server = createServer(staticSite(dir, csp));
        const bound = await listenOn("--port", port, flags.host, async () => {
          server.listen(port, flags.host);
          await once(server, "listening");
          return (server.address() as AddressInfo).port;
        });
        const host = flags.host.includes(":") ? `[${flags.host}]` : flags.host;
        writeOut(`SILP playground at http://${host}:${bound}/ (serving ${dir}; Ctrl-C stops)`);
        await new Promise<void>((done) => {
          const stop = (): void => {
            process.off("SIGINT", stop);
            process.off("SIGTERM", stop);
            // Idle keep-alive sockets would hold the listener open: they are dropped.
            server.close(() => done());
            server.closeAllConnections();
          };
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
        });
      }),
    );
}
