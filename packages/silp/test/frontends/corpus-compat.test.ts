/**
 * Byte compatibility with the reference implementation (issue #2): for the study's 27 cases,
 * code, json, natural and nl_json output equals the strings in phase2/compile.lock.jsonl, except
 * the divergences listed in test/fixtures/corpus-divergences.json and docs/compatibility.md,
 * each of which is a place where the reference string loses information.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { compile, decode, validate, type SilpIR } from "../../src/index.js";
import { loadReferenceStrings, loadStudyCases } from "@silp/testkit/study-cases.js";

const divergenceFile = JSON.parse(readFileSync(new URL("../fixtures/corpus-divergences.json", import.meta.url), "utf8")) as {
  divergences: { case: string; frontend: string }[];
};
const documented = new Set(divergenceFile.divergences.map((entry) => `${entry.case}/${entry.frontend}`));
const cases = new Map(loadStudyCases().map((entry) => [entry.id, entry.ir]));
const records = loadReferenceStrings().filter((record) => record.frontend !== "llmlingua2");
const OFF = { whitelist: "off" } as const;
/**
 * The reference's strings are the compact surface: it prints no meta, although every study case
 * has some (priority, confidence, and seq, session_id or next_agent). By default compile carries
 * that meta (spec 4.6; docs/compatibility.md), so the byte comparison asks for the compact surface.
 */
const COMPACT = { ...OFF, inlineMeta: false } as const;

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

  test("by default the study cases' meta travels with them: decode(compile(case)) is the whole normal form", () => {
    for (const [caseId, ir] of cases) {
      const expected = validate(ir, OFF).ir as SilpIR;
      for (const frontend of ["code", "json"]) {
        const payload = compile(ir as SilpIR, frontend, OFF);
        assert.ok(payload.startsWith(compile(ir as SilpIR, frontend, COMPACT).slice(0, -1)), `${caseId}/${frontend}: the compact text, then the meta`);
        assert.deepStrictEqual(decode(payload, frontend, OFF).ir, expected, `${caseId}/${frontend}`);
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
