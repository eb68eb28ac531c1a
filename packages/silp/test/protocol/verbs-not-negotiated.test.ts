/**
 * Application verbs are not negotiated in //ping (docs/protocol.md,
 * "Application verbs are not negotiated"). The draft's ping carries versions and frontends only;
 * a peer that adds its verbs as an extension parameter is read like any other (the parameter is
 * ignored, the agreement is unchanged), and what a receiver accepts is decided by its own
 * whitelist, whatever the sender advertised.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode } from "silp";
import { answerPing, readPing } from "silp/negotiation";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const receiver = { versions: ["v1"], frontends: ["code", "json"] };

describe("application verbs are not negotiated", () => {
  test("an x-verbs extension parameter (text and JSON form) changes neither the ping nor the agreement", () => {
    const plain = readPing("//ping silp=v1 frontends=code,json");
    const withVerbs = readPing("//ping silp=v1 frontends=code,json x-verbs=!REFUND,!SHIP");
    assert.deepEqual(withVerbs, plain);
    const fromJson = readPing({ silp_ping: { silp: ["v1"], frontends: ["code", "json"], verbs: ["!REFUND"] } });
    assert.deepEqual(fromJson, plain);
    assert.deepEqual(answerPing(withVerbs, receiver).agreement, answerPing(plain, receiver).agreement);
  });

  test("the receiver's whitelist decides: an advertised verb it does not hold is still invalid_ir", () => {
    readPing("//ping silp=v1 frontends=code x-verbs=!REFUND");
    assert.equal(silpErrorOf(() => decode("refund(order_17)", "code")).code, "invalid_ir");
    assert.equal(decode("refund(order_17)", "code", { whitelist: { extra: ["REFUND"] } }).ir.intent, "!REFUND");
  });
});
