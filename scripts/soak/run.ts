/**
 * Soak: an A2A agent and an MCP server (scripts/soak/servers.ts, a child process) under a mixed
 * load for N minutes, printing the servers' heap and RSS (after a full GC) every 10,000 requests,
 * and at the end the growth per 10,000 requests once the bounded stores are full (least-squares
 * slope over the measurements after the memory session store stopped growing).
 *
 *   node --import tsx scripts/soak/run.ts [minutes=10] [concurrency=16]
 *
 * The mix, per request: 70 % A2A SendMessage (of those: 60 % a turn of an ongoing conversation,
 * 20 % a new conversation, 5 % a retry with the same req_id, 5 % a //ping, 5 % a payload that does
 * not decode, 5 % a message without SILP), 30 % MCP tool calls (compile, decode, validate). Eight
 * peers (x-peer header), each its own session scope of 256 sessions, so new conversations keep
 * evicting and the tombstones of each scope reach their bound (4 x 256). Loopback only; it stops
 * by itself.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { linearRegression } from "simple-statistics";
import { newReqId } from "silp";
import { SILP_EXTENSION_URI as EXTENSION } from "@silp/a2a";

const MINUTES = Number(process.argv[2] ?? 10);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const PEERS = 8;
const MEASURE_EVERY = 10_000;

interface Measured {
  type: "measured";
  heapUsed: number;
  rss: number;
  sessions: { scopes: number; ownedSessions: number; tombstones: number };
}

const child = fork(fileURLToPath(new URL("./servers.ts", import.meta.url)), [], {
  execArgv: ["--import", "tsx", "--expose-gc"],
  stdio: ["ignore", "pipe", "inherit", "ipc"],
});
const urls = await new Promise<{ a2a: string; mcp: string }>((resolve, reject) => {
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0] ?? "") as { a2a: string; mcp: string });
  });
  child.once("exit", (code) => reject(new Error(`servers exited ${String(code)}`)));
});

function measure(): Promise<Measured> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as Measured));
    child.send({ type: "measure" });
  });
}

const contexts: string[][] = Array.from({ length: PEERS }, () => []);
const counts = new Map<string, number>();
let failures = 0;
const count = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);

async function a2a(peer: number, contextId: string, parts: unknown[]): Promise<void> {
  const response = await fetch(`${urls.a2a}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "A2A-Version": "1.0", "A2A-Extensions": EXTENSION, "x-peer": `peer-${peer}` },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: randomUUID(), contextId, role: "ROLE_USER", parts } },
    }),
  });
  const body = (await response.json()) as { result?: { message?: { parts?: { data?: { silp_error?: { code?: string } } }[] } }; error?: unknown };
  if (response.status !== 200 || body.error !== undefined) count(`a2a http ${response.status}`);
  const code = body.result?.message?.parts?.[0]?.data?.silp_error?.code;
  if (code !== undefined) count(`a2a answered ${code}`);
}

const envelope = (payload: string, reqId = newReqId()) => ({
  data: { silp: "v1", silp_encoding: "code", silp_payload: payload, silp_meta: { req_id: reqId } },
});

async function oneA2a(): Promise<void> {
  const peer = Math.floor(Math.random() * PEERS);
  const mine = contexts[peer] as string[];
  const roll = Math.random();
  const existing = mine.length > 0 ? (mine[Math.floor(Math.random() * mine.length)] as string) : randomUUID();
  if (roll < 0.6) {
    count("a2a turn");
    await a2a(peer, existing, [envelope("book(hotel)")]);
  } else if (roll < 0.8) {
    count("a2a new conversation");
    const contextId = randomUUID();
    mine.push(contextId);
    if (mine.length > 300) mine.shift();
    await a2a(peer, contextId, [envelope("cancel(flight)")]);
  } else if (roll < 0.85) {
    count("a2a retry");
    const reqId = newReqId();
    await a2a(peer, existing, [envelope("book(hotel)", reqId)]);
    await a2a(peer, existing, [envelope("book(hotel)", reqId)]);
  } else if (roll < 0.9) {
    count("a2a ping");
    await a2a(peer, existing, [{ text: "//ping silp=v1 frontends=code,json" }]);
  } else if (roll < 0.95) {
    count("a2a bad payload");
    await a2a(peer, existing, [envelope("book((((")]);
  } else {
    count("a2a plain text");
    await a2a(peer, existing, [{ text: "hello" }]);
  }
}

const mcpClients: Client[] = [];
for (let i = 0; i < 4; i++) {
  const client = new Client({ name: `soak-${i}`, version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(urls.mcp)));
  mcpClients.push(client);
}

async function oneMcp(): Promise<void> {
  const client = mcpClients[Math.floor(Math.random() * mcpClients.length)] as Client;
  const roll = Math.random();
  if (roll < 0.4) {
    count("mcp compile");
    await client.callTool({ name: "compile", arguments: { ir: { intent: "!BOOK", entities: [{ id: "act", value: "hotel" }] }, frontend: "code" } });
  } else if (roll < 0.8) {
    count("mcp decode");
    await client.callTool({ name: "decode", arguments: { silp_encoding: "code", silp_payload: "if !rain(t+1): start(hike) else: start(cards@indoor)" } });
  } else {
    count("mcp validate");
    await client.callTool({ name: "validate", arguments: { ir: { intent: "!NOPE", entities: [] } } });
  }
}

const started = performance.now();
const until = started + MINUTES * 60_000;
let requests = 0;
let nextMeasure = MEASURE_EVERY;
const points: { requests: number; heap: number; rss: number; tombstones: number; sessions: number; seconds: number }[] = [];
let measuring: Promise<void> | undefined;

const mb = (bytes: number) => bytes / 1024 / 1024;
const first = await measure();
console.log(`soak: ${MINUTES} min, ${CONCURRENCY} concurrent, A2A ${urls.a2a}, MCP ${urls.mcp}`);
console.log(`start: heap ${mb(first.heapUsed).toFixed(1)} MB, rss ${mb(first.rss).toFixed(1)} MB`);
console.log("requests  seconds  req/s  heap MB  rss MB  sessions  tombstones  failures");

async function worker(): Promise<void> {
  while (performance.now() < until) {
    try {
      await (Math.random() < 0.7 ? oneA2a() : oneMcp());
    } catch {
      failures++;
    }
    requests++;
    if (requests >= nextMeasure && measuring === undefined) {
      nextMeasure += MEASURE_EVERY;
      measuring = measure().then((m) => {
        const seconds = (performance.now() - started) / 1000;
        points.push({ requests, heap: mb(m.heapUsed), rss: mb(m.rss), tombstones: m.sessions.tombstones, sessions: m.sessions.ownedSessions, seconds });
        console.log(
          `${String(requests).padStart(8)}  ${seconds.toFixed(0).padStart(7)}  ${(requests / seconds).toFixed(0).padStart(5)}  ${mb(m.heapUsed).toFixed(1).padStart(7)}  ${mb(m.rss).toFixed(1).padStart(6)}  ${String(m.sessions.ownedSessions).padStart(8)}  ${String(m.sessions.tombstones).padStart(10)}  ${failures}`,
        );
        measuring = undefined;
      });
    }
  }
}

await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
await measuring;
for (const client of mcpClients) await client.close();
child.send({ type: "stop" });

console.log(`\n${requests} requests in ${((performance.now() - started) / 1000).toFixed(0)} s, ${failures} transport failures`);
console.log([...counts].map(([kind, n]) => `${kind}: ${n}`).join(", "));
// The bounded stores are full once sessions and tombstones stop growing: the first point where
// both are within 1 % of their final values. Growth is measured from there on.
const last = points.at(-1);
if (last === undefined) {
  console.log("fewer than 10,000 requests: nothing to measure");
} else {
  const fullFrom = points.findIndex((p) => p.tombstones >= last.tombstones * 0.99 && p.sessions >= last.sessions * 0.99);
  const full = points.slice(fullFrom);
  console.log(
    `stores full from ${full[0]?.requests ?? "?"} requests on (${full.length} measurements): ${last.sessions} sessions, ${last.tombstones} tombstones`,
  );
  if (full.length >= 3) {
    const per10k = (key: "heap" | "rss") => linearRegression(full.map((p) => [p.requests / MEASURE_EVERY, p[key]])).m;
    console.log(
      `growth once full: heap ${per10k("heap") >= 0 ? "+" : ""}${per10k("heap").toFixed(3)} MB per 10k requests, rss ${per10k("rss") >= 0 ? "+" : ""}${per10k("rss").toFixed(3)} MB per 10k`,
    );
    const all = (key: "heap" | "rss") => linearRegression(points.map((p) => [p.requests / MEASURE_EVERY, p[key]])).m;
    console.log(`growth over the whole run: heap ${all("heap").toFixed(3)} MB per 10k, rss ${all("rss").toFixed(3)} MB per 10k`);
  } else {
    console.log("too few measurements after the stores filled to fit a trend: run longer");
  }
}
