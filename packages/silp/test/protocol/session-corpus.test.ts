/**
 * Replays the study's phase3_heartbeat sessions (2,160 records, 144 sessions of 15 turns at
 * N in {1,5,10,15,20,9999}) through the session manager: the context each of our turns sees
 * must have the length the study recorded as `context_turns` and hold the earlier payloads.
 *
 * One session deviates in the data itself: the study's runner skips a turn whose model call
 * failed without adding it to the history, and resumes it in a later run, so a resumed session
 * can carry a shorter history. Those records must be shorter, never longer, than the rule says.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { SessionManager, assertHeartbeat } from "silp/session";
import { corpusDir } from "@silp/testkit/corpus.js";

interface HeartbeatRecord {
  model: string;
  n_value: number;
  seed: number;
  turn: number;
  session_id: string;
  context_turns: number;
  encoded: string;
}

function loadRecords(): HeartbeatRecord[] {
  const dir = join(corpusDir(), "phase3_heartbeat");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .flatMap((name) =>
      readFileSync(join(dir, name), "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as HeartbeatRecord),
    );
}

test("the study's heartbeat sessions: our context sizes match the recorded context_turns", async () => {
  const records = loadRecords();
  assert.equal(records.length, 2160);
  const sessions = new Map<string, HeartbeatRecord[]>();
  for (const record of records) {
    const key = `${record.model}|${record.n_value}|${record.seed}`;
    sessions.set(key, [...(sessions.get(key) ?? []), record]);
  }
  assert.equal(sessions.size, 144);

  const manager = new SessionManager<string>();
  let matching = 0;
  const deviating = new Set<string>();
  for (const [key, turns] of sessions) {
    turns.sort((a, b) => a.turn - b.turn);
    assert.deepEqual(
      turns.map((t) => t.turn),
      Array.from({ length: 15 }, (_, t) => t),
      key,
    );
    const { id } = await manager.create({ heartbeat: assertHeartbeat(turns[0]?.n_value) });
    for (const record of turns) {
      const result = await manager.turn(id, record.encoded);
      assert.equal(result.turn, record.turn);
      if (result.context.length === record.context_turns) {
        matching++;
        // The window holds exactly the previous payloads since the last renewal.
        const previous = turns.slice(record.turn - record.context_turns, record.turn).map((t) => t.encoded);
        assert.deepEqual(result.context, previous, `${key} turn ${record.turn}`);
      } else {
        assert.ok(record.context_turns < result.context.length, `${key} turn ${record.turn}: study history longer than the rule`);
        deviating.add(key);
      }
    }
    await manager.end(id);
  }
  // Checked independently against the raw JSONL: 13 records of one resumed kimi session
  // (N=20, seed 5, turns 2-14) carry a history two turns shorter than the rule gives.
  assert.equal(matching, 2147);
  assert.deepEqual([...deviating], ["kimi-k2.6|20|5"]);
});
