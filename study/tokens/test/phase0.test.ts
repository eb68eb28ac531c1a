/**
 * Reproduces the study's phase0 tables row for row on the six offline tokenizers, and guards
 * the verb whitelist against tokenizer updates. SLOW SUITE: loads all six tokenizers once
 * (several seconds, ~1 GB); every test below shares them.
 */
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, test } from "vitest";
import { corpusDir } from "@silp/testkit/corpus.js";
import { APPROVED_VERBS, EXCLUDED_VERBS } from "silp";
import {
  COSTED_FRONTENDS,
  RECORDED_WHITELIST_CENSUS,
  TOKENIZER_NAMES,
  averageCosts,
  countInRunningText,
  loadTokenizers,
  payloadCost,
  probeCsv,
  roundTo,
  runCensus,
  runProbes,
  spread,
  studyCensus,
  studyCensusCsv,
  tokenize,
  verifyWhitelist,
  type TextTokenizer,
  type TokenizerName,
  type TokenizerSet,
} from "../src/index.js";
import { field, phase0Path, pyBool, readPhase0 } from "./phase0-tables.js";

let tokenizers: TokenizerSet = [];
const byName = (name: string): TextTokenizer => {
  const found = tokenizers.find((tokenizer) => tokenizer.name === name);
  if (!found) throw new Error(`tokenizer ${name} not loaded`);
  return found;
};

beforeAll(async () => {
  tokenizers = await loadTokenizers();
});

describe("study census of verbs and structural tokens (tokenizer_census_verbs.csv)", () => {
  test("every row matches: string, tokenizer, count, single-token flag, pieces, UNK flag", () => {
    const expected = readPhase0("tokenizer_census_verbs.csv");
    const actual = studyCensus(tokenizers).flatMap((entry) => entry.cells.map((cell) => ({ entry, cell })));
    assert.equal(expected.length, 258);
    assert.equal(actual.length, expected.length);
    const mismatches = expected.flatMap((row, index) => {
      const { entry, cell } = actual[index] as (typeof actual)[number];
      const ours = [entry.text, cell.tokenizer, cell.count, cell.count === 1, cell.pieces, cell.unk];
      const theirs = [
        field(row, "string"),
        field(row, "tokenizer"),
        Number(field(row, "token_count")),
        pyBool(row.is_single_token),
        JSON.parse(field(row, "tokens")) as string[],
        pyBool(row.is_unk),
      ];
      return JSON.stringify(ours) === JSON.stringify(theirs) ? [] : [{ index, ours, theirs }];
    });
    assert.deepEqual(mismatches, []);
  });

  test("regenerated CSV is byte-identical to the published file", () => {
    assert.equal(studyCensusCsv(studyCensus(tokenizers)), readFileSync(phase0Path("tokenizer_census_verbs.csv"), "utf8"));
  });
});

describe("census of the 45 compiled outputs (tokenizer_census_outputs.csv, tokenizer_variance.csv)", () => {
  const outputs = () => readPhase0("tokenizer_census_outputs.csv");

  test("every row matches: count, single-token flag, pieces, UNK flag", () => {
    const rows = outputs();
    assert.equal(rows.length, 270);
    assert.equal(new Set(rows.map((row) => `${row.case}|${row.frontend}`)).size, 45);
    const mismatches = rows.flatMap((row, index) => {
      const result = tokenize(byName(field(row, "tokenizer")), field(row, "string"));
      const ours = [result.count, result.count === 1, result.pieces, result.unk];
      const theirs = [Number(field(row, "token_count")), pyBool(row.is_single_token), JSON.parse(field(row, "tokens")) as string[], pyBool(row.is_unk)];
      return JSON.stringify(ours) === JSON.stringify(theirs) ? [] : [{ index, case: row.case, frontend: row.frontend, tokenizer: row.tokenizer, ours, theirs }];
    });
    assert.deepEqual(mismatches, []);
  });

  test("the variance table follows from our counts: min, max, mean, sample stdev, range", () => {
    const groups = new Map<string, number[]>();
    for (const row of outputs()) {
      const key = `${field(row, "case")}|${field(row, "frontend")}`;
      groups.set(key, [...(groups.get(key) ?? []), tokenize(byName(field(row, "tokenizer")), field(row, "string")).count]);
    }
    const expected = readPhase0("tokenizer_variance.csv");
    assert.equal(expected.length, 45);
    assert.deepEqual(
      [...groups.keys()],
      expected.map((row) => row.key),
    );
    for (const row of expected) {
      const counts = groups.get(field(row, "key")) as number[];
      assert.equal(counts.length, 6);
      const ours = spread(counts);
      assert.deepEqual(
        [ours.min, ours.max, roundTo(ours.mean), roundTo(ours.stdev), ours.range],
        ["min", "max", "mean", "stdev", "range"].map((name) => Number(field(row, name))),
        field(row, "key"),
      );
    }
  });
});

describe("zero-width and homoglyph probes (probe_zerowidth.csv, spec 8.1)", () => {
  test("all 144 probes match the study and all alter tokenization", () => {
    const expected = readPhase0("probe_zerowidth.csv");
    const ours = runProbes(tokenizers);
    assert.equal(expected.length, 144);
    assert.equal(ours.length, 144);
    expected.forEach((row, index) => {
      const probe = ours[index];
      assert.ok(probe);
      assert.deepEqual(
        [probe.test, probe.verb, probe.charCode, probe.charDescription, probe.tokenizer, probe.cleanCount, probe.injectedCount, probe.delta, probe.altered],
        [
          row.test,
          row.verb,
          row.char_code,
          row.char_desc,
          row.tokenizer,
          Number(row.clean_token_count),
          Number(row.injected_token_count),
          Number(row.delta),
          pyBool(row.survived),
        ],
        `probe row ${index}`,
      );
    });
    assert.ok(ours.every((probe) => probe.altered));
  });

  test("regenerated CSV (including the Python reprs) is byte-identical to the published file", () => {
    assert.equal(probeCsv(runProbes(tokenizers)), readFileSync(phase0Path("probe_zerowidth.csv"), "utf8"));
  });
});

