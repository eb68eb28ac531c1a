/** req_id (spec 3.5 and 4.6): its length, random ids, and derived ids checked against the published SHA-256 test vectors. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { deriveReqId, newReqId } from "silp";
import { reqIdLength } from "../../src/ir/req-id.js";

describe("req_id", () => {
  test("8 hex by default, 4 for a scope-limited session", () => {
    assert.equal(reqIdLength(false), 8);
    assert.equal(reqIdLength(true), 4);
    for (let i = 0; i < 20; i++) {
      assert.match(newReqId(), /^[0-9a-f]{8}$/);
      assert.match(newReqId(true), /^[0-9a-f]{4}$/);
    }
  });

  test("derived ids are SHA-256 of the UTF-8 text, truncated (FIPS 180-2 vectors, node:crypto)", () => {
    assert.equal(deriveReqId(""), "e3b0c442");
    assert.equal(deriveReqId("abc"), "ba7816bf");
    assert.equal(deriveReqId("abc", true), "ba78");
    for (const text of ["é", "東京", "😀", "cancel(flight)"]) {
      assert.equal(deriveReqId(text), createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8), text);
    }
  });
});
