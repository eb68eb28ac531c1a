/**
 * The codec's SHA-256 (req_id derivation, spec 4.6): the portable implementation that browsers
 * run, and the native one Node runs, both give node:crypto's digest of the text's UTF-8 bytes.
 * Oracles: the FIPS 180-4 example vectors and node:crypto itself.
 *
 * Internals, on purpose: the portable implementation is not reachable through the public API in
 * Node (the native hash answers there), and browsers depend on it.
 */
import { afterEach, describe, test, vi } from "vitest";
import { createRequire } from "node:module";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { decode } from "silp";
import { assertProperty } from "@silp/testkit/property.js";
import { portableSha256Hex, sha256Hex } from "../../src/ir/sha256.js";

const oracle = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

test("the FIPS 180-4 vectors: empty, abc, the 448-bit message and a million a's", () => {
  const vectors: [string, string][] = [
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
    ["a".repeat(1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
  ];
  for (const [text, digest] of vectors) {
    assert.equal(portableSha256Hex(text), digest, `portable, ${text.length} characters`);
    assert.equal(sha256Hex(text), digest, `default, ${text.length} characters`);
  }
});

test("every length around the block and padding boundaries (0-200 bytes, multi-byte characters)", () => {
  for (let length = 0; length <= 200; length++) {
    for (const unit of ["x", "é", "😀"]) {
      const text = unit.repeat(length);
      assert.equal(portableSha256Hex(text), oracle(text), `${length} x ${unit}`);
    }
  }
});

test("arbitrary text, lone surrogates included (both encode them as U+FFFD), in any order of calls", () => {
  const text = fc.oneof(
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.string({ unit: fc.constantFrom("\ud800", "\udc00", "😀", "a", "é"), maxLength: 300 }),
  );
  assertProperty(
    fc.property(fc.array(text), (texts) => {
      for (const text of texts) {
        assert.equal(portableSha256Hex(text), oracle(text));
        assert.equal(sha256Hex(text), oracle(text));
      }
    }),
  );
});

test("decode derives a payload's req_id from the SHA-256 of its text: 8 hex, 4 in a scope-limited session", () => {
  const payload = "start(hike)";
  assert.equal(decode(payload, "code").ir.meta.req_id, oracle(payload).slice(0, 8));
  assert.equal(decode(payload, "code", { scopeLimited: true }).ir.meta.req_id, oracle(payload).slice(0, 4));
});

describe("which implementation serves: the platform's where it has one, else the portable one", () => {
  // A fresh copy of the module for each test: sha256Hex looks the native hash up once, at its first call.
  const nodeCrypto = createRequire(import.meta.url)("node:crypto") as { hash: (algorithm: string, data: string, encoding: "hex") => string };
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test("in Node, node:crypto's one-shot hash computes every digest, looked up once, at the first hash (not at import)", async () => {
    vi.resetModules();
    const native = vi.spyOn(nodeCrypto, "hash");
    const lookup = vi.spyOn(process, "getBuiltinModule");
    const fresh = (await import("../../src/ir/sha256.js")) as typeof import("../../src/ir/sha256.js");
    assert.equal(lookup.mock.calls.length, 0);
    assert.equal(fresh.sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert.equal(fresh.sha256Hex("Москва"), oracle("Москва"));
    assert.deepEqual(lookup.mock.calls, [["node:crypto"]]);
    assert.deepEqual(
      native.mock.calls.map((call) => call[0]),
      ["sha256", "sha256"],
    );
  });

  test("off a Node-compatible platform (no process.getBuiltinModule, or a crypto without hash) the portable implementation does", async () => {
    for (const process of [undefined, { getBuiltinModule: () => ({}) }]) {
      vi.resetModules();
      vi.stubGlobal("process", process);
      const native = vi.spyOn(nodeCrypto, "hash");
      const fresh = (await import("../../src/ir/sha256.js")) as typeof import("../../src/ir/sha256.js");
      const digest = fresh.sha256Hex("abc");
      vi.unstubAllGlobals();
      assert.equal(digest, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
      assert.equal(native.mock.calls.length, 0);
      vi.restoreAllMocks();
    }
  });
});