describe("verb whitelist guard: a tokenizer update must not split an approved verb", () => {
  test("each of the 13 approved verbs is one UNK-free token on each of the six tokenizers", () => {
    assert.equal(APPROVED_VERBS.length, 13);
    assert.deepEqual(
      tokenizers.map((tokenizer) => tokenizer.name),
      [...TOKENIZER_NAMES],
    );
    for (const verb of APPROVED_VERBS) {
      for (const tokenizer of tokenizers) {
        const result = tokenize(tokenizer, verb.functionName);
        assert.deepEqual(
          [result.count, result.unk],
          [1, false],
          `${verb.code} ("${verb.functionName}") on ${tokenizer.name}: ${JSON.stringify(result.pieces)}`,
        );
      }
    }
  });

  test("excluded verbs keep the token counts of Table 8 recorded in the registry", () => {
    for (const verb of EXCLUDED_VERBS) {
      for (const tokenizer of tokenizers) {
        const name = verb.code.slice(1).toLowerCase();
        assert.equal(tokenize(tokenizer, name).count, verb.tokenCounts[tokenizer.name], `${verb.code} on ${tokenizer.name}`);
      }
    }
  });

  test("the recorded whitelist census equals the study's rows for the same strings", () => {
    const rows = readPhase0("tokenizer_census_verbs.csv");
    for (const [code, perTokenizer] of Object.entries(RECORDED_WHITELIST_CENSUS)) {
      const name = code.slice(1).toLowerCase();
      for (const tokenizer of TOKENIZER_NAMES) {
        const row = rows.find((candidate) => candidate.string === name && candidate.tokenizer === tokenizer);
        assert.ok(row, `${name} on ${tokenizer} is in the study's table`);
        assert.deepEqual(perTokenizer[tokenizer], JSON.parse(field(row, "tokens")), `${code} on ${tokenizer}`);
      }
    }
    assert.equal(Object.keys(RECORDED_WHITELIST_CENSUS).length, APPROVED_VERBS.length + EXCLUDED_VERBS.length);
  });

  test("verifyWhitelist recomputes the census live and finds no drift", () => {
    const result = verifyWhitelist(tokenizers);
    assert.deepEqual(result.problems, []);
    assert.equal(result.ok, true);
    assert.equal(result.rows.length, (APPROVED_VERBS.length + EXCLUDED_VERBS.length) * 6);
  });

  test("every claim of the spec holds: 13/13 verbs, 2/2 exclusions, 12/12 structural, 144/144 probes", () => {
    const report = runCensus(tokenizers);
    assert.deepEqual(
      report.claims.map((claim) => [claim.holds, claim.count, claim.total]),
      [
        [true, 13, 13],
        [true, 2, 2],
        [true, 12, 12],
        [true, 144, 144],
      ],
    );
  });
});

describe("counts in running text (after a word and a space)", () => {
  test("Llama-2's dummy prefix: bare and running-text counts agree on every census string", () => {
    const llama = byName("llama-2");
    for (const { text } of studyCensus([llama])) {
      assert.equal(countInRunningText(llama, text), tokenize(llama, text).count, text);
    }
  });

  test("Llama-2 is why a leading space is not the running-text rule: ' cancel' is 2 tokens there, 1 in context", () => {
    const llama = byName("llama-2");
    assert.deepEqual(tokenize(llama, " cancel").pieces, ["", "cancel"]);
    assert.equal(countInRunningText(llama, "cancel"), 1);
    for (const name of ["gpt-4o", "gpt-3.5", "qwen2.5", "claude", "gemini"] as TokenizerName[]) {
      assert.equal(countInRunningText(byName(name), "cancel"), tokenize(byName(name), " cancel").count, name);
    }
  });

  test("approved verbs and structural tokens stay single-token in running text", () => {
    const report = runCensus(tokenizers);
    const entries = [...report.verbs.filter((verb) => verb.status === "approved"), ...report.structural];
    assert.equal(entries.length, 25);
    for (const entry of entries) assert.ok(entry.singleTokenRunning, entry.text);
  });
});

describe("token cost of the study's 27 cases (six-tokenizer means)", () => {
  test("code costs more tokens than natural prose and fewer than flat json; full IR JSON costs most", async () => {
    const dir = join(corpusDir(), "cases");
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort();
    assert.equal(files.length, 27);
    const reports = await Promise.all(files.map((name) => payloadCost(JSON.parse(readFileSync(join(dir, name), "utf8")), tokenizers)));
    const mean = Object.fromEntries(averageCosts(reports).map((row) => [row.label, row.spread.mean]));
    for (const frontend of COSTED_FRONTENDS) assert.ok(Number.isFinite(mean[frontend]), frontend);
    assert.ok((mean.code as number) > (mean.natural as number), JSON.stringify(mean));
    assert.ok((mean.code as number) < (mean.json as number), JSON.stringify(mean));
    assert.ok((mean.json as number) < (mean.ir_json as number), JSON.stringify(mean));
  });
});
