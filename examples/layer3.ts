/**
 * Layer 3 in a few lines each, runnable: `node --import tsx examples/layer3.ts`.
 * Sessions with heartbeat, //ping negotiation, the sanitizer, and the compile lock.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "silp";
import { CompileLock } from "@silp/lock";
import { answerPing, acceptPong, createPing, formatProbe } from "silp/negotiation";
import { SessionManager } from "silp/session";

// Sessions: N=5, so the context is cleared after turns 4, 9, 14, ...
const sessions = new SessionManager({ heartbeat: 5 });
const { id } = await sessions.create();
const renewedAfter: number[] = [];
for (let i = 0; i < 12; i++) {
  const turn = await sessions.turn(id, `payload ${i}`);
  if (turn.renewed) renewedAfter.push(turn.turn);
}
console.log("session", id, "renewed after turns", renewedAfter.join(", "));

// Negotiation: the receiver lacks the code frontend, so both settle on json.
const ping = createPing({ versions: ["v1"], frontends: ["code", "json", "natural"] });
const answer = answerPing(ping, { versions: ["v1"], frontends: ["json", "natural"] });
console.log(formatProbe(ping), "->", formatProbe(answer.pong));
console.log("agreed frontend:", acceptPong(ping, answer.pong).frontend);

// Sanitizer: a Cyrillic look-alike verb and a zero-width space are caught and reported.
const cleaned = decode("саncel(fli\u200bght)");
console.log("decoded intent:", cleaned.ir.intent, "| hits:", cleaned.sanitizer.hits.map((hit) => hit.kind).join(", "));

// Compile lock: the first output for an IR is frozen; a different one is refused.
const lock = new CompileLock({ path: join(mkdtempSync(join(tmpdir(), "silp-lock-")), "compile.lock") });
const ir = { intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], meta: { req_id: "a1b2c3d4" } };
console.log("seal:", (await lock.seal(ir, "code")).status, "| again:", (await lock.seal(ir, "code")).status);
await lock.seal(ir, "code", { compiled: "cancel(train)" }).catch((error: { code: string }) => console.log("different output:", error.code));
console.log("lock verifies:", (await lock.verify()).ok);
