/**
 * Following the AI SDK's text as it grows (src/follow.ts): the SDK hands the whole text so far on
 * every delta, built by appending, which V8 joins lazily. Reading it must stay linear in the
 * stream, also past the size where a copy of a text that is not all Latin-1 goes to a heap space
 * of its own (64k characters), and no part may be lost to reading a long text in steps. The texts
 * here are built by appending one character at a time, as the SDK builds its own.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { streamText } from "ai";
import { characterStreamModel } from "@silp/testkit/lab/ai-sdk-stream-test-double.js";
import { compile, type SilpIRInput, type StreamPart } from "silp";
import { silpOutput } from "@silp/ai-sdk";
import { assertLinearTime } from "@silp/testkit/linear-time.js";
import { type FollowedText, TextFollower } from "../src/follow.js";

/** An IR whose code payload is about `chars` characters, with values that are not Latin-1. */
function longIr(chars: number): SilpIRInput {
  const entities: SilpIRInput["entities"] = [];
  for (let i = 0; entities.length * 17 < chars; i++) entities.push({ id: `k${i}`, value: `Москва_${i}` });
  return { intent: "!PROCESS", entities, meta: { req_id: "0badc0de" } };
}

const payloadOf = (chars: number) => compile(longIr(chars), "code", { whitelist: "off", inlineMeta: false });

/** Every part a follower reports, handed the text one character longer each time, then caught up. */
function followAll(text: string): StreamPart[] {
  const follower = new TextFollower("code", { whitelist: "off" });
  let grown = "";
  let parts: readonly StreamPart[] = [];
  for (const char of text) {
    grown += char;
    parts = follower.follow(grown)?.parts ?? parts;
  }
  return [...(follower.catchUp()?.parts ?? parts)];
}

describe("TextFollower", () => {
  test("linear in the text: 8x the characters (80k, not Latin-1) take less than 22.6x the time", () => {
    assertLinearTime("follow, 1-character deltas", followAll, payloadOf(10_000), payloadOf(80_000));
  });

  test("a long text read in steps loses no part: the intent and every entity, in order, once", () => {
    const ir = longIr(50_000);
    const parts = followAll(payloadOf(50_000));
    assert.equal(parts[0]?.kind, "intent");
    const values = parts.filter((part) => part.kind === "entity").map((part) => (part.kind === "entity" ? part.entity.value : ""));
    assert.deepEqual(
      values,
      (ir.entities ?? []).map((entity) => entity.value),
    );
  });

  test("a partial IR at every part for the first 64, then each time the parts grew by a 64th; the last partial holds them all", () => {
    const ir = longIr(20_000);
    const text = payloadOf(20_000);
    const follower = new TextFollower("code", { whitelist: "off" });
    const handed: number[] = [];
    let last: FollowedText | undefined;
    let grown = "";
    for (const char of text) {
      grown += char;
      const followed = follower.follow(grown);
      if (followed) handed.push(followed.parts.length);
      last = followed ?? last;
    }
    const caught = follower.catchUp();
    if (caught) handed.push(caught.parts.length);
    last = caught ?? last;
    const total = 1 + (ir.entities?.length ?? 0);
    assert.ok(total > 1000, `${total} parts`);
    // Each handed-over partial has at least max(1, a 64th of the last) more parts than the one before.
    for (let i = 1; i < handed.length; i++) {
      const step = (handed[i] as number) - (handed[i - 1] as number);
      assert.ok(step >= Math.max(1, (handed[i - 1] as number) / 64) || i === handed.length - 1, `step ${step} after ${handed[i - 1]}`);
    }
    assert.deepEqual(
      handed.slice(0, 64),
      Array.from({ length: 64 }, (_, i) => i + 1),
      "one partial per part while they are few",
    );
    assert.ok(handed.length < total / 4, `${handed.length} partials for ${total} parts`);
    assert.equal(handed.at(-1), total);
    assert.equal(last?.partial.entities.length, total - 1);
  });

  test("a shorter text starts over, and so does one of the same length with another end", () => {
    const follower = new TextFollower("code", undefined);
    assert.equal(follower.follow("cancel(flight)")?.partial.intent, "!CANCEL");
    assert.equal(follower.follow("book(")?.partial.intent, "!BOOK");
    assert.equal(follower.follow("start(")?.partial.intent, "!START", "a text as long as the one read whose end differs");
  });
});

test("streamText: the element stream yields every part of a 70k-character payload once, the last ones included", async () => {
  const text = payloadOf(70_000);
  const model = characterStreamModel(text);
  const result = streamText({ model, prompt: "go", output: silpOutput({ decodeOptions: { whitelist: "off" } }) });
  const elements: StreamPart[] = [];
  for await (const part of result.elementStream) elements.push(part);
  const entities = longIr(70_000).entities?.length ?? 0;
  assert.equal(elements.length, 1 + entities);
  assert.equal((await result.output).ir.entities.length, entities);
});
