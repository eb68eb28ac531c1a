/**
 * The README's library example, runnable: `node --import tsx examples/quickstart.ts`.
 * packages/cli/test/examples.test.ts runs it, so the README cannot drift from what the code does.
 */
import { isDeepStrictEqual } from "node:util";
import { compile, decode, deriveReqId, fromEnvelope, SilpError, toEnvelope, validate } from "silp";

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
// The whole IR comes back. Its meta is only a req_id, so the meta stays out of the payload and
// decode derives the req_id from the text (spec 4.6), and says so with reqIdDerived.
const normal = validate(ir).ir;
const back = decode(text);
console.log("lossless:", back.reqIdDerived && isDeepStrictEqual(back.ir, normal && { ...normal, meta: { ...normal.meta, req_id: deriveReqId(text) } }));
// Meta that differs from its defaults travels in a short trailer, only what differs; decode
// gives all of it back, the req_id derived again (inlineMeta: true would carry it too).
const planned = { ...ir, meta: { req_id: "a1b2c3d4", priority: 2, seq: ["!START", "!NOTIFY"] } };
const carried = compile(planned);
console.log("with meta:", carried);
const plannedNormal = validate(planned).ir;
console.log(
  "lossless with meta:",
  isDeepStrictEqual(decode(carried).ir, plannedNormal && { ...plannedNormal, meta: { ...plannedNormal.meta, req_id: deriveReqId(carried) } }),
);

const repaired = decode("```\nif !rain(t+1): start(hike) else start(cards@indoor)\n```");
console.log("repairs:", repaired.repairs.map((repair) => repair.kind).join(", "));

try {
  decode("fetch(data); process(re");
} catch (error) {
  if (error instanceof SilpError) console.log("error:", error.code, `line ${error.line}, column ${error.column}`);
}

const envelope = toEnvelope(ir, "code");
console.log("envelope meta survives:", fromEnvelope(envelope).ir.meta.req_id === "a1b2c3d4");
