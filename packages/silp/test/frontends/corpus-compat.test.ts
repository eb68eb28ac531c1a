/**
 * Byte compatibility with the reference implementation: for the study's 27 cases,
 * code, json, natural and nl_json output equals the strings in phase2/compile.lock.jsonl, except
 * the divergences listed in test/fixtures/corpus-divergences.json and docs/compatibility.md,
 * each of which is a place where the reference string loses information. Each string is diffed
 * on its own (ours against the reference's, or against the hand-written one of a divergence), and
 * each reference code and json string must decode to the whole case IR.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { compile, decode, validate, type SilpIR } from "silp";
import { loadReferenceStrings, loadStudyCases } from "@silp/testkit/study-cases.js";

const divergenceFile = JSON.parse(readFileSync(new URL("../fixtures/corpus-divergences.json", import.meta.url), "utf8")) as {
  divergences: { case: string; frontend: string; ours: string }[];
};
const documented = new Set(divergenceFile.divergences.map((entry) => `${entry.case}/${entry.frontend}`));
/** Our string for each documented divergence, written by hand in the fixture. */
const oursByKey = new Map(divergenceFile.divergences.map((entry) => [`${entry.case}/${entry.frontend}`, entry.ours]));
const cases = new Map(loadStudyCases().map((entry) => [entry.id, entry.ir]));
const records = loadReferenceStrings().filter((record) => record.frontend !== "llmlingua2");
const OFF = { whitelist: "off" } as const;
/**
 * The reference's strings are the compact surface: it prints no meta, although every study case
 * has some (priority, confidence, and seq, session_id or next_agent). By default compile carries
 * that meta (spec 4.6; docs/compatibility.md), so the byte comparison asks for the compact surface.
 */
const COMPACT = { ...OFF, inlineMeta: false } as const;

interface CaseFile {
  intent: string;
  entities: { id: string; value: string; action?: string | null }[];
  constraints: Record<string, unknown>[];
  alternatives: Record<string, unknown>[];
}

/** `source` without the listed fields that are null (the study files are pydantic output). */
function withoutNull(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([key, value]) => !(value === null && fields.includes(key))));
}

/**
 * What decoding a reference string must give, computed here from the case file by the rules of
 * docs/ir.md (an oracle independent of the codec's normalize): entities get their action and are
 * grouped per action, null optional fields are absent, and meta is the default meta with the
 * req_id derived from the text (SHA-256, spec 4.6), because the reference prints no meta. Where
 * the reference drops secondary ids (`lossy`), those entities come back as positional "act".
 */
function expectedDecode(file: CaseFile, payload: string, lossy: boolean): SilpIR {
  const entities = file.entities.map((entity) => {
    const action = entity.action ?? file.intent;
    return { id: lossy && action !== file.intent ? "act" : entity.id, value: entity.value, action };
  });
  const actions = [...new Set(entities.map((entity) => entity.action))].sort((a, b) => (a === file.intent ? -1 : b === file.intent ? 1 : 0));
  return {
    silp: "v1",
    version: "ir-v0.1",
    intent: file.intent,
    entities: actions.flatMap((action) => entities.filter((entity) => entity.action === action)),
    constraints: file.constraints.map((constraint) => withoutNull(constraint, ["time"])) as SilpIR["constraints"],
    alternatives: file.alternatives.map((alternative) => withoutNull(alternative, ["target", "location"])) as SilpIR["alternatives"],
    meta: { req_id: createHash("sha256").update(payload).digest("hex").slice(0, 8), priority: 0, confidence: 1, seq: [], out: "natural" },
  };
}

