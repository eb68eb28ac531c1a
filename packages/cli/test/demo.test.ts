/**
 * `silpc demo` as a real child process: it must exit 0 by itself (a leaked server or socket
 * would keep it alive until the spawn timeout kills it), print the transcript, and leave no
 * port open behind it.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { connect } from "node:net";
import type { DemoTranscript } from "../src/demo/scenario.js";
import { spawnSync } from "node:child_process";

import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";

/** Runs `silpc` from source; the timeout only guards the suite: a demo that hangs fails here. */
function runCli(args: string[]): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

function portIsClosed(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("silpc demo", () => {
  test("--json: negotiation, degradation, sessions with heartbeat, dispatch and refusal; exits 0 and closes its ports", async () => {
    const run = runCli(["demo", "--json", "--no-tokens"]);
    assert.equal(run.signal, null, "the demo must end by itself");
    assert.equal(run.status, 0, run.stderr);
    const transcript = JSON.parse(run.stdout) as DemoTranscript;

    assert.deepEqual(
      transcript.agents.map((a) => [a.name, a.reads]),
      [
        ["alpha", ["code", "json"]],
        ["beta", ["json", "natural"]],
      ],
    );
    for (const agent of transcript.agents) {
      assert.match(agent.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(await portIsClosed(agent.url), `${agent.url} is still open`);
    }

    // Negotiation both ways, statically and by //ping: beta lacks code, so json.
    assert.deepEqual(
      transcript.negotiation.map((n) => [n.from, n.to, n.card.frontend, n.ping.frontend]),
      [
        ["alpha", "beta", "json", "json"],
        ["beta", "alpha", "json", "json"],
      ],
    );
    assert.equal(transcript.negotiation[0]?.ping.pong, "//pong silp=v1 frontends=json,natural prefer=json");

    // Turn 1 went out before negotiation and degraded from code to json.
    const [first] = transcript.turns;
    assert.deepEqual(
      first?.attempts.map((a) => [a.frontend, a.outcome, a.error?.code]),
      [
        ["code", "rejected", "unsupported_frontend"],
        ["json", "delivered", undefined],
      ],
    );
    // The compact payload: A.1's meta (out: "code") travels once, beside it.
    assert.equal(first?.attempts[0]?.payload, "if !rain(t+1): start(hike) else: start(cards@indoor) #{out=code}");
    assert.deepEqual(first?.meta, { req_id: "a1b2c3d4", out: "code" });

    // The appendix examples were decoded with their own req_ids (A.2's corrected to hex).
    const delivered = transcript.turns.filter((t) => t.decoded);
    assert.deepEqual(
      delivered.slice(0, 5).map((t) => [t.example, t.decoded?.reqId]),
      [
        ["A.1", "a1b2c3d4"],
        ["A.2", "e5f6a7b8"],
        ["A.3", "1a2b3c4d"],
        ["A.4", "4a5b6c7d"],
        ["A.5", "5e6f7a8b"],
      ],
    );

    // One session over 7 delivered turns with N=5: renewed after the fifth.
    assert.deepEqual(
      delivered.map((t) => t.session?.turn),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(
      delivered.map((t) => t.session?.contextLength),
      [0, 1, 2, 3, 4, 0, 1],
    );
    assert.equal(new Set(delivered.map((t) => t.session?.id)).size, 1);
    assert.equal(transcript.summary.renewals, 1);

    // Handlers decided from the IR: A.4's constraints picked the hotel; A.5 ran in seq order.
    const a4 = transcript.turns.find((t) => t.example === "A.4");
    assert.match(a4?.handlers?.[0]?.summary ?? "", /Lotus Inn \(420, rating 4\.3\)/);
    const a5 = transcript.turns.find((t) => t.example === "A.5");
    assert.deepEqual(
      a5?.handlers?.map((h) => h.action),
      ["!FETCH", "!PROCESS", "!EMAIL"],
    );

    // The verb outside the whitelist was refused and nothing ran.
    const refused = transcript.turns.filter((t) => t.refused);
    assert.equal(refused.length, 1);
    assert.equal(refused[0]?.refused?.code, "invalid_ir");
    assert.equal(refused[0]?.handlers, undefined);

    // The dialect part: gamma takes x-evolved by hash and reads the 27 study cases in it; delta
    // takes no dialect (the default) and reads them in code; both chose by the shipped costs.
    const [gamma, delta] = transcript.dialects.readers;
    assert.equal(transcript.dialects.cases, 27);
    assert.deepEqual(
      [gamma?.name, gamma?.tokenizer, gamma?.frontend, gamma?.by, gamma?.probes.length, gamma?.sent.length],
      ["gamma", "gpt-4o", "x-evolved", "cost", 4, 1],
    );
    assert.match(gamma?.probes[0] ?? "", /^\/\/ping silp=v1 frontends=x-evolved,code,json dialects=x-evolved@sha256:[0-9a-f]{64}$/);
    assert.match(gamma?.probes[1] ?? "", / want=x-evolved@sha256:[0-9a-f]{64} tokenizer=gpt-4o order=cost prefer=code$/);
    assert.deepEqual([delta?.name, delta?.tokenizer, delta?.frontend, delta?.probes.length, delta?.sent.length], ["delta", "llama-2", "code", 2, 0]);
    assert.deepEqual(new Set(gamma?.turns.map((t) => t.frontend)), new Set(["x-evolved"]));
    assert.deepEqual(new Set(delta?.turns.map((t) => t.frontend)), new Set(["code"]));
    assert.equal(gamma?.turns.length, 27);
    assert.equal(gamma?.totals, undefined, "no token counts with --no-tokens");

    // Token counts are asked off here (they need the lab's tokenizer data): lab/demo-tokens.test.ts.
    assert.deepEqual(transcript.tokens, { unavailable: "token counting switched off" });
  });

  test("the readable transcript shows each payload, its frontend, tokens, the decoded IR and the handlers", () => {
    const run = runCli(["demo", "--no-tokens", "--heartbeat", "5"]);
    assert.equal(run.status, 0, run.stderr);
    const text = run.stdout;
    for (const expected of [
      "attempt 1  code    rejected: unsupported_frontend",
      "by //ping (text): //ping silp=v1 frontends=code,json,natural  =>  //pong silp=v1 frontends=json,natural prefer=json",
      "decoded    !CANCEL(flight, time=t+1pm) + !EMAIL(zhangsan) when loc(me)=Beijing@t+1am [req e5f6a7b8]",
      "handler    !START: !rain@t+1: holds -> started hike",
      "heartbeat: context renewed after this turn (renewal 1)",
      "REFUSED    invalid_ir",
      "no token counts: token counting switched off",
      "All agents are stopped and their ports closed.",
      "dialects by content hash: alpha holds x-evolved; gamma and delta start without it and ask for the cheapest (order=cost)",
      "agreed x-evolved: cheapest lossless for gpt-4o: x-evolved 16.7 tokens (code costs 23.33)",
      "agreed code: cheapest lossless for llama-2: code 29.41 tokens (json costs 60.11)",
    ]) {
      assert.ok(text.includes(expected), `missing: ${expected}`);
    }
  });

  test("a heartbeat outside the spec's values is a usage error", () => {
    const run = runCli(["demo", "--heartbeat", "7"]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--heartbeat must be one of 1, 5, 10, 15, 20, 9999/);
  });
});
