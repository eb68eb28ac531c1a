/**
 * modelText: what a receiving agent hands its model (docs/integrations.md, "What a model reads"):
 * the payload of what was understood with the meta that differs from the defaults, so it reads as
 * the whole IR but the req_id; then one note line per kind of finding; never the peer's raw text.
 * Expected strings are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, fromEnvelope, modelText } from "silp";
import { decodeNotes, modelNotes } from "../../src/protocol/model-text.js";

describe("modelText", () => {
  test("meta carried beside the payload: the model reads what differs from the defaults, not the req_id", () => {
    const decoded = fromEnvelope({ silp_encoding: "code", silp_payload: "cancel(flight)", silp_meta: { req_id: "a1b2c3d4", priority: 2, session_id: "s9" } });
    assert.equal(modelText(decoded), "cancel(flight) #{sid=s9 p2}");
  });

  test("the order and the route reach the model: seq, next_agent and out", () => {
    const text = modelText(decode("book(hotel) #{id=a1b2c3d4 seq=[!BOOK,!CANCEL] next=billing out=code}"));
    assert.equal(text, "book(hotel) #{seq=[!BOOK,!CANCEL] out=code next=billing}");
  });

  test("defaults only: the payload alone", () => {
    assert.equal(modelText(decode("cancel(flight) #{p0 c1}")), "cancel(flight)");
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

  test("another frontend: the same task, printed in it, its meta too", () => {
    assert.equal(modelText(decode("cancel(flight)"), "json"), '{"intent":"!CANCEL","act":"flight"}');
    assert.equal(modelText(decode("cancel(flight) #{p1}"), "json"), '{"intent":"!CANCEL","act":"flight","meta":{"priority":1}}');
  });

  test("a warning about the meta is not a note: it lints ids and order for programs, not the task", () => {
    const decoded = decode("cancel(flight) #{id=ab12 sid=toolong seq=[step_one]}", "code");
    assert.deepEqual(decoded.warnings.map((warning) => warning.rule).sort(), ["req-id-short", "seq-entry-unknown", "session-id-length"]);
    assert.equal(modelText(decoded), "cancel(flight) #{sid=toolong seq=[step_one]}");
    assert.deepEqual(modelNotes(decoded), []);
    // The program still has them, and decodeNotes writes them all.
    assert.equal(decodeNotes(decoded).length, 1);
  });

  test("a warning is a note: the model is told the verb is outside the whitelist", () => {
    const decoded = decode("delete(all)", "code", { whitelist: "advisory" });
    assert.equal(modelText(decoded), "delete(all)\nwarnings 1: verb-whitelist@/intent");
  });
});
