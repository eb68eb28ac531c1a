/**
 * Serves one built static folder (the playground) over node:http.
 *
 * Hand-written rather than a static-server library because the job is this small and closed: the
 * folder's files are listed once at start, and a request is answered only with a file from that
 * list (no path is ever joined from the URL, so no traversal, no symlink escape, no directory
 * listing). The caller passes the Content-Security-Policy (the page's package knows what it needs).
 *
 * Files carry an ETag (size and modification time, as most static servers make it) and a revisit
 * with If-None-Match gets 304: the playground's worker fetches tokenizers/llama-2.js for its
 * progress and then imports it, and with a validator the import is a 304, not a second download;
 * Chromium also keeps its compiled code of the bundle across visits only for a reused response.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
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
  return (request, response) => {
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
    const file = join(dir, ...path.slice(1).split("/"));
    const stat = statSync(file);
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const validators = { etag, "cache-control": "no-cache", "content-security-policy": csp };
    if (matches(request.headers["if-none-match"], etag)) {
      response.writeHead(304, validators).end();
      return;
    }
    const headers = {
      ...validators,
      "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
      "content-length": String(stat.size),
      "x-content-type-options": "nosniff",
    };
    response.writeHead(200, headers);
    response.end(method === "HEAD" ? undefined : readFileSync(file));
  };
}

/** If-None-Match against our (weak) tag: "*", or any listed tag equal under weak comparison (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
