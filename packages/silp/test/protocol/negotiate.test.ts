/** Agreement between a sender and a receiver: the receiver's priority wins, checked by both sides. */
import { test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { acceptPong, agree, answerPing, createPing, formatProbe, parseProbeLine, type Capabilities, type Ping } from "silp/negotiation";

const caps = (frontends: string[], versions = ["v1"]): Capabilities => ({ versions, frontends });

function hasCode(code: string) {
  return (error: unknown) => error instanceof SilpError && error.code === code;
}

/** Runs both sides over the text form, as two peers on a model-facing channel would. */
function negotiateOverText(sender: Capabilities, receiver: Capabilities) {
  const pingLine = formatProbe(createPing(sender));
  const ping = parseProbeLine(pingLine) as Ping;
  const answer = answerPing(ping, receiver);
  const pongLine = formatProbe(answer.pong);
  const pong = parseProbeLine(pongLine);
  assert.equal(pong.kind, "pong");
  return { pingLine, pongLine, answer, accept: () => acceptPong(ping, pong as Extract<typeof pong, { kind: "pong" }>) };
}

test("overlapping lists: the first entry of the receiver's list that the sender also lists", () => {
  const run = negotiateOverText(caps(["code", "json", "natural"]), caps(["natural", "json", "nl_json"]));
  assert.equal(run.pingLine, "//ping silp=v1 frontends=code,json,natural");
  assert.equal(run.pongLine, "//pong silp=v1 frontends=natural,json,nl_json prefer=natural");
  const agreement = run.accept();
  assert.equal(agreement.frontend, "natural");
  assert.deepEqual(agreement.mutual, ["natural", "json"]);
  assert.equal(agreement.version, "v1");
  assert.deepEqual(run.answer.agreement, agreement);
});

test("the sender's order does not decide; the receiver's does", () => {
  assert.equal(agree(caps(["code", "json"]), caps(["json", "code"])).frontend, "json");
  assert.equal(agree(caps(["json", "code"]), caps(["code", "json"])).frontend, "code");
  assert.equal(agree(caps(["code", "json", "natural"]), caps(["json", "natural"])).frontend, "json");
});

test("identical lists agree on the first entry", () => {
  const list = ["code", "json", "natural"];
  const agreement = negotiateOverText(caps(list), caps(list)).accept();
  assert.equal(agreement.frontend, "code");
  assert.deepEqual(agreement.mutual, list);
  assert.deepEqual(agreement.skipped, []);
});

test("disjoint lists: negotiation_failed on both sides, and the pong carries no prefer", () => {
  const run = negotiateOverText(caps(["code", "json"]), caps(["natural", "nl_json"]));
  assert.equal(run.pongLine, "//pong silp=v1 frontends=natural,nl_json");
  assert.ok(run.answer.error && hasCode("negotiation_failed")(run.answer.error));
  assert.equal(run.answer.agreement, undefined);
  assert.throws(run.accept, hasCode("negotiation_failed"));
});

test("no common version: unsupported_version, checked before frontends", () => {
  const run = negotiateOverText(caps(["code"], ["v2"]), caps(["json"], ["v1"]));
  assert.ok(run.answer.error && hasCode("unsupported_version")(run.answer.error));
  assert.throws(run.accept, hasCode("unsupported_version"));
  // Versions pick like frontends: the receiver's order among the shared ones.
  assert.equal(agree(caps(["code"], ["v1", "v2"]), caps(["code"], ["v2", "v1"])).version, "v2");
  assert.equal(agree(caps(["code"], ["v2", "v1"]), caps(["code"], ["v1", "v3"])).version, "v1");
});

test("a -00 peer's math is accepted and skipped, never chosen", () => {
  const agreement = agree(caps(["code", "math", "json", "natural"]), caps(["math", "json", "natural"]));
  assert.equal(agreement.frontend, "json");
  assert.deepEqual(agreement.mutual, ["json", "natural"]);
  assert.deepEqual(
    agreement.skipped.map((s) => `${s.side}:${s.frontend}`),
    ["sender:math", "receiver:math"],
  );
  assert.throws(() => agree(caps(["math"]), caps(["math"])), hasCode("negotiation_failed"));
});

test("the sender rejects a pong whose prefer breaks the rule or is missing", () => {
  const ping = createPing(caps(["code", "json", "natural"]));
  assert.throws(
    () => acceptPong(ping, { kind: "pong", versions: ["v1"], frontends: ["json", "natural"], prefer: "natural" }),
    (error: unknown) => hasCode("negotiation_failed")(error) && (error as SilpError).details?.expected === "json",
  );
  assert.throws(() => acceptPong(ping, { kind: "pong", versions: ["v1"], frontends: ["json", "natural"], prefer: "code" }), hasCode("negotiation_failed"));
  assert.throws(() => acceptPong(ping, { kind: "pong", versions: ["v1"], frontends: ["json"] }), hasCode("negotiation_failed"));
  assert.equal(acceptPong(ping, { kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" }).frontend, "json");
});

test("local capability lists are checked like received ones", () => {
  assert.throws(() => createPing(caps([])), hasCode("invalid_syntax"));
  assert.throws(() => createPing(caps(["code", "code"])), hasCode("invalid_syntax"));
  assert.throws(() => createPing(caps(["code"], ["1"])), hasCode("invalid_syntax"));
  assert.throws(() => answerPing(createPing(caps(["code"])), caps(["bad name"])), hasCode("invalid_syntax"));
});
