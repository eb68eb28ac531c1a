/**
 * The degradation chain code -> json -> natural, driven by a peer that really decodes with the
 * core decode(). Failures are either simulated (decodingPeer's failOn) or real (a test-double
 * channel that corrupts payloads on the way, so the peer's decode genuinely fails).
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SilpError, normalize, type SilpIR, type SilpIRInput } from "silp";
import { Conversation, DEGRADATION_CHAIN_00, agree, decodingPeer, degradationOrder, sendWithDegradation, type Deliver } from "silp/negotiation";
import { corpusDir } from "@silp/testkit/corpus.js";

function loadCase(name: string): SilpIRInput {
  return JSON.parse(readFileSync(join(corpusDir(), "cases", `${name}.json`), "utf8")) as SilpIRInput;
}

/** The parts of an IR a compact payload carries (meta travels outside it). */
function semantic(ir: SilpIR) {
  const { meta: _meta, ...rest } = ir;
  return rest;
}

const ALL = { frontend: "code", mutual: ["code", "json", "natural"] };
const ir = loadCase("case8_conditional_branch");

test("degradationOrder: from the agreed frontend down the chain, mutual frontends only", () => {
  assert.deepEqual(degradationOrder("code", ["code", "json", "natural"]), ["code", "json", "natural"]);
  assert.deepEqual(degradationOrder("json", ["natural", "json", "code"]), ["json", "natural"]);
  assert.deepEqual(degradationOrder("code", ["code", "natural"]), ["code", "natural"]);
  assert.deepEqual(degradationOrder("natural", ["natural", "json"]), ["natural"]);
  assert.deepEqual(degradationOrder("nl_json", ["nl_json", "json"]), ["nl_json", "json"]);
  assert.deepEqual(degradationOrder("code", ["code", "math", "json"], DEGRADATION_CHAIN_00), ["code", "json"]);
});

test("code fails, json succeeds: the peer decodes the same IR, and the log says so", async () => {
  const result = await sendWithDegradation(ir, ALL, decodingPeer({ failOn: ["code"] }));
  assert.equal(result.frontend, "json");
  assert.equal(result.lossless, true);
  assert.ok(result.peerIr);
  assert.deepEqual(semantic(result.peerIr), semantic(normalize(ir)));
  assert.deepEqual(
    result.attempts.map((a) => [a.attempt, a.frontend, a.outcome, a.error?.code]),
    [
      [1, "code", "rejected", "decode_failed"],
      [2, "json", "delivered", undefined],
    ],
  );
  assert.match(result.attempts[0]?.payload ?? "", /^if /);
});

test("a real decode failure (payload corrupted in transit) falls back the same way", async () => {
  const peer = decodingPeer();
  // Test double: a channel that cuts code payloads in half, as a truncating model would.
  const truncatingChannel: Deliver = (payload, frontend, attempt) =>
    peer(frontend === "code" ? `${payload.slice(0, Math.ceil(payload.length / 2))}(` : payload, frontend, attempt);
  for (const name of ["case1_multi_constraint", "case5_tool_branch", "case9_tool_call"]) {
    const input = loadCase(name);
    const result = await sendWithDegradation(input, ALL, truncatingChannel);
    assert.equal(result.frontend, "json", name);
    const first = result.attempts[0];
    assert.equal(first?.outcome, "rejected");
    assert.ok(["invalid_syntax", "decode_failed"].includes(first?.error?.code ?? ""), `${name}: ${first?.error?.code}`);
    assert.deepEqual(semantic(result.peerIr as SilpIR), semantic(normalize(input)), name);
  }
});

test("code and json fail: natural is delivered, marked lossy, with no IR back", async () => {
  const result = await sendWithDegradation(ir, ALL, decodingPeer({ failOn: ["code", "json"] }));
  assert.equal(result.frontend, "natural");
  assert.equal(result.lossless, false);
  assert.equal(result.peerIr, undefined);
  assert.deepEqual(
    result.attempts.map((a) => a.outcome),
    ["rejected", "rejected", "delivered"],
  );
});

