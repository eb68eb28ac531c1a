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

export type ScriptedReply =
  | { text: string; chunkSize?: number; json?: boolean; delayMs?: number }
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

function sseChunks(text: string, chunkSize: number): string {
  const events: string[] = [];
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += chunkSize) {
    const content = chars.slice(i, i + chunkSize).join("");
    events.push(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
  }
  events.push(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
  events.push("data: [DONE]\n\n");
  return events.join("");
}

export async function scriptedChatServer(script: Script): Promise<ScriptedChatServer> {
  const calls: ScriptedChatServer["calls"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
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
      const send = (): void => {
        if (reply.json || body.stream === false) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: reply.text } }] }));
        } else {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.end(sseChunks(reply.text, reply.chunkSize ?? 7));
        }
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
