/**
 * The list of lenient repairs is bounded. A hostile payload can earn one
 * repair per comma (1.4 MB made megabytes of repairs); past MAX_REPAIRS (1000) repairs are
 * counted in `repairsDropped`, not listed.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { createDecoder, decode } from "silp";

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

test("a fenced stream lists the fence first and counts the repairs past the cap, as decode() does", () => {
  // decode() records the fence before the payload's repairs; a stream records it when the
  // opening fence's line ends, before its first unit, so the two lists must agree.
  for (const args of [999, 1000, 1001, 1002]) {
    const payload = `start(${Array.from({ length: args }, () => "a").join(", ")})`;
    const text = `\`\`\`silp\n${payload}\n\`\`\``;
    const whole = decode(text, "code", { whitelist: "off" });
    assert.equal(whole.repairs[0]?.kind, "code_fence");
    // One space_after_comma per comma, and the fence.
    assert.equal(whole.repairs.length, Math.min(args, 1000));
    assert.equal(whole.repairsDropped, Math.max(0, args - 1000));
    const stream = createDecoder("code", { whitelist: "off" });
    for (let i = 0; i < text.length; i += 7) stream.push(text.slice(i, i + 7));
    const streamed = stream.end();
    assert.deepEqual(streamed.repairs, whole.repairs);
    assert.equal(streamed.repairsDropped, whole.repairsDropped);
  }
});
