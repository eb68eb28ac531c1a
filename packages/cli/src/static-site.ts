/**
 * Serves one built static folder (the playground) over node:http.
 *
 * Hand-written rather than a static-server library because the job is this small and closed: the
 * folder's files are listed once at start, and a request is answered only with a file from that
 * list (no path is ever joined from the URL, so no traversal, no directory listing). The caller
 * passes the Content-Security-Policy (the page's package knows what it needs).
 *
 * What can change after start is checked per request: the file is opened without following a
 * symbolic link (its real path must be the listed one, so no link anywhere on the way, and the
 * final open uses O_NOFOLLOW), and a file that is gone is a 404, never a thrown error. And as the
 * MCP server does (localhostHostValidation of @modelcontextprotocol/node plus its Origin check),
 * a request whose Host is not a loopback name is refused with 403, since a page on a rebinding
 * domain reaches 127.0.0.1 with its own name in Host, and so is a request from a foreign Origin.
 *
 * Files carry an ETag (size and modification time, as most static servers make it) and a revisit
 * with If-None-Match gets 304: the playground's worker fetches tokenizers/llama-2.js for its
 * progress and then imports it, and with a validator the import is a 304, not a second download;
 * Chromium also keeps its compiled code of the bundle across visits only for a reused response.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

export type StaticHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** The names a browser uses for this machine's loopback; any other Host is a rebinding page. */
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Where supported (not on Windows), opening a symbolic link fails with ELOOP instead of following it. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** The Host header names a loopback address, on the server's own port when it names one. */
function hostAllowed(host: string | undefined, port: number | undefined): boolean {
  if (host === undefined) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  return LOOPBACK_NAMES.has(match[1] ?? "") && (match[2] === undefined || Number(match[2]) === port);
}

/** No Origin (not a browser), or exactly one of the server's own loopback origins. */
function originAllowed(header: string | undefined, port: number | undefined): boolean {
  if (header === undefined) return true;
  return [...LOOPBACK_NAMES].some((name) => header === `http://${name}:${port}`);
}

/**
 * Opens the listed file `file` (real path `expected`) for reading, or undefined when it is gone or
 * is no longer a plain file of the folder (a link put in its place, or in place of a folder above).
 */
function openListed(file: string, expected: string): number | undefined {
  let fd: number;
  try {
    if (realpathSync(file) !== expected) return undefined;
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW);
  } catch {
    return undefined; // ENOENT, ELOOP, EACCES: not servable, and never a crash
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    return undefined;
  }
  return fd;
}

/** Every regular file under `dir`, as URL paths ("/index.html", "/ranks/o200k_base.json"). */
function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path, root);
    return entry.isFile() ? [`/${relative(root, path).split(sep).join("/")}`] : [];
  });
}

/** A handler for the files of `dir` as they are now, sent with `csp`; throws when `dir` has no index.html. */
export function staticSite(dir: string, csp: string): StaticHandler {
  const files = new Set(listFiles(dir));
  if (!files.has("/index.html")) throw new Error(`${dir} has no index.html (build the playground first: npm run build)`);
  const root = realpathSync(dir);
  return (request, response) => {
    const port = request.socket.localPort;
    if (!hostAllowed(request.headers.host, port) || !originAllowed(request.headers.origin, port)) {
      response.writeHead(403, { "content-type": "text/plain; charset=utf-8" }).end("forbidden: this server answers only its own loopback origin");
      return;
    }
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    } catch {
      response.writeHead(400).end("bad request");
      return;
    }
    if (path.endsWith("/")) path += "index.html";
    if (!files.has(path)) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    const segments = path.slice(1).split("/");
    const fd = openListed(join(dir, ...segments), join(root, ...segments));
    if (fd === undefined) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    try {
      const stat = fstatSync(fd);
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      const validators = { etag, "cache-control": "no-cache", "content-security-policy": csp };
      if (matches(request.headers["if-none-match"], etag)) {
        response.writeHead(304, validators).end();
        return;
      }
      const body = method === "HEAD" ? undefined : readFileSync(fd);
      const headers = {
        ...validators,
        "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
        "content-length": String(body?.length ?? stat.size),
        "x-content-type-options": "nosniff",
      };
      response.writeHead(200, headers);
      response.end(body);
    } finally {
      closeSync(fd);
    }
  };
}

/** If-None-Match against our (weak) tag: "*", or any listed tag equal under weak comparison (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
