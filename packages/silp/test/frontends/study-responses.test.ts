/**
 * Real model-written text: the study's phase 2 answers (data/study/phase2,
 * five models asked to explain a code or json payload). Many quote the payload in a fence amid
 * prose, in Chinese and English. Lenient decode must find exactly the payload they were shown:
 * the oracle is decode() of that payload (`encoded`, the study's canonical string), never the
 * answer. Strict mode extracts nothing. Streaming ends exactly as decode() does.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { corpusDir } from "@silp/testkit/corpus.js";
import { createDecoder, decode, SilpError, type SilpIR } from "silp";

const OFF = { whitelist: "off" } as const;

interface Answer {
  case_id: string;
  model: string;
  frontend: string;
  encoded: string;
  model_response: string;
}

const phase2 = join(corpusDir(), "phase2");
const answers: Answer[] = readdirSync(phase2)
  .filter((file) => file.startsWith("results-") && file.endsWith(".jsonl"))
  .flatMap((file) =>
    readFileSync(join(phase2, file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Answer),
  )
  .filter((answer) => answer.frontend === "code" || answer.frontend === "json");

function outcome(run: () => { ir: SilpIR }): SilpIR | string {
  try {
    return run().ir;
  } catch (error) {
    assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
    return `${error.code}@${error.offset}`;
  }
}

/** The IR without a req_id derived from the text (it differs between the answer and the payload). */
const withoutReqId = (ir: SilpIR): SilpIR => ({ ...ir, meta: { ...ir.meta, req_id: "" } });

describe("the study's model answers (real model-written text)", () => {
  test("every answer that decodes gives exactly the payload the model was shown; strict extracts nothing", () => {
    assert.equal(answers.length, 270, "five models x 27 cases x code and json");
    let found = 0;
    for (const answer of answers) {
      const label = `${answer.model} ${answer.case_id}/${answer.frontend}`;
      const lenient = outcome(() => decode(answer.model_response, answer.frontend, OFF));
      if (typeof lenient !== "string") {
        found++;
        assert.deepEqual(withoutReqId(lenient), withoutReqId(decode(answer.encoded, answer.frontend, OFF).ir), label);
      }
      assert.equal(typeof outcome(() => decode(answer.model_response, answer.frontend, { ...OFF, strict: true })), "string", `${label}: strict`);
    }
    // Measured: 39 answers quote their payload in a fence, 1 in inline code after a label
    // ("**SILP 指令：** `translate(...)`"); the rest paraphrase it, or quote pieces.
    assert.equal(found, 40);
  });

  test("streamed in three chunks, each answer ends exactly as decode() of the whole answer", () => {
    for (const answer of answers) {
      const text = answer.model_response;
      const third = Math.floor(text.length / 3);
      const decoder = createDecoder(answer.frontend, OFF);
      for (const chunk of [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)]) decoder.push(chunk);
      assert.deepEqual(
        outcome(() => decoder.end()),
        outcome(() => decode(text, answer.frontend, OFF)),
        `${answer.model} ${answer.case_id}/${answer.frontend}`,
      );
    }
  });
});
