/**
 * TEST DOUBLE: `scriptedChatServer` is a local HTTP server on 127.0.0.1 that speaks the
 * OpenAI chat-completions protocol (POST /v1/chat/completions, SSE or JSON) and answers from a
 * script supplied by the test. It is not a model; no real model is reachable from this machine.
 * It exists so the real client, runner and judge code paths (HTTP, streaming, retries, resume)
 * and the agent frameworks' own OpenAI-compatible providers (tool calls, streamed tool-call
 * arguments) run end to end in tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One message as a client sent it. */
export interface ChatCompletionMessage {
  role: string;
  /**
   * The text of a system, user or assistant message. OpenAI's protocol also allows `null` (an
   * assistant turn that only calls tools) and an array of content parts; the bench's scripts
   * never see those, the framework adapters' tests read them with `messageText`.
   */
  content: string;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  [field: string]: unknown;
}

export interface ChatCompletionBody {
  model: string;
  messages: ChatCompletionMessage[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  /** Every other request field as sent: `tools`, `response_format`, `grammar`, ... */
  [field: string]: unknown;
}

/** The text of a message whatever form its content took (a string, null, or content parts). */
export function messageText(message: ChatCompletionMessage): string {
  const content: unknown = message.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : "",
      )
      .join("");
  }
  return "";
}

/** A text answer and how it is delivered. */
export interface TextReply {
  text: string;
  chunkSize?: number;
  /** Exact stream chunks (they must join to `text`); overrides chunkSize. */
  chunks?: readonly string[];
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

/** A function call the scripted assistant makes. */
export interface ScriptedToolCall {
  /** Default `call_<n>` (n counts from 0 within the reply). */
  id?: string;
  name: string;
  /** The arguments as the model writes them: a JSON text. */
  arguments: string;
}

/** An assistant turn that calls tools (finish_reason "tool_calls"), optionally after some text. */
export interface ToolCallReply {
  toolCalls: readonly ScriptedToolCall[];
  /** Text streamed before the calls (default none: `content: null`). */
  text?: string;
  /** Characters of each call's arguments per stream chunk (default 7). */
  chunkSize?: number;
  json?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
}

export type ScriptedReply =
  | TextReply
  | ToolCallReply
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

/** Fields every chunk and completion carries, as OpenAI's do (some clients require the id). */
function envelope(model: string, index: number, object: "chat.completion" | "chat.completion.chunk") {
  return { id: `chatcmpl-scripted-${index}`, object, created: 1_767_225_600, model };
}

function pieces(text: string, chunkSize: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += chunkSize) out.push(chars.slice(i, i + chunkSize).join(""));
  return out;
}

function textChunks(reply: TextReply): readonly string[] {
  if (!reply.chunks) return pieces(reply.text, reply.chunkSize ?? 7);
  if (reply.chunks.join("") !== reply.text) throw new Error("scripted reply: chunks do not join to text");
  return reply.chunks;
}

function sseEvents(reply: TextReply, model: string, index: number): string[] {
  const head = envelope(model, index, "chat.completion.chunk");
  const events: string[] = [];
  // OpenAI names the role in the first delta only; clients take it for the whole message.
  textChunks(reply).forEach((content, n) => {
    const delta = n === 0 ? { role: "assistant", content } : { content };
    events.push(`data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta }] })}\n\n`);
  });
  if (reply.finishReason !== null) {
    const last = { ...head, choices: [{ index: 0, delta: {}, finish_reason: reply.finishReason ?? "stop" }], ...(reply.usage ? { usage: reply.usage } : {}) };
    events.push(`data: ${JSON.stringify(last)}\n\n`);
  }
  if (reply.done !== false) events.push("data: [DONE]\n\n");
  return events;
}

const callIds = (reply: ToolCallReply) => reply.toolCalls.map((call, n) => call.id ?? `call_${n}`);

/** A tool-call turn as OpenAI streams it: each call opens with its id and name, then its arguments in pieces. */
function toolCallEvents(reply: ToolCallReply, model: string, index: number): string[] {
  const head = envelope(model, index, "chat.completion.chunk");
  const ids = callIds(reply);
  const event = (delta: object, extra: object = {}) => `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta, ...extra }] })}\n\n`;
  const events: string[] = [event({ role: "assistant", content: null })];
  for (const content of reply.text ? pieces(reply.text, 7) : []) events.push(event({ content }));
  reply.toolCalls.forEach((call, n) => {
    events.push(event({ tool_calls: [{ index: n, id: ids[n], type: "function", function: { name: call.name, arguments: "" } }] }));
    for (const part of pieces(call.arguments, reply.chunkSize ?? 7)) events.push(event({ tool_calls: [{ index: n, function: { arguments: part } }] }));
  });
  events.push(
    `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], ...(reply.usage ? { usage: reply.usage } : {}) })}\n\n`,
  );
  events.push("data: [DONE]\n\n");
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
      if ("toolCalls" in reply) {
        if (reply.json || body.stream !== true) {
          const ids = callIds(reply);
          const tool_calls = reply.toolCalls.map((call, n) => ({ id: ids[n], type: "function", function: { name: call.name, arguments: call.arguments } }));
          const choice = { index: 0, message: { role: "assistant", content: reply.text ?? null, tool_calls }, finish_reason: "tool_calls" };
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ ...envelope(body.model, index, "chat.completion"), choices: [choice], ...(reply.usage ? { usage: reply.usage } : {}) }));
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(toolCallEvents(reply, body.model, index).join(""));
        return;
      }
      const model = reply.model ?? body.model;
      const send = (): void => {
        // OpenAI's protocol: without `stream: true` the answer is one JSON body.
        if (reply.json || body.stream !== true) {
          res.writeHead(200, { "content-type": "application/json" });
          const choice = { index: 0, message: { role: "assistant", content: reply.text }, finish_reason: reply.finishReason ?? "stop" };
          res.end(JSON.stringify({ ...envelope(model, index, "chat.completion"), choices: [choice], ...(reply.usage ? { usage: reply.usage } : {}) }));
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        const events = sseEvents(reply, model, index);
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

/**
 * TEST DOUBLE script for a model that makes one tool call and then says "done": `call(name, args)`
 * sets the call the next request answers with; a request whose last message is the tool's result
 * (or one with no call set) gets the text "done". For tests that read what a framework sends its
 * model back as the tool message.
 */
export function oneToolCallScript(): { script: Script; call(name: string, args: Record<string, unknown>): void } {
  let next: { name: string; args: Record<string, unknown> } | undefined;
  const script: Script = (body) => {
    if (body.messages.at(-1)?.role === "tool" || next === undefined) return { text: "done" };
    const { name, args } = next;
    next = undefined;
    return { toolCalls: [{ name, arguments: JSON.stringify(args) }] };
  };
  const call = (name: string, args: Record<string, unknown>): void => {
    next = { name, args };
  };
  return { script, call };
}
