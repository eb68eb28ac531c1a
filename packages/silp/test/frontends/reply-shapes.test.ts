/**
 * The chat-reply shapes of lenient extraction (docs/grammar.md, Extraction) beyond the kinds and
 * offsets of model-output-cases.json: which place several_candidates names, what an ambiguity
 * error names, that a part of a decoding line is not a second payload, and that strict mode
 * extracts none of it.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, SilpError } from "silp";

describe("chat-reply shapes", () => {
  test("several_candidates names the line of the payload taken, and counts the places", () => {
    const result = decode("Draft: cancel(a\nNote: see (x\nFinal: cancel(flight)", "code");
    const several = result.repairs.find((repair) => repair.kind === "several_candidates");
    assert.equal(several?.offset, 36);
    assert.equal(several?.message, "the payload is at line 3, one of 3 places that looked like one; the other 2 do not decode");
  });

  test("a reply quoting two pieces of code inline is an explanation: nothing is extracted; one piece in a list item is the payload", () => {
    const text = "- `cancel(flight)` (not `start(`)";
    assert.throws(
      () => decode(text, "code"),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && error.offset === 2,
    );
    const result = decode("- `cancel(flight)`", "code");
    assert.deepEqual(
      result.repairs.map(({ kind, offset }) => [kind, offset]),
      [
        ["list_item", 0],
        ["inline_code", 2],
      ],
    );
  });

  test("an ambiguity names both places, at the second", () => {
    assert.throws(
      () => decode("SILP: cancel(a)\nPayload: start(hike)", "code"),
      (error: unknown) =>
        error instanceof SilpError && error.code === "invalid_syntax" && error.offset === 25 && error.message.includes("line 1 and line 2 both decode"),
    );
  });

  test("a line that decodes wins over the parts of it: its condition's colon is no lead-in", () => {
    const result = decode("Sure:\nif !rain(t+1): start(hike)\nOK", "code");
    assert.equal(result.ir.constraints.length, 1);
    assert.deepEqual(
      result.repairs.map(({ kind, offset }) => [kind, offset]),
      [["prose_around_payload", 6]],
    );
  });

  test("strict mode reads none of the shapes", () => {
    for (const text of ["Sure, here it is: cancel(flight)", "SILP: cancel(flight)", "`cancel(flight)`", "- cancel(flight)", "1. cancel(flight)"]) {
      assert.throws(
        () => decode(text, "code", { strict: true }),
        (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax",
        text,
      );
    }
  });
});

describe("a payload the reply takes back (docs/grammar.md, What a stream promises)", () => {
  const ADVISORY = { whitelist: "advisory" } as const;
  const syntaxError = (text: string, frontend = "code"): SilpError => {
    try {
      decode(text, frontend, ADVISORY);
    } catch (error) {
      if (error instanceof SilpError) return error;
      throw error;
    }
    throw new assert.AssertionError({ message: `${JSON.stringify(text)} decoded` });
  };

  test("parts read before the error keep the payload where it started: the list item below is not taken", () => {
    const error = syntaxError("delete(everything) -- no wait\n- cancel(flight)");
    assert.equal(error.code, "invalid_syntax");
    assert.equal(error.offset, 19);
  });

  test("after an opening fence that never closes, the payload is read from the fence's next line: its parts bind extraction as a bare payload's do", () => {
    // A stream starts reading there before it can know whether the fence closes, and hands on !DELETE.
    assert.equal(syntaxError("```\ndelete(everything) -- no wait\n- cancel(flight)").code, "invalid_syntax");
    assert.equal(syntaxError("```silp\ndelete(everything) -- no wait\n- cancel(flight)").code, "invalid_syntax");
    // The line holding the parts read is still the payload, the prose after it left out.
    assert.equal(decode("```\ncancel(flight)\nHope this helps!", "code", ADVISORY).ir.intent, "!CANCEL");
  });

  test("a first line that decodes without every part read is not the payload: each part counts once", () => {
    // The stream read cancel(a), a, then a second call's entity before the error: line 1 lacks it.
    assert.equal(syntaxError("cancel(a);\nbook(b) oops").offset, 19);
    // The same entity twice is two parts; line 1 holds it once.
    assert.equal(syntaxError("cancel(a);\ncancel(a) oops").offset, 21);
  });

  test("the first line that holds those parts is the payload, prose after it left out", () => {
    const decoded = decode("cancel(flight)\nHope this helps!", "code", ADVISORY);
    assert.deepEqual(
      decoded.ir.entities.map((entity) => entity.value),
      ["flight"],
    );
    assert.deepEqual(
      decoded.repairs.map((repair) => repair.kind),
      ["prose_around_payload"],
    );
  });

  test("every kind of part read counts: a condition and an alternative read before the error are held by the first line", () => {
    const conditioned = decode("if rain(x): cancel(a)\nHope this helps!", "code", ADVISORY);
    assert.deepEqual(conditioned.ir.constraints, [{ type: "rain", value: "x" }]);
    const alternative = decode("cancel(a) else: book(b)\nHope this helps!", "code", ADVISORY);
    assert.deepEqual(alternative.ir.alternatives, [{ action: "!BOOK", target: "b" }]);
    // The alternative read before the error is not on line 1: line 1 is not the payload.
    assert.equal(syntaxError("cancel(a)\nelse: book(b) oops").code, "invalid_syntax");
  });

  test("prose first: nothing was read, so extraction takes the payload where it is", () => {
    assert.equal(decode("Sure! Here:\n- cancel(flight)", "code", ADVISORY).ir.intent, "!CANCEL");
  });

  test("json: a first object that holds the parts and a second that decodes otherwise stay ambiguous", () => {
    const error = syntaxError('{"intent":"DELETE","act":"everything"} -- no wait\n- {"intent":"CANCEL","act":"flight"}', "json");
    assert.match(error.message, /^ambiguous payload/);
  });

  test("json: the same object twice is one payload, not an ambiguity", () => {
    const text = '{"intent":"CANCEL","act":"flight"} see:\n{"intent":"CANCEL","act":"flight"}';
    assert.equal(decode(text, "json", ADVISORY).ir.intent, "!CANCEL");
  });
});
