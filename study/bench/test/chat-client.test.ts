import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { OpenAIChatClient, endpointFromEnv } from "../src/client/chat-client.js";
import { SseDecoder } from "../src/client/sse.js";
import { scriptedChatServer, type Script, type ScriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

describe("SseDecoder", () => {
  test("joins data lines, handles CRLF/CR split across chunks and ignores comments", () => {
    const sse = new SseDecoder();
    const events = [
      ...sse.push(": keepalive\r"),
      ...sse.push("\ndata: a\r\ndata:b\r"),
      ...sse.push('\n\r\nevent: x\ndata: {"k"'),
      ...sse.push(":1}\n\n"),
      ...sse.push("data: tail"),
      ...sse.end(),
    ];
    assert.deepEqual(events, ["a\nb", '{"k":1}', "tail"]);
  });
});

describe("OpenAIChatClient against the scriptedChatServer test double", () => {
  let script: Script = () => ({ text: "ok" });
  let server: ScriptedChatServer;
  const sleeps: number[] = [];
  const client = (extra: Partial<ConstructorParameters<typeof OpenAIChatClient>[0]> = {}) =>
    new OpenAIChatClient({
      baseUrl: server.baseUrl,
      apiKey: "sk-test",
      sleep: async (ms) => void sleeps.push(ms),
      ...extra,
    });
  const ask = (c: OpenAIChatClient, timeoutMs?: number) =>
    c.complete({ model: "m", messages: [{ role: "user", content: "hi" }], maxTokens: 256, temperature: 0, ...(timeoutMs ? { timeoutMs } : {}) });

  beforeAll(async () => {
    server = await scriptedChatServer((body, i, headers) => script(body, i, headers));
  });
  afterAll(() => server.close());

  test("streams SSE deltas, sends the study's parameters and the bearer key", async () => {
    script = () => ({ text: "  你好, decoded intent: cancel(flight)  ", chunkSize: 3 });
    const before = server.calls.length;
    const result = await ask(client());
    assert.equal(result.error, undefined);
    assert.equal(result.text, "你好, decoded intent: cancel(flight)");
    assert.equal(result.retries, 0);
    const call = server.calls[before]!;
    assert.equal(call.body.stream, true);
    assert.equal(call.body.max_tokens, 256);
    assert.equal(call.body.temperature, 0);
    assert.equal(call.headers.authorization, "Bearer sk-test");
  });

  test("accepts a plain JSON body from a server that ignores stream", async () => {
    script = () => ({ text: "json answer", json: true });
    assert.equal((await ask(client())).text, "json answer");
    assert.equal((await ask(client({ stream: false }))).text, "json answer");
  });

  test("retries transport failures (5xx, 429 with Retry-After, reset, empty) with backoff", async () => {
    sleeps.length = 0;
    const replies = [{ status: 503 }, { status: 429, headers: { "retry-after": "1" } }, { reset: true as const }, { text: "   " }, { text: "finally" }];
    let n = 0;
    script = () => replies[n++]!;
    const result = await ask(client({ maxRetries: 5, backoffMs: 100 }));
    assert.equal(result.text, "finally");
    assert.equal(result.retries, 4);
    assert.deepEqual(sleeps, [100, 1000, 400, 800]);
  });

  test("does not retry a refused request (401, 404, 400)", async () => {
    for (const status of [401, 404, 400]) {
      sleeps.length = 0;
      script = () => ({ status, body: '{"error":{"message":"no"}}' });
      const result = await ask(client({ maxRetries: 3 }));
      assert.equal(result.retries, 0);
      assert.equal(result.transient, false);
      assert.match(result.error ?? "", new RegExp(`^HTTP ${status}`));
      assert.deepEqual(sleeps, []);
    }
  });

  test("gives up after maxRetries and reports the last transport error", async () => {
    script = () => ({ status: 502 });
    const result = await ask(client({ maxRetries: 2 }));
    assert.equal(result.retries, 2);
    assert.equal(result.transient, true);
    assert.match(result.error ?? "", /^HTTP 502/);
  });

  test("a hanging server times out, and the timeout is retried", async () => {
    let n = 0;
    script = () => (n++ === 0 ? { hang: true } : { text: "after timeout" });
    const result = await ask(client({ maxRetries: 1 }), 200);
    assert.equal(result.text, "after timeout");
    assert.equal(result.retries, 1);
  });

  test("broken and hostile streams become errors, never crashes", async () => {
    script = () => ({ rawSse: "data: {not json\n\n" });
    assert.match((await ask(client({ maxRetries: 0 }))).error ?? "", /malformed stream event/);
    script = () => ({ rawSse: 'data: {"error":{"message":"overloaded","code":529}}\n\n' });
    const overloaded = await ask(client({ maxRetries: 0 }));
    assert.equal(overloaded.transient, true);
    script = () => ({ rawSse: 'data: {"error":{"message":"content filter"}}\n\n' });
    assert.equal((await ask(client({ maxRetries: 3 }))).retries, 0);
    script = () => ({ text: "x".repeat(5000), chunkSize: 1000 });
    assert.equal((await ask(client({ maxResponseChars: 1000 }))).error, "response too large");
  });

  test("an unreachable port is a connection error", async () => {
    const c = new OpenAIChatClient({ baseUrl: "http://127.0.0.1:9/v1", maxRetries: 0 });
    const result = await ask(c);
    assert.match(result.error ?? "", /^connection error/);
  });

  test("base URL and key come from flags first, then the environment", () => {
    assert.deepEqual(endpointFromEnv({}, { OPENAI_BASE_URL: "http://a/v1", OPENAI_API_KEY: "k" }), { baseUrl: "http://a/v1", apiKey: "k" });
    assert.deepEqual(endpointFromEnv({ baseUrl: "http://b/v1" }, { SILP_BENCH_BASE_URL: "http://c/v1" }), { baseUrl: "http://b/v1", apiKey: undefined });
    assert.deepEqual(endpointFromEnv({}, { SILP_BENCH_BASE_URL: "", OPENAI_BASE_URL: "http://d/v1" }), { baseUrl: "http://d/v1", apiKey: undefined });
    assert.throws(() => new OpenAIChatClient({ baseUrl: "ftp://x" }), TypeError);
    assert.throws(() => new OpenAIChatClient({ baseUrl: "not a url" }), TypeError);
  });
});
