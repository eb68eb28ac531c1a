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
 * that ignores the flag and answers with one JSON body is accepted too. A stream that ends
 * without `[DONE]` and without a `finish_reason` was cut off and is retried, never returned as
 * a whole answer; `finish_reason: "length"` is an answer, returned with its finish reason so the
 * caller can flag it. Two clocks bound an attempt: `timeoutMs` is the longest silence (waiting
 * for the headers or between two chunks), `totalTimeoutMs` the deadline of the whole attempt, so
 * a slow but live stream is not killed by the silence timeout.
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
  /** Sent as `seed` (servers that support it sample reproducibly). */
  seed?: number;
  /** Longest silence in an attempt (before the headers, between chunks), default from the client. */
  timeoutMs?: number;
  /** Deadline of one whole attempt, default from the client. */
  totalTimeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Called with each piece of the answer as it arrives (each SSE delta; the whole text once for a
   * JSON body), e.g. to decode the stream (time-to-intent.ts). A retried attempt starts over.
   */
  onText?: (text: string) => void;
}

/** Token counts as the server reported them (`usage`). */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatResult {
  /** The answer, trimmed; "" when `error` is set. */
  text: string;
  /** Seconds from the first attempt's start to the end, backoff included. */
  elapsed: number;
  /** Retries used (0 = the first attempt settled it). */
  retries: number;
  error?: string;
  /** Whether the final error was a transport failure (retries exhausted). */
  transient?: boolean;
  /** HTTP status of the final error, when the server answered one. */
  status?: number;
  /** System error code of a failed connection (ECONNREFUSED, ENOTFOUND, ...). */
  errorCode?: string;
  /** The server's finish_reason ("stop", "length", ...), when it sent one. */
  finishReason?: string;
  usage?: ChatUsage;
  /** The model name the server reported in its answer (may carry a version). */
  model?: string;
}

/** The outcome of `probe`: whether a model answers on this endpoint, and how we found out. */
export type ProbeResult = { ok: true; via: "models" | "completion" } | { ok: false; error: string; status?: number; errorCode?: string };

