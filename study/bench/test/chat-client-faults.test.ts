/**
 * The client against faults of a real server: cut streams,
 * `finish_reason: "length"`, slow but live streams, usage and the returned model name, elapsed
 * over every attempt, and the probe that runs before a benchmark. The servers are TEST DOUBLES
 * (scriptedChatServer, faultInjectingChatServer) on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { OpenAIChatClient } from "../src/client/chat-client.js";
import { scriptedChatServer, type Script, type ScriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { refusedBaseUrl } from "@silp/testkit/fault-injecting-chat-server.js";

describe("OpenAIChatClient: streams that end badly, slow streams, provenance of an answer", () => {
  let script: Script = () => ({ text: "ok" });
  let server: ScriptedChatServer;
  const client = (extra: Partial<ConstructorParameters<typeof OpenAIChatClient>[0]> = {}) =>
    new OpenAIChatClient({ baseUrl: server.baseUrl, sleep: async () => {}, ...extra });
  const ask = (c: OpenAIChatClient, extra: { timeoutMs?: number; totalTimeoutMs?: number } = {}) =>
    c.complete({ model: "m", messages: [{ role: "user", content: "hi" }], maxTokens: 64, temperature: 0, ...extra });

  beforeAll(async () => {
    server = await scriptedChatServer((body, i, headers) => script(body, i, headers), { models: ["m", "judge"] });
  });
  afterAll(() => server.close());

  test("a stream that ends without [DONE] and without finish_reason is cut short: retried, not judged", async () => {
    const start = server.calls.length;
    script = (_b, i) =>
      i === start ? { text: "The payload asks to can", finishReason: null, done: false } : { text: "The payload asks to cancel the flight." };
    const result = await ask(client());
    assert.equal(result.text, "The payload asks to cancel the flight.");
    assert.equal(result.retries, 1);
    script = () => ({ text: "half an answ", finishReason: null, done: false });
    const failed = await ask(client({ maxRetries: 1 }));
    assert.equal(failed.text, "");
    assert.match(failed.error ?? "", /cut short/);
    assert.equal(failed.transient, true);
  });

  test('finish_reason "length" is returned (the answer is kept: it is an answer, flagged); usage and the model name are too', async () => {
    script = () => ({
      text: "Cancel the fli",
      finishReason: "length",
      usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
      model: "m-2026-01",
    });
    const result = await ask(client());
    assert.equal(result.text, "Cancel the fli");
    assert.equal(result.finishReason, "length");
    assert.deepEqual(result.usage, { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 });
    assert.equal(result.model, "m-2026-01");
    script = () => ({ text: "json body", json: true, usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }, model: "m-json" });
    const json = await ask(client({ stream: false }));
    assert.equal(json.finishReason, "stop");
    assert.deepEqual(json.usage, { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
    assert.equal(json.model, "m-json");
  });

  test("the timeout is between chunks: a live stream slower in total than the timeout finishes; the total deadline is separate", async () => {
    // 5 events 150 ms apart: about 750 ms in all, never more than 150 ms of silence.
    script = () => ({ text: "abcdefghij", chunkSize: 3, chunkDelayMs: 150 });
    const live = await ask(client({ maxRetries: 0 }), { timeoutMs: 400 });
    assert.equal(live.error, undefined, live.error);
    assert.equal(live.text, "abcdefghij");
    const deadline = await ask(client({ maxRetries: 0 }), { timeoutMs: 400, totalTimeoutMs: 300 });
    assert.match(deadline.error ?? "", /deadline/);
    script = () => ({ hang: true });
    const silent = await ask(client({ maxRetries: 0 }), { timeoutMs: 200 });
    assert.match(silent.error ?? "", /no data for 200 ms/);
  });

  test("elapsed covers every attempt, not only the last", async () => {
    const start = server.calls.length;
    script = (_b, i) => (i === start ? { hang: true } : { text: "fine" });
    const result = await ask(client(), { timeoutMs: 300 });
    assert.equal(result.retries, 1);
    assert.ok(result.elapsed >= 0.3, `elapsed ${result.elapsed}`);
  });

  test("a failed call carries its HTTP status, a refused connection its code", async () => {
    script = () => ({ status: 401 });
    assert.equal((await ask(client())).status, 401);
    const refused = new OpenAIChatClient({ baseUrl: await refusedBaseUrl(), maxRetries: 0, sleep: async () => {} });
    const result = await ask(refused);
    assert.equal(result.errorCode, "ECONNREFUSED");
  });

  test("probe: /v1/models lists the model, or a one-token call answers; refusals are reported", async () => {
    script = () => ({ text: "ok" });
    assert.deepEqual(await client().probe("m"), { ok: true, via: "models" });
    const missing = await client().probe("other");
    assert.equal(missing.ok, false);
    assert.match(missing.ok ? "" : missing.error, /not served.*m, judge/);
    const refused = await new OpenAIChatClient({ baseUrl: await refusedBaseUrl(), sleep: async () => {} }).probe("m");
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? "" : refused.error, /ECONNREFUSED/);
  });
});

describe("probe without /v1/models", () => {
  let server: ScriptedChatServer;
  beforeAll(async () => {
    server = await scriptedChatServer((body) => (body.model === "m" ? { text: "k" } : { status: 401 }));
  });
  afterAll(() => server.close());

  test("falls back to a one-token call; a 401 there fails the probe with the status", async () => {
    const c = new OpenAIChatClient({ baseUrl: server.baseUrl, sleep: async () => {} });
    assert.deepEqual(await c.probe("m"), { ok: true, via: "completion" });
    assert.equal(server.calls.at(-1)!.body.max_tokens, 1);
    const denied = await c.probe("x");
    assert.deepEqual(denied.ok ? {} : { status: denied.status }, { status: 401 });
  });
});
