/**
 * Prompts: every verb in force appears, nothing else does, and every example payload in the
 * prompt text decodes to the hand-written IR it was made from (the oracle is the IR data, not
 * the prompt builder).
 */
import assert from "node:assert/strict";
import { describe, it } from "vitest";
import { buildPrompt, EXAMPLE_MARK, WORKED_EXAMPLES } from "@silp/grammar";
import { APPROVED_VERBS, decode, normalize } from "silp";

function examplePayloads(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(EXAMPLE_MARK))
    .map((line) => line.slice(EXAMPLE_MARK.length));
}

/** The IR without its meta: a payload without #meta carries none, the receiver fills req_id. */
function task(ir: Parameters<typeof normalize>[0]): unknown {
  const { meta: _meta, ...rest } = normalize(ir);
  return rest;
}

describe("buildPrompt", () => {
  for (const role of ["write", "read"] as const) {
    for (const frontend of ["code", "json"] as const) {
      it(`${role}/${frontend}: names every approved verb and shows examples that decode to their IRs`, () => {
        const prompt = buildPrompt({ role, frontend });
        for (const verb of APPROVED_VERBS) {
          const spelled = frontend === "code" ? new RegExp(`\\b${verb.functionName}\\b`) : new RegExp(`${verb.code}\\b`);
          assert.match(prompt.text, spelled, `${verb.code} missing`);
        }
        const payloads = examplePayloads(prompt.text);
        assert.equal(payloads.length, WORKED_EXAMPLES.length);
        payloads.forEach((payload, index) => {
          const example = WORKED_EXAMPLES[index];
          assert.ok(example);
          assert.deepEqual(task(decode(payload, frontend, { strict: true }).ir), task(example.ir));
          const request =
            role === "write" ? `Request: ${example.request}\n${EXAMPLE_MARK}${payload}` : `${EXAMPLE_MARK}${payload}\nMeaning: ${example.request}`;
          assert.ok(prompt.text.includes(request), "the example's request sits next to its payload");
        });
      });
    }
  }

  it("a deployment's verbs replace the whitelist: only they are named, and examples use only them", () => {
    const prompt = buildPrompt({ role: "write", frontend: "code", verbs: ["!REFUND", "!NOTIFY"] });
    assert.match(prompt.text, /\brefund, notify\b/);
    for (const verb of APPROVED_VERBS.filter((verb) => verb.code !== "!NOTIFY")) assert.doesNotMatch(prompt.text, new RegExp(`\\b${verb.functionName}\\(`));
    const payloads = examplePayloads(prompt.text);
    assert.equal(payloads.length, 1, "no worked example uses only refund and notify: one minimal example is made");
    const ir = decode(payloads[0] as string, "code", { strict: true, whitelist: "off" }).ir;
    assert.equal(ir.intent, "!REFUND");
    assert.deepEqual(
      ir.entities.map((entity) => [entity.id, entity.value]),
      [
        ["act", "order_17"],
        ["for", "Dana Okafor"],
      ],
    );
  });

  it("examples that use a verb outside the set are left out", () => {
    const prompt = buildPrompt({ role: "read", frontend: "code", verbs: ["!SEARCH", "!START", "!EMAIL"] });
    assert.deepEqual(examplePayloads(prompt.text), ["search(trains,from=Lyon,to=Turin)", 'if !snow(t+1am): start(backup) else: email("on-call team")']);
  });

  it("rejects what it cannot do with a TypeError", () => {
    assert.throws(() => buildPrompt({ role: "write", frontend: "natural" as "code" }), TypeError);
    assert.throws(() => buildPrompt({ role: "speak" as "write" }), TypeError);
    assert.throws(() => buildPrompt({ role: "write", verbs: ["not a verb"] }), TypeError);
    assert.throws(() => buildPrompt({ role: "write", verbs: [] }), TypeError);
  });
});
