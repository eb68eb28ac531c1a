/**
 * A client for OpenAI-compatible chat-completion endpoints (`POST {baseUrl}/chat/completions`).
 *
 * Policy, as in the study: a request either yields the model's text or an error string; it never
 * throws for a failed call. Only transport failures are retried, with exponential backoff —
 * connection errors, timeouts, HTTP 408/429/5xx, a stream cut short, an empty answer. A request
 * the server refuses (400, 401, 403, 404, ...) is returned at once: retrying cannot change it.
 * A model's wrong answer is not an error at all; judging is someone else's job.
 *
 * Streaming (SSE, `stream: true`) is the default because some proxies only speak SSE; a server
 * that ignores the flag and answers with one JSON body is accepted too.
 */
import { SseDecoder } from "./sse.js";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: readonly ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Per-attempt timeout covering the whole response, default from the client. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Called with each piece of the answer as it arrives (each SSE delta; the whole text once for a
   * JSON body), e.g. to decode the stream (time-to-intent.ts). A retried attempt starts over.
   */
  onText?: (text: string) => void;
}

export interface ChatResult {
  /** The answer, trimmed; "" when `error` is set. */
  text: string;
  /** Seconds spent in the last attempt (the study's `elapsed`). */
  elapsed: number;
  /** Retries used (0 = the first attempt settled it). */
  retries: number;
  error?: string;
  /** Whether the final error was a transport failure (retries exhausted). */
  transient?: boolean;
}

export interface ChatClient {
  complete(request: ChatRequest): Promise<ChatResult>;
}

export interface EndpointOptions {
  /** e.g. `https://api.example.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  stream?: boolean;
  maxRetries?: number;
  /** First backoff; doubles per retry (the study: 2 s, 4 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  timeoutMs?: number;
  /** Answers longer than this many characters are refused (a runaway or hostile server). */
  maxResponseChars?: number;
  headers?: Record<string, string>;
  /** Injection points for tests and custom transports. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The defaults of every endpoint option that has one. */
export type EndpointDefaults = Required<Pick<EndpointOptions, "stream" | "maxRetries" | "backoffMs" | "maxBackoffMs" | "timeoutMs" | "maxResponseChars">>;

export const DEFAULT_ENDPOINT: Readonly<EndpointDefaults> = {
  stream: true,
  maxRetries: 2,
  backoffMs: 2000,
  maxBackoffMs: 30_000,
  timeoutMs: 60_000,
  maxResponseChars: 1_000_000,
};

/** One failed attempt: its message, whether it is worth retrying, and the server's hint. */
class AttemptError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function excerpt(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Text of one chunk or body: `choices[0].delta.content` (stream) or `.message.content`. */
function contentOf(event: unknown): string {
  const choice = (event as { choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }> })?.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return typeof content === "string" ? content : "";
}

function errorOf(event: unknown): AttemptError | undefined {
  const error = (event as { error?: unknown })?.error;
  if (error === undefined || error === null) return undefined;
  const detail = typeof error === "object" ? (error as Record<string, unknown>) : { message: error };
  const code = Number(detail.code ?? detail.status);
  const kind = `${String(detail.type ?? "")} ${String(detail.message ?? "")}`;
  const transient = isTransientStatus(code) || /overload|rate.?limit|timeout|unavailable|server.?error/i.test(kind);
  return new AttemptError(`stream error: ${excerpt(JSON.stringify(error))}`, transient);
}

export class OpenAIChatClient implements ChatClient {
  readonly #url: string;
  readonly #options: EndpointOptions & EndpointDefaults;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: EndpointOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`not a URL: ${options.baseUrl}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`base URL must be http(s): ${options.baseUrl}`);
    this.#url = `${url.href.replace(/\/+$/, "")}/chat/completions`;
    this.#options = { ...DEFAULT_ENDPOINT, ...options };
    this.#fetch = options.fetch ?? fetch;
    this.#sleep = options.sleep ?? defaultSleep;
  }