test("every frontend fails: decode_failed carrying the full attempt log", async () => {
  await assert.rejects(sendWithDegradation(ir, ALL, decodingPeer({ failOn: ["code", "json", "natural"] })), (error: unknown) => {
    assert.ok(error instanceof SilpError);
    assert.equal(error.code, "decode_failed");
    assert.match(error.message, /code, then json, then natural/);
    assert.doesNotMatch(error.message, /limit/);
    const attempts = error.details?.attempts as Array<{ frontend: string; outcome: string }>;
    assert.deepEqual(
      attempts.map((a) => `${a.frontend}:${a.outcome}`),
      ["code:rejected", "json:rejected", "natural:rejected"],
    );
    return true;
  });
});

test("the bound: maxAttempts stops the walk", async () => {
  let sends = 0;
  const peer = decodingPeer({ failOn: ["code", "json"] });
  const counting: Deliver = (payload, frontend, attempt) => {
    sends++;
    return peer(payload, frontend, attempt);
  };
  await assert.rejects(sendWithDegradation(ir, ALL, counting, { maxAttempts: 2 }), (error: unknown) => {
    return error instanceof SilpError && error.code === "decode_failed" && /limit of 2 attempts/.test(error.message);
  });
  assert.equal(sends, 2);
  await assert.rejects(sendWithDegradation(ir, ALL, counting, { maxAttempts: 0 }), TypeError);
});

test("only mutually supported frontends are tried", async () => {
  const agreement = agree({ versions: ["v1"], frontends: ["code", "json", "natural"] }, { versions: ["v1"], frontends: ["code", "natural"] });
  const result = await sendWithDegradation(ir, agreement, decodingPeer({ failOn: ["code"] }));
  assert.deepEqual(
    result.attempts.map((a) => a.frontend),
    ["code", "natural"],
  );
});

test("allowLossy: false stops before natural and says why", async () => {
  await assert.rejects(sendWithDegradation(ir, ALL, decodingPeer({ failOn: ["code", "json"] }), { allowLossy: false }), (error: unknown) => {
    const attempts = (error as SilpError).details?.attempts as Array<{ frontend: string; outcome: string; error?: { code: string } }>;
    assert.deepEqual(
      attempts.map((a) => `${a.frontend}:${a.outcome}:${a.error?.code}`),
      ["code:rejected:decode_failed", "json:rejected:decode_failed", "natural:skipped:lossy_refused"],
    );
    return (error as SilpError).code === "decode_failed";
  });
});

test("a failure another frontend cannot fix ends the walk with the peer's code", async () => {
  const expired: Deliver = () => ({ ok: false, code: "session_expired", message: "session a1 expired" });
  await assert.rejects(sendWithDegradation(ir, ALL, expired), (error: unknown) => {
    return error instanceof SilpError && error.code === "session_expired" && (error.details?.attempts as unknown[] | undefined)?.length === 1;
  });
  const weird: Deliver = () => ({ ok: false, code: "out_of_cheese" });
  await assert.rejects(sendWithDegradation(ir, ALL, weird), (error: unknown) => {
    return error instanceof SilpError && error.code === "decode_failed" && error.details?.peerCode === "out_of_cheese";
  });
});

test("an invalid IR fails before anything is sent; a frontend this side cannot compile is skipped", async () => {
  let sends = 0;
  const counting: Deliver = () => {
    sends++;
    return { ok: true };
  };
  await assert.rejects(sendWithDegradation({ intent: "cancel", meta: { req_id: "zz" } }, ALL, counting), (error: unknown) => {
    return error instanceof SilpError && error.code === "invalid_ir";
  });
  assert.equal(sends, 0);
  const result = await sendWithDegradation(ir, { frontend: "klingon", mutual: ["klingon", "json"] }, decodingPeer());
  assert.deepEqual(
    result.attempts.map((a) => `${a.frontend}:${a.outcome}:${a.error?.code ?? ""}`),
    ["klingon:skipped:unsupported_frontend", "json:delivered:"],
  );
});

test("a Conversation keeps the attempt log of every send", async () => {
  const conversation = new Conversation(ALL, decodingPeer({ failOn: ["code"] }));
  await conversation.send(ir);
  await conversation.send(loadCase("case2_negation"));
  assert.equal(conversation.log.length, 2);
  assert.deepEqual(
    conversation.log.map((attempts) => attempts.map((a) => a.frontend)),
    [
      ["code", "json"],
      ["code", "json"],
    ],
  );
  const failing = new Conversation(ALL, decodingPeer({ failOn: ALL.mutual }));
  await assert.rejects(failing.send(ir), SilpError);
  assert.deepEqual(
    failing.log.map((attempts) => attempts.length),
    [3],
  );
});