describe("reference compatibility on the study's 27 cases", () => {
  test("the corpus holds 27 cases and 108 code/json/natural/nl_json strings", () => {
    assert.equal(cases.size, 27);
    assert.equal(records.length, 108);
  });

  test("every string equals the reference byte for byte, except the documented divergences", () => {
    const diverging = new Set<string>();
    for (const record of records) {
      const ours = compile(cases.get(record.caseId) as SilpIR, record.frontend, COMPACT);
      assert.equal(`sha256:${createHash("sha256").update(record.compiled).digest("hex")}`, record.output_hash);
      if (ours !== record.compiled) diverging.add(`${record.caseId}/${record.frontend}`);
    }
    assert.deepEqual([...diverging].sort(), [...documented].sort());
  });

  test("each string, diffed: the reference's where we agree, the hand-written one where we diverge", () => {
    for (const record of records) {
      const key = `${record.caseId}/${record.frontend}`;
      const ours = compile(cases.get(record.caseId) as SilpIR, record.frontend, COMPACT);
      assert.equal(ours, oursByKey.get(key) ?? record.compiled, key);
    }
  });

  test("each reference code and json string decodes to the whole case IR (minus what the reference drops)", () => {
    for (const record of records.filter((entry) => entry.frontend === "code" || entry.frontend === "json")) {
      const key = `${record.caseId}/${record.frontend}`;
      const expected = expectedDecode(cases.get(record.caseId) as CaseFile, record.compiled, documented.has(key));
      assert.deepStrictEqual(decode(record.compiled, record.frontend, OFF).ir, expected, key);
    }
  });

  test("each divergence is a loss in the reference: its string decodes without the secondary entity ids", () => {
    for (const key of documented) {
      const [caseId, frontend] = key.split("/") as [string, string];
      const record = records.find((entry) => entry.caseId === caseId && entry.frontend === frontend);
      assert.ok(record);
      const original = validate(cases.get(caseId), OFF).ir as SilpIR;
      const fromReference = decode(record.compiled, frontend, OFF).ir;
      const fromOurs = decode(compile(original, frontend, OFF), frontend, OFF).ir;
      assert.deepEqual(fromOurs.entities, original.entities, "our string keeps every entity");
      assert.notDeepEqual(fromReference.entities, original.entities, "the reference string loses something");
      // What is lost is exactly the ids of secondary entities; values and actions survive.
      const strip = (ir: SilpIR) =>
        ir.entities.map((entity) => ({ value: entity.value, action: entity.action, id: entity.action === ir.intent ? entity.id : "?" }));
      assert.deepEqual(strip(fromReference), strip(original));
    }
  });

  test("every reference code and json string decodes, and re-compiles to itself where it is lossless", () => {
    for (const record of records.filter((entry) => entry.frontend === "code" || entry.frontend === "json")) {
      const decoded = decode(record.compiled, record.frontend, OFF);
      assert.deepEqual(decoded.repairs, []);
      if (!documented.has(`${record.caseId}/${record.frontend}`)) {
        assert.equal(compile(decoded.ir, record.frontend, OFF), record.compiled);
      }
    }
  });

  test("by default the study cases' meta travels with them: decode(compile(case)) is the normal form, req_id derived", () => {
    for (const [caseId, ir] of cases) {
      const expected = validate(ir, OFF).ir as SilpIR;
      for (const frontend of ["code", "json"]) {
        const payload = compile(ir as SilpIR, frontend, OFF);
        assert.ok(payload.startsWith(compile(ir as SilpIR, frontend, COMPACT).slice(0, -1)), `${caseId}/${frontend}: the compact text, then the meta`);
        const reqId = createHash("sha256").update(payload).digest("hex").slice(0, 8);
        assert.deepStrictEqual(decode(payload, frontend, OFF).ir, { ...expected, meta: { ...expected.meta, req_id: reqId } }, `${caseId}/${frontend}`);
        assert.deepStrictEqual(
          decode(compile(ir as SilpIR, frontend, { ...OFF, inlineMeta: true }), frontend, OFF).ir,
          expected,
          `${caseId}/${frontend}: inlineMeta true`,
        );
      }
    }
  });

  test("natural and nl_json are compile-only and say so with unsupported_frontend", () => {
    for (const frontend of ["natural", "nl_json"]) {
      assert.throws(
        () => decode("anything", frontend),
        (error: { code?: string; message?: string }) => {
          assert.equal(error.code, "unsupported_frontend");
          assert.match(error.message ?? "", /compile-only/);
          return true;
        },
      );
    }
  });
});
