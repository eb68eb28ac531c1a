/**
 * modelText: what a receiving agent hands its model (docs/integrations.md, "What a model reads"):
 * the compact payload of what was understood, then one note line per kind of finding; never the
 * meta, never the peer's raw text. Expected strings are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, fromEnvelope, modelText } from "silp";
import { decodeNotes } from "silp/util";

describe("modelText", () => {
  test("a clean payload: the compact payload alone, its meta left out", () => {
    const decoded = fromEnvelope({ silp_encoding: "code", silp_payload: "cancel(flight)", silp_meta: { req_id: "a1b2c3d4", priority: 2, session_id: "s9" } });
    assert.equal(modelText(decoded), "cancel(flight)");
  });

  test("an inline trailer is not handed on either", () => {
    assert.equal(modelText(decode("cancel(flight) #{p2 sid=s9}")), "cancel(flight)");
  });

  test("repairs and sanitizer hits: the payload as understood, then one line per kind", () => {
    const decoded = decode("```\nif !rain(t+1): sta\u200brt(hike) else start(cards)\n```");
    assert.equal(
      modelText(decoded),
      [
        "if !rain(t+1): start(hike) else: start(cards)",
        "repairs 2: code_fence@0 else_without_colon@36",
        "sanitizer 1 (changed): zero_width U+200B stripped@22",
      ].join("\n"),
    );
    assert.deepEqual(decodeNotes(decoded), ["repairs 2: code_fence@0 else_without_colon@36", "sanitizer 1 (changed): zero_width U+200B stripped@22"]);
  });

  test("another frontend: the same task, printed in it", () => {
    assert.equal(modelText(decode("cancel(flight)"), "json"), '{"intent":"!CANCEL","act":"flight"}');
  });

  test("a warning is a note: the model is told the verb is outside the whitelist", () => {
    const decoded = decode("delete(all)", "code", { whitelist: "advisory" });
    assert.equal(modelText(decoded), "delete(all)\nwarnings 1: verb-whitelist@/intent");
  });
});
