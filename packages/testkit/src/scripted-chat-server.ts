/**
 * TEST DOUBLE: `scriptedChatServer` is a local HTTP server on 127.0.0.1 that speaks the
 * OpenAI chat-completions protocol (POST /v1/chat/completions, SSE or JSON) and answers from a
 * script supplied by the test. It is not a model; no real model is reachable from this machine.
 * It exists so the real client, runner and judge code paths (HTTP, streaming, retries, resume)
 * run end to end in tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatCompletionBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
}

/** A text answer and how it is delivered. */
export interface TextReply {
  text: string;
  chunkSize?: number;
  json?: boolean;
  /** Delay before the answer starts. */
  delayMs?: number;
  /** Gap between stream chunks (a live but slow stream). */
  chunkDelayMs?: number;
  /** The finish_reason of the last chunk; null leaves it out. Default "stop". */
  finishReason?: string | null;
  /** false: end the stream cleanly without `data: [DONE]` (a cut-off stream). Default true. */
  done?: boolean;
  /** The server's `usage` object, sent in the last chunk (or the JSON body). */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
  /** The model name the server reports (default: the requested one). */
  model?: string;
}

export type ScriptedReply =
  | TextReply
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Raw bytes written as an SSE body, then the connection is closed (for broken streams). */
  | { rawSse: string }
  /** Destroy the socket without answering (a connection reset). */
  | { reset: true }
  /** Never answer (for timeouts); the server closes the socket when stopped. */
  | { hang: true };

export type Script = (body: ChatCompletionBody, callIndex: number, headers: IncomingMessage["headers"]) => ScriptedReply;

export interface ScriptedChatServer {
  baseUrl: string;
  calls: Array<{ body: ChatCompletionBody; headers: IncomingMessage["headers"] }>;
  close(): Promise<void>;
}

export interface ScriptedServerOptions {
  /** Model ids listed by `GET /v1/models`; without it (and without modelsStatus) that route answers 404. */
  models?: readonly string[];
  /** Status of `GET /v1/models` (e.g. 401 for a server that refuses the key). */
  modelsStatus?: number;
}

function sseEvents(reply: TextReply, model: string): string[] {
  const events: string[] = [];
  const chars = Array.from(reply.text);
  const chunkSize = reply.chunkSize ?? 7;
  for (let i = 0; i < chars.length; i += chunkSize) {
    const content = chars.slice(i, i + chunkSize).join("");
    events.push(`data: ${JSON.stringify({ model, choices: [{ index: 0, delta: { content } }] })}\n\n`);
  }
  if (reply.finishReason !== null) {
    const last = { model, choices: [{ index: 0, delta: {}, finish_reason: reply.finishReason ?? "stop" }], ...(reply.usage ? { usage: reply.usage } : {}) };
    events.push(`data: ${JSON.stringify(last)}\n\n`);
  }
  if (reply.done !== false) events.push("data: [DONE]\n\n");
  return events;
}

export async function scriptedChatServer(script: Script, options: ScriptedServerOptions = {}): Promise<ScriptedChatServer> {
  const calls: ScriptedChatServer["calls"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.endsWith("/models") && (options.models || options.modelsStatus)) {
        const status = options.modelsStatus ?? 200;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            status === 200
              ? { object: "list", data: (options.models ?? []).map((id) => ({ id, object: "model" })) }
              : { error: { message: `scripted ${status}` } },
          ),
        );
        return;
      }
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(raw) as ChatCompletionBody;
      const index = calls.length;
      calls.push({ body, headers: req.headers });
      const reply = script(body, index, req.headers);
      if ("reset" in reply) {
        req.socket.destroy();
        return;
      }
      if ("hang" in reply) return;
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(reply.body ?? JSON.stringify({ error: { message: `scripted ${reply.status}` } }));
        return;
      }
      if ("rawSse" in reply) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(reply.rawSse);
        return;
      }
      const model = reply.model ?? body.model;
      const send = (): void => {
        if (reply.json || body.stream === false) {
          res.writeHead(200, { "content-type": "application/json" });
          const choice = { index: 0, message: { role: "assistant", content: reply.text }, finish_reason: reply.finishReason ?? "stop" };
          res.end(JSON.stringify({ model, choices: [choice], ...(reply.usage ? { usage: reply.usage } : {}) }));
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        const events = sseEvents(reply, model);
        if (!reply.chunkDelayMs) {
          res.end(events.join(""));
          return;
        }
        let next = 0;
        const tick = (): void => {
          if (res.destroyed) return;
          if (next >= events.length) {
            res.end();
            return;
          }
          res.write(events[next++]);
          setTimeout(tick, reply.chunkDelayMs);
        };
        tick();
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