export interface ChatClient {
  complete(request: ChatRequest): Promise<ChatResult>;
  /** Where the client sends requests, as recorded (no credentials). */
  readonly endpoint?: string;
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
  /** Longest silence in an attempt: before the headers or between two chunks. */
  timeoutMs?: number;
  /** Deadline of one whole attempt. */
  totalTimeoutMs?: number;
  /** Answers longer than this many characters are refused (a runaway or hostile server). */
  maxResponseChars?: number;
  headers?: Record<string, string>;
  /** Injection points for tests and custom transports. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The defaults of every endpoint option that has one. */
export type EndpointDefaults = Required<
  Pick<EndpointOptions, "stream" | "maxRetries" | "backoffMs" | "maxBackoffMs" | "timeoutMs" | "totalTimeoutMs" | "maxResponseChars">
>;

export const DEFAULT_ENDPOINT: Readonly<EndpointDefaults> = {
  stream: true,
  maxRetries: 2,
  backoffMs: 2000,
  maxBackoffMs: 30_000,
  timeoutMs: 60_000,
  totalTimeoutMs: 600_000,
  maxResponseChars: 1_000_000,
};

/** One failed attempt: its message, whether it is worth retrying, and the server's hint. */
class AttemptError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly retryAfterMs?: number,
    readonly status?: number,
    readonly code?: string,
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

/** What one attempt brought back. */
interface Answer {
  text: string;
  finishReason?: string;
  usage?: ChatUsage;
  model?: string;
}

/** Collects the provenance fields (finish_reason, usage, model) as events arrive. */
function noteMeta(answer: Answer, event: unknown): void {
  const e = event as { model?: unknown; usage?: unknown; choices?: Array<{ finish_reason?: unknown }> };
  if (typeof e?.model === "string" && e.model !== "") answer.model = e.model;
  const finish = e?.choices?.[0]?.finish_reason;
  if (typeof finish === "string" && finish !== "") answer.finishReason = finish;
  const usage = e?.usage as Record<string, unknown> | undefined;
  if (usage && typeof usage === "object" && Number.isFinite(usage.prompt_tokens) && Number.isFinite(usage.completion_tokens)) {
    const prompt = usage.prompt_tokens as number;
    const completion = usage.completion_tokens as number;
    answer.usage = {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: Number.isFinite(usage.total_tokens) ? (usage.total_tokens as number) : prompt + completion,
    };
  }
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

/** A silence timer: aborts its signal when `touch` is not called for `ms`. */
class IdleTimer {
  readonly #controller = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  constructor(readonly ms: number) {
    this.touch();
  }
  get signal(): AbortSignal {
    return this.#controller.signal;
  }
  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#controller.abort(), this.ms);
  }
  stop(): void {
    clearTimeout(this.#timer);
  }
}

export class OpenAIChatClient implements ChatClient {
  readonly #base: string;
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
    this.#base = url.href.replace(/\/+$/, "");
    this.#url = `${this.#base}/chat/completions`;
    this.#options = { ...DEFAULT_ENDPOINT, ...options };
    this.#fetch = options.fetch ?? fetch;
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /** The endpoint as recorded in results: scheme, host and path; never credentials or a query. */
  get endpoint(): string {
    const url = new URL(this.#base);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, "");
  }

  async complete(request: ChatRequest): Promise<ChatResult> {
    const { maxRetries, backoffMs, maxBackoffMs } = this.#options;
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.#attempt(request);
        const { text, ...meta } = answer;
        return { text, elapsed: (performance.now() - started) / 1000, retries: attempt, ...meta };
      } catch (error) {
        const failure = error instanceof AttemptError ? error : new AttemptError(String(error), false);
        const elapsed = (performance.now() - started) / 1000;
        if (!failure.transient || attempt >= maxRetries || request.signal?.aborted) {
          return {
            text: "",
            elapsed,
            retries: attempt,
            error: failure.message,
            transient: failure.transient,
            ...(failure.status !== undefined ? { status: failure.status } : {}),
            ...(failure.code !== undefined ? { errorCode: failure.code } : {}),
          };
        }
        const wait = Math.min(maxBackoffMs, failure.retryAfterMs ?? backoffMs * 2 ** attempt);
        await this.#sleep(wait, request.signal);
      }
    }
  }

