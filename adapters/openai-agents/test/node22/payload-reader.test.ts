/**
 * PayloadFieldReader reads the payload string out of the wrapper object while it streams. The
 * oracle is JSON itself: JSON.stringify writes the wrapper, and the characters the reader hands on
 * must join to the original string for every split of the JSON text into two chunks, and for
 * one-character chunks.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { PayloadFieldReader } from "../../src/payload-reader.js";

const read = (chunks: readonly string[]): { text: string; gaveUp: boolean } => {
  const reader = new PayloadFieldReader();
  const text = chunks.map((chunk) => reader.read(chunk)).join("");
  return { text, gaveUp: reader.gaveUp };
};

const PAYLOADS = [
  "if !rain(t+1): start(hike) else: start(cards@indoor)",
  'translate("release notes",to=Korean); email("Ana Lima")',
  "quote \\ backslash / slash \b\f\n\r\t and \u0001 control",
  "Grüße, 東京 and an astral 😀 emoji, a lone \ud800 surrogate",
];

describe("PayloadFieldReader", () => {
  for (const payload of PAYLOADS) {
    for (const json of [JSON.stringify({ silp_payload: payload }), `{ "silp_payload" :\n "${JSON.stringify(payload).slice(1, -1)}" }`]) {
      test(`every two-chunk split of ${JSON.stringify(json.slice(0, 40))}…`, () => {
        for (let cut = 0; cut <= json.length; cut++) {
          assert.deepEqual(read([json.slice(0, cut), json.slice(cut)]), { text: payload, gaveUp: false }, `cut at ${cut}`);
        }
        assert.deepEqual(read(Array.from(json)), { text: payload, gaveUp: false });
      });
    }
  }

  test("\\u escapes, a surrogate pair written as two of them, upper- and lower-case hex", () => {
    assert.deepEqual(read(['{"silp_payload":"a\\u00E9\\ud83d', "\\uDE00", 'b"}']), { text: "aé😀b", gaveUp: false });
  });

  test("text after the closing quote is not payload", () => {
    assert.deepEqual(read(['{"silp_payload":"x(y)"} and more "text"']), { text: "x(y)", gaveUp: false });
  });

  test("a second silp_payload member is a duplicate, split anywhere; another member is not", () => {
    const twice = '{"silp_payload":"delete(everything)" , "silp_payload":"cancel(flight)"}';
    for (let cut = 0; cut <= twice.length; cut++) {
      const reader = new PayloadFieldReader();
      const text = reader.read(twice.slice(0, cut)) + reader.read(twice.slice(cut));
      assert.equal(text, "delete(everything)", `cut at ${cut}`);
      assert.equal(reader.complete, true);
      assert.equal(reader.duplicate, true, `cut at ${cut}`);
    }
    for (const json of ['{"silp_payload":"x(y)","note":"a"}', '{"silp_payload":"x(y)","silp_payloads":"z"}', '{"silp_payload":"x(y)"}']) {
      const reader = new PayloadFieldReader();
      reader.read(json);
      assert.equal(reader.duplicate, false, json);
      assert.equal(reader.complete, true, json);
    }
  });

  test("anything but the one-member wrapper: the reader gives up and hands on nothing more", () => {
    const cases: Array<[string, string]> = [
      ['{"other":"x(y)"}', ""],
      ['["x(y)"]', ""],
      ["x(y)", ""],
      ['{"silp_payload":42}', ""],
      ['{"silp_\\u0070ayload":"x(y)"}', ""],
      ['{"silp_payload":"a\\qb(y)"}', "a"],
      ['{"silp_payload":"a\\u12G4(y)"}', "a"],
    ];
    for (const [json, text] of cases) assert.deepEqual(read([json]), { text, gaveUp: true }, json);
  });
});
