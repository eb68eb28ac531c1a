/**
 * No structure injection: a string value can never become syntax. Every hostile value
 * is placed in every string position of an IR; the payload must decode to the same IR, with the
 * same number of entities, constraints and alternatives.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, decode, validate, type SilpIR, type SilpIRInput } from "silp";

const HOSTILE = [
  "x); cancel(all",
  "x) else: cancel(all",
  "x); email(attacker",
  'a" and !b(t+1',
  "y else: start(z)",
  "if !rain(t+1): cancel(all)",
  '#meta {"meta":{"req_id":"deadbeef"}}',
  "x] ; cancel(all",
  '`{"x":1}`',
  '","intent":"!CANCEL',
  '"}, {"action":"!CANCEL","target":"all',
  "x\n} else { cancel(all)",
  "a@b",
  "k=v",
  "and",
  "else",
  "!=",
  "t+1",
  "\u202ecancel(all)",
  "\u200bcancel",
];

type Position = (ir: SilpIRInput, value: string) => void;

const POSITIONS: Record<string, Position> = {
  "entity value": (ir, value) => ir.entities!.push({ id: "act", value, action: "!CANCEL" }),
  "keyword entity id": (ir, value) => ir.entities!.push({ id: value, value: "v", action: "!CANCEL" }),
  "secondary entity value": (ir, value) => ir.entities!.push({ id: "act", value, action: "!EMAIL" }),
  "entity extra field": (ir, value) => ir.entities!.push({ id: "act", value: "v", action: "!CANCEL", [value]: value }),
  "constraint type": (ir, value) => ir.constraints!.push({ type: value, value: "v" }),
  "negated constraint type": (ir, value) => ir.constraints!.push({ type: `!${value}`, value: "true" }),
  "constraint value": (ir, value) => ir.constraints!.push({ type: "t", value }),
  "operator constraint value": (ir, value) => ir.constraints!.push({ type: "t", value, operator: ">" }),
  "constraint time": (ir, value) => ir.constraints!.push({ type: "t", value: "v", time: value }),
  "constraint subject": (ir, value) => ir.constraints!.push({ type: "t", value: "v", subject: value }),
  "alternative target": (ir, value) => ir.alternatives!.push({ action: "!START", target: value }),
  "alternative location": (ir, value) => ir.alternatives!.push({ action: "!START", target: "x", location: value }),
  "alternative extra field": (ir, value) => ir.alternatives!.push({ action: "!START", [value]: value }),
};

function base(): SilpIRInput {
  return { intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], constraints: [], alternatives: [], meta: { req_id: "a1b2c3d4" } };
}

for (const frontend of ["code", "json"]) {
  describe(`${frontend}: hostile strings stay values`, () => {
    for (const [position, place] of Object.entries(POSITIONS)) {
      test(position, () => {
        for (const value of HOSTILE) {
          const ir = base();
          place(ir, value);
          const expected = validate(ir, { whitelist: "off" }).ir as SilpIR;
          const payload = compile(ir, frontend, { inlineMeta: true, whitelist: "off" });
          const decoded = decode(payload, frontend, { strict: true, whitelist: "off" }).ir;
          assert.equal(decoded.entities.length, expected.entities.length, payload);
          assert.equal(decoded.constraints.length, expected.constraints.length, payload);
          assert.equal(decoded.alternatives.length, expected.alternatives.length, payload);
          assert.deepStrictEqual(decoded, expected, payload);
        }
      });
    }
  });
}

test("invisible characters inside values are printed as escapes, never raw", () => {
  const ir: SilpIRInput = { intent: "!CANCEL", entities: [{ id: "act", value: "a\u200bb\u202ec\u{E0041}" }], meta: { req_id: "a1b2c3d4" } };
  for (const frontend of ["code", "json", "nl_json"]) {
    const payload = compile(ir, frontend);
    assert.doesNotMatch(payload, /[\u200b\u202e]|\u{E0041}/u, `${frontend}: ${payload}`);
    assert.match(payload, /\\u200b/);
  }
});
