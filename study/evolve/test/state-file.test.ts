import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { assertResumable, parseStateFile, stateConflicts } from "@silp/evolve";
import { SilpError } from "silp";

const VALID = {
  format: "silp-evolve-state",
  version: 1,
  settings: { seed: 1 },
  state: {
    generation: 2,
    population: [{ a: "1" }],
    random: [1, 2, 3, 4],
    archive: [{ genome: { a: "1" }, generation: 0, evaluation: { feasible: true, score: 1, objectives: [1, 2] } }],
  },
};

describe("the state file", () => {
  test("a valid file parses", () => {
    assert.deepEqual(parseStateFile(JSON.stringify(VALID), "s.json"), VALID);
  });

  test("broken JSON is invalid_syntax at the position of the error", () => {
    const text = '{"format": "silp-evolve-state", "version": 1,,}';
    assert.throws(
      () => parseStateFile(text, "s.json"),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && error.offset === text.indexOf(",,") + 1,
    );
  });

  test("a wrong shape is invalid_options naming the place", () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...VALID, format: "other" }, /\/format/],
      [{ ...VALID, state: { ...VALID.state, random: [1, 2, 3] } }, /\/state\/random/],
      [{ ...VALID, state: { ...VALID.state, population: [{ a: 1 }] } }, /\/state\/population\/0\/a/],
      [[], /not a silpc evolve state file/],
    ];
    for (const [value, where] of cases) {
      assert.throws(
        () => parseStateFile(JSON.stringify(value), "s.json"),
        (error: unknown) =>
          error instanceof SilpError &&
          error.code === "invalid_options" &&
          (error.details as { option?: string }).option === "state" &&
          where.test(error.message),
        JSON.stringify(value),
      );
    }
  });

  test("resuming with changed settings is refused; more generations are allowed", () => {
    const before = { seed: 1, populationSize: 8, generations: 5, weights: { beta: 0.15 } };
    assert.deepEqual(stateConflicts(before, { ...before, generations: 50 }), []);
    assert.deepEqual(stateConflicts(before, { ...before, seed: 2, weights: { beta: 0.2 } }), ["seed: 1 -> 2", 'weights: {"beta":0.15} -> {"beta":0.2}']);
    assert.deepEqual(stateConflicts(before, { ...before, tokenizers: ["gpt-4o"] }), ['tokenizers: absent -> ["gpt-4o"]']);
    assert.throws(
      () => assertResumable(before, { ...before, populationSize: 9 }, "s.json"),
      (error: unknown) =>
        error instanceof SilpError &&
        error.code === "invalid_options" &&
        (error.details as { option?: string }).option === "state" &&
        /populationSize: 8 -> 9/.test(error.message),
    );
  });
});
