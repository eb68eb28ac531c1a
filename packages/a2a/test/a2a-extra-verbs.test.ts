/**
 * Application verbs over A2A: an agent whose options add an application verb dispatches it; an
 * agent without it refuses it before any handler runs, whatever the sender's options say.
 */
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, test } from "vitest";
import { type ActionCall, SilpPeer, startSilpAgent, type RunningSilpAgent } from "../src/index.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";

const ship = { intent: "!SHIP", entities: [{ id: "act", value: "box" }], meta: { req_id: "5b1b0001" } };

describe("A2A agents and application verbs", () => {
  const seen: string[] = [];
  let withShip: RunningSilpAgent;
  let without: RunningSilpAgent;
  beforeAll(async () => {
    const handlers = {
      "!SHIP": (call: ActionCall) => {
        seen.push(`${call.action} ${call.entities.map((e) => e.value).join(" ")}`);
        return "shipped";
      },
    };
    withShip = await startSilpAgent({ name: "shipper", frontends: ["code", "json"], handlers, whitelist: { extra: ["SHIP"] } });
    without = await startSilpAgent({ name: "plain", frontends: ["code", "json"], handlers });
  });
  afterAll(async () => {
    await withShip.close();
    await without.close();
  });

  test("an agent with the extra verb dispatches it to its handler", async () => {
    const peer = await SilpPeer.connect(withShip.url, { codec: { whitelist: { extra: ["SHIP"] } } });
    const { delivery } = await peer.send(ship);
    assert.equal(delivery.attempts.at(-1)?.outcome, "delivered");
    assert.deepEqual(seen, ["!SHIP box"]);
  });

  test("an agent without it refuses it (invalid_ir), no handler runs", async () => {
    const before = seen.length;
    const peer = await SilpPeer.connect(without.url, { codec: { whitelist: { extra: ["SHIP"] } } });
    assert.equal((await silpRejectionOf(peer.send(ship))).code, "invalid_ir");
    assert.equal(seen.length, before);
  });
});
