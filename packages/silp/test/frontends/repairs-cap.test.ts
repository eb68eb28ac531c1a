/**
 * The list of lenient repairs is bounded. A hostile payload can earn one
 * repair per comma (1.4 MB made megabytes of repairs); past MAX_REPAIRS (1000) repairs are
 * counted in `repairsDropped`, not listed.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { decode } from "silp";

test("a repair after every comma: 1000 listed in order, the rest counted", () => {
  const args = 350_000; // "a, " is 3 characters: about 1 MB, one space_after_comma per comma
  const payload = `start(${Array.from({ length: args }, () => "a").join(", ")})`;
  const result = decode(payload, "code", { whitelist: "off" });
  assert.equal(result.ir.entities.length, args);
  assert.equal(result.repairs.length, 1000);
  assert.equal(result.repairsDropped, args - 1 - 1000);
  // The listed repairs are the first ones: the space after each of the first 1000 commas.
  assert.deepEqual(
    result.repairs.map((repair) => [repair.kind, repair.offset]),
    Array.from({ length: 1000 }, (_, i) => ["space_after_comma", 8 + 3 * i]),
  );
});

test("a payload with few repairs lists them all and drops none", () => {
  const result = decode("start(a, b)");
  assert.deepEqual(
    result.repairs.map((repair) => repair.kind),
    ["space_after_comma"],
  );
  assert.equal(result.repairsDropped, 0);
});