  async complete(request: ChatRequest): Promise<ChatResult> {
    const { maxRetries, backoffMs, maxBackoffMs } = this.#options;
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      try {
        const text = await this.#attempt(request);
        return { text, elapsed: (performance.now() - started) / 1000, retries: attempt };
      } catch (error) {
        const failure = error instanceof AttemptError ? error : new AttemptError(String(error), false);
        const elapsed = (performance.now() - started) / 1000;
        if (!failure.transient || attempt >= maxRetries || request.signal?.aborted) {
          return { text: "", elapsed, retries: attempt, error: failure.message, transient: failure.transient };
        }
        const wait = Math.min(maxBackoffMs, failure.retryAfterMs ?? backoffMs * 2 ** attempt);
        await this.#sleep(wait, request.signal);
      }
    }
  }

  async #attempt(request: ChatRequest): Promise<string> {
    const { stream, timeoutMs, apiKey, headers } = this.#options;
    const timeout = AbortSignal.timeout(request.timeoutMs ?? timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const body = {
      model: request.model,
      messages: request.messages,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      stream,
    };
    let response: Response;
    try {
      response = await this.#fetch(this.#url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: stream ? "text/event-stream" : "application/json",
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw this.#transportError(error, request, timeout);
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new AttemptError(
        `HTTP ${response.status}: ${excerpt(detail)}`,
        isTransientStatus(response.status),
        retryAfterMs(response.headers.get("retry-after")),
      );
    }
    let text: string;
    try {
      const isSse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
      text = isSse ? await this.#readStream(response, request.onText) : await this.#readJson(response, request.onText);
    } catch (error) {
      if (error instanceof AttemptError) throw error;
      throw this.#transportError(error, request, timeout);
    }
    text = text.trim();
    if (text === "") throw new AttemptError("Empty response from model", true);
    return text;
  }

  #transportError(error: unknown, request: ChatRequest, timeout: AbortSignal): AttemptError {
    if (request.signal?.aborted) return new AttemptError("aborted by caller", false);
    if (timeout.aborted) return new AttemptError(`timeout after ${request.timeoutMs ?? this.#options.timeoutMs} ms`, true);
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new AttemptError(`connection error: ${reason}`, true);
  }

  async *#chunks(response: Response): AsyncGenerator<string> {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let total = 0;
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(bytes, { stream: true });
      total += text.length;
      // The raw stream is a few times longer than its content; bound it generously.
      if (total > this.#options.maxResponseChars * 8) throw new AttemptError("response too large", false);
      yield text;
    }
    yield decoder.decode();
  }

  async #readStream(response: Response, onText: ChatRequest["onText"]): Promise<string> {
    const sse = new SseDecoder();
    const parts: string[] = [];
    let length = 0;
    let done = false;
    const handle = (data: string): void => {
      if (done) return;
      if (data.trim() === "[DONE]") {
        done = true;
        return;
      }
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        throw new AttemptError(`malformed stream event: ${excerpt(data, 80)}`, true);
      }
      const failure = errorOf(event);
      if (failure) throw failure;
      const content = contentOf(event);
      length += content.length;
      if (length > this.#options.maxResponseChars) throw new AttemptError("response too large", false);
      parts.push(content);
      if (content !== "") onText?.(content);
    };
    for await (const chunk of this.#chunks(response)) {
      for (const data of sse.push(chunk)) handle(data);
      if (done) break;
    }
    if (!done) {
      for (const data of sse.end()) handle(data);
      // A stream that stops without [DONE] and without text was cut short.
      if (!done && parts.length === 0) throw new AttemptError("stream ended before any content", true);
    }
    return parts.join("");
  }

  async #readJson(response: Response, onText: ChatRequest["onText"]): Promise<string> {
    let raw = "";
    for await (const chunk of this.#chunks(response)) raw += chunk;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AttemptError(`malformed response body: ${excerpt(raw, 80)}`, true);
    }
    const failure = errorOf(body);
    if (failure) throw failure;
    const text = contentOf(body);
    if (text.length > this.#options.maxResponseChars) throw new AttemptError("response too large", false);
    if (text !== "") onText?.(text);
    return text;
  }
}

/**
 * Endpoint settings from flags, falling back to the environment: SILP_BENCH_BASE_URL /
 * SILP_BENCH_API_KEY, then OPENAI_BASE_URL / OPENAI_API_KEY. An empty value counts as unset.
 */
export function endpointFromEnv(
  flags: { baseUrl?: string; apiKey?: string },
  env: NodeJS.ProcessEnv = process.env,
): { baseUrl: string | undefined; apiKey: string | undefined } {
  const first = (...values: Array<string | undefined>): string | undefined => values.find((v) => v !== undefined && v !== "");
  return {
    baseUrl: first(flags.baseUrl, env.SILP_BENCH_BASE_URL, env.OPENAI_BASE_URL),
    apiKey: first(flags.apiKey, env.SILP_BENCH_API_KEY, env.OPENAI_API_KEY),
  };
}
