/**
 * Time to intent: the chat client hands each streamed delta to `onText`, and
 * watchIntent knows the intent as soon as the first call's name is complete, before the answer
 * ends. Against the scriptedChatServer test double (127.0.0.1), and with an injected clock.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, test } from "vitest";
import { scriptedChatServer, type Script, type ScriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { OpenAIChatClient } from "../src/client/chat-client.js";
import { watchIntent } from "../src/client/time-to-intent.js";

describe("time to intent", () => {
  let script: Script = () => ({ text: "" });
  let server: ScriptedChatServer;
  beforeAll(async () => {
    server = await scriptedChatServer((body, i, headers) => script(body, i, headers));
  });
  afterAll(() => server.close());

  const answer = "if !rain(t+1): start(hike, with=bob) else: start(cards@indoor)";

  test("onText receives every streamed delta, in order, and they add up to the answer", async () => {
    script = () => ({ text: answer, chunkSize: 4 });
    const pieces: string[] = [];
    const result = await new OpenAIChatClient({ baseUrl: server.baseUrl }).complete({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      onText: (text) => pieces.push(text),
    });
    assert.equal(result.text, answer);
    assert.ok(pieces.length >= Math.floor(answer.length / 4), `${pieces.length} deltas`);
    assert.equal(pieces.join(""), answer);
  });

  test("the intent is known at the piece holding the first call's (, long before the answer ends", async () => {
    script = () => ({ text: answer, chunkSize: 4 });
    let clock = 0;
    const watcher = watchIntent("code", { whitelist: "off" }, () => clock);
    await new OpenAIChatClient({ baseUrl: server.baseUrl }).complete({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      onText: (text) => {
        clock += 1000; // one second per delta
        watcher.onText(text);
      },
    });
    const timing = watcher.timing();
    assert.equal(timing.intent, "!START");
    // "if !rain(t+1): start(" is 21 characters: the intent arrives with the 6th 4-character delta.
    assert.equal(timing.intentAfterChars, 24);
    assert.equal(timing.intentSeconds, 6);
  });

  test("a json answer: the intent with its property", () => {
    const watcher = watchIntent("json", undefined, () => 0);
    for (const piece of ['{"intent":"!ST', 'ART","act":"hi', 'ke"}']) watcher.onText(piece);
    assert.deepEqual(watcher.timing(), { intent: "!START", intentSeconds: 0, intentAfterChars: 28 });
  });

  test("an answer without a payload never reports an intent", () => {
    const watcher = watchIntent("code", undefined, () => 0);
    watcher.onText("I cannot help with that.");
    assert.deepEqual(watcher.timing(), {});
  });
});
