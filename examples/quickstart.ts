/**
 * The README's library example, runnable: `node --import tsx examples/quickstart.ts`.
 * test/examples.test.ts runs it, so the README cannot drift from what the code does.
 */
import { compile, decode, fromEnvelope, SilpError, toEnvelope, validate } from "silp";

const ir = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: "a1b2c3d4" },
};

console.log("valid:", validate(ir).ok);
const text = compile(ir);
console.log("code:", text);
console.log("json:", compile(ir, "json"));
console.log("natural:", compile(ir, "natural"));
console.log("lossless:", JSON.stringify(decode(text).ir.alternatives) === JSON.stringify(validate(ir).ir?.alternatives));

const repaired = decode("```\nif !rain(t+1): start(hike) else start(cards@indoor)\n```");
console.log("repairs:", repaired.repairs.map((repair) => repair.kind).join(", "));

try {
  decode("fetch(data); process(re");
} catch (error) {
  if (error instanceof SilpError) console.log("error:", error.code, `line ${error.line}, column ${error.column}`);
}

const envelope = toEnvelope(ir, "code");
console.log("envelope meta survives:", fromEnvelope(envelope).ir.meta.req_id === "a1b2c3d4");