  /**
   * Whether `model` answers here, before a run spends its budget: `GET /models` when the server
   * lists its models (a model it does not list is not served), else a one-token call.
   */
  async probe(model: string, signal?: AbortSignal): Promise<ProbeResult> {
    const { apiKey, headers, timeoutMs } = this.#options;
    const timeout = AbortSignal.timeout(Math.min(timeoutMs, 15_000));
    let response: Response | undefined;
    try {
      response = await this.#fetch(`${this.#base}/models`, {
        headers: { accept: "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const failure = this.#transportError(error, signal, timeout, timeout, timeoutMs, timeoutMs);
      return { ok: false, error: failure.message, ...(failure.code ? { errorCode: failure.code } : {}) };
    }
    if (response.status === 401 || response.status === 403) {
      const detail = await response.text().catch(() => "");
      return { ok: false, error: `HTTP ${response.status}: ${excerpt(detail)}`, status: response.status };
    }
    if (response.ok) {
      const listed = await response
        .json()
        .then((body: unknown) => (body as { data?: Array<{ id?: unknown }> })?.data?.map((m) => m?.id).filter((id): id is string => typeof id === "string"))
        .catch(() => undefined);
      if (listed && listed.length > 0) {
        if (listed.includes(model)) return { ok: true, via: "models" };
        return { ok: false, error: `model "${model}" is not served by ${this.endpoint} (it lists: ${excerpt(listed.join(", "), 200)})` };
      }
    } else await response.body?.cancel().catch(() => {});
    const answer = await new OpenAIChatClient({ ...this.#options, maxRetries: 0, stream: false }).complete({
      model,
      messages: [{ role: "user", content: "ping" }],
      maxTokens: 1,
      ...(signal ? { signal } : {}),
    });
    if (answer.error === undefined || answer.error === "Empty response from model") return { ok: true, via: "completion" };
    return {
      ok: false,
      error: answer.error,
      ...(answer.status !== undefined ? { status: answer.status } : {}),
      ...(answer.errorCode !== undefined ? { errorCode: answer.errorCode } : {}),
    };
  }

  async #attempt(request: ChatRequest): Promise<Answer> {
    const idle = new IdleTimer(request.timeoutMs ?? this.#options.timeoutMs);
    try {
      return await this.#attemptWith(request, idle);
    } finally {
      idle.stop();
    }
  }

  async #attemptWith(request: ChatRequest, idle: IdleTimer): Promise<Answer> {
    const { stream, apiKey, headers } = this.#options;
    const totalMs = request.totalTimeoutMs ?? this.#options.totalTimeoutMs;
    const deadline = AbortSignal.timeout(totalMs);
    const signal = AbortSignal.any([...(request.signal ? [request.signal] : []), idle.signal, deadline]);
    const fail = (error: unknown): AttemptError => this.#transportError(error, request.signal, idle.signal, deadline, idle.ms, totalMs);
    const body = {
      model: request.model,
      messages: request.messages,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
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
      throw fail(error);
    }
    idle.touch();
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new AttemptError(
        `HTTP ${response.status}: ${excerpt(detail)}`,
        isTransientStatus(response.status),
        retryAfterMs(response.headers.get("retry-after")),
        response.status,
      );
    }
    let answer: Answer;
    try {
      const isSse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
      answer = isSse ? await this.#readStream(response, idle, request.onText) : await this.#readJson(response, idle, request.onText);
    } catch (error) {
      if (error instanceof AttemptError) throw error;
      throw fail(error);
    }
    answer.text = answer.text.trim();
    if (answer.text === "") throw new AttemptError("Empty response from model", true);
    return answer;
  }

  #transportError(error: unknown, caller: AbortSignal | undefined, idle: AbortSignal, deadline: AbortSignal, idleMs: number, totalMs: number): AttemptError {
    if (caller?.aborted) return new AttemptError("aborted by caller", false);
    if (deadline.aborted) return new AttemptError(`timeout: the deadline of ${totalMs} ms passed`, true);
    if (idle.aborted) return new AttemptError(`timeout: no data for ${idleMs} ms`, true);
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new AttemptError(`connection error: ${reason}`, true, undefined, undefined, cause?.code);
  }

  async *#chunks(response: Response, idle: IdleTimer): AsyncGenerator<string> {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let total = 0;
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      idle.touch();
      const text = decoder.decode(bytes, { stream: true });
      total += text.length;
      // The raw stream is a few times longer than its content; bound it generously.
      if (total > this.#options.maxResponseChars * 8) throw new AttemptError("response too large", false);
      yield text;
    }
    yield decoder.decode();
  }

  async #readStream(response: Response, idle: IdleTimer, onText: ChatRequest["onText"]): Promise<Answer> {
    const sse = new SseDecoder();
    const parts: string[] = [];
    const answer: Answer = { text: "" };
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
      noteMeta(answer, event);
      const content = contentOf(event);
      length += content.length;
      if (length > this.#options.maxResponseChars) throw new AttemptError("response too large", false);
      parts.push(content);
      if (content !== "") onText?.(content);
    };
    for await (const chunk of this.#chunks(response, idle)) {
      for (const data of sse.push(chunk)) handle(data);
      if (done) break;
    }
    if (!done) {
      for (const data of sse.end()) handle(data);
      if (!done && parts.length === 0) throw new AttemptError("stream ended before any content", true);
      // Without [DONE] a finish_reason still says the model stopped; without either, the
      // stream was cut off mid-answer and what arrived is not the answer.
      if (!done && answer.finishReason === undefined) throw new AttemptError("stream cut short (no [DONE] and no finish_reason)", true);
    }
    answer.text = parts.join("");
    return answer;
  }

  async #readJson(response: Response, idle: IdleTimer, onText: ChatRequest["onText"]): Promise<Answer> {
    let raw = "";
    for await (const chunk of this.#chunks(response, idle)) raw += chunk;
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
    const answer: Answer = { text };
    noteMeta(answer, body);
    return answer;
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
