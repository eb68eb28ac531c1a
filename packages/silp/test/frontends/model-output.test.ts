/**
 * Model-written text (docs/grammar.md "Extraction and repair"): the rows of
 * test/fixtures/model-output-cases.json, decoded in lenient mode (the IR and every repair's kind
 * and offset, counted by hand, and where a row gives it the message) and in strict mode (always rejected: strict neither extracts nor
 * repairs).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "vitest";
import { decode, getFrontend, registerFrontend, SilpError, type SilpIR } from "silp";

interface ExpectedError {
  code: string;
  offset?: number;
  /** Where the row gives it: the message, written out by hand. */
  message?: string;
  /** Where the row gives it: what the error says was expected instead. */
  expected?: string[];
}

interface Row {
  name: string;
  frontend: string;
  payload: string;
  /** Each repair's kind and offset, and where the row gives it, its message. */
  repairs?: { kind: string; offset: number; message?: string }[];
  ir?: Partial<SilpIR>;
  strict?: ExpectedError;
  error?: ExpectedError;
}

const { cases } = JSON.parse(readFileSync(new URL("../fixtures/model-output-cases.json", import.meta.url), "utf8")) as { cases: Row[] };

/** The normal-form defaults of a decoded IR, written out here rather than taken from the codec. */
function expectedIR(parts: Partial<SilpIR>, reqId: string): SilpIR {
  return {
    silp: "v1",
    version: "ir-v0.1",
    intent: parts.intent as string,
    entities: parts.entities ?? [],
    constraints: parts.constraints ?? [],
    alternatives: parts.alternatives ?? [],
    meta: parts.meta ?? { req_id: reqId, priority: 0, confidence: 1, seq: [], out: "natural" },
  };
}

function assertRejects(run: () => unknown, expected: ExpectedError): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
    assert.equal(error.code, expected.code, error.message);
    if (expected.offset !== undefined) assert.equal(error.offset, expected.offset, error.message);
    if (expected.message !== undefined) assert.equal(error.message.split("\n")[0], expected.message);
    if (expected.expected !== undefined) assert.deepEqual(error.expected, expected.expected);
    return true;
  });
}

describe("model-written text: extraction and repair (lenient), rejection (strict)", () => {
  for (const row of cases) {
    test(row.name, () => {
      if (row.error) {
        assertRejects(() => decode(row.payload, row.frontend), row.error);
        assertRejects(() => decode(row.payload, row.frontend, { strict: true }), row.strict ?? { code: row.error.code });
        return;
      }
      const result = decode(row.payload, row.frontend);
      assert.deepEqual(
        result.repairs.map(({ kind, offset, message }, at) => ({ kind, offset, ...(row.repairs?.[at]?.message !== undefined ? { message } : {}) })),
        row.repairs,
      );
      const reqId = result.ir.meta.req_id;
      if (!row.ir?.meta) assert.ok(result.reqIdDerived && /^[0-9a-f]{8}$/.test(reqId), `derived req_id ${reqId}`);
      assert.deepEqual(result.ir, expectedIR(row.ir ?? {}, reqId));
      assertRejects(() => decode(row.payload, row.frontend, { strict: true }), row.strict as ExpectedError);
    });
  }

  test("every repair kind the fixtures name is a documented kind in docs/grammar.md or docs/json.md", () => {
    const docs =
      readFileSync(new URL("../../../../docs/grammar.md", import.meta.url), "utf8") +
      readFileSync(new URL("../../../../docs/json.md", import.meta.url), "utf8");
    const kinds = new Set(cases.flatMap((row) => (row.repairs ?? []).map((repair) => repair.kind)));
    for (const kind of kinds) assert.ok(docs.includes(`\`${kind}\``), `${kind} is documented`);
  });
});

describe("a strict frontend's payload on a line of its own: the blanks cut around it are a whitespace repair", () => {
  // A TEST DOUBLE of a frontend whose decoder is strict about the edges of its payload, as a
  // dialect's is (docs/grammar.md, Extraction): it refuses a range that starts or ends with a
  // blank, and reads any other with the code frontend's reader.
  const code = getFrontend("code");
  registerFrontend(
    {
      name: "t-strict-edges",
      lossless: true,
      description: "test double: the code frontend, refusing blanks at the edges of its payload",
      compile: code.compile,
      decode(context, start, end) {
        const text = context.source.slice(start, end);
        if (text !== text.trim()) throw new SilpError("invalid_syntax", "blanks around the payload", { offset: start });
        return code.openStream?.(context, start).finish(end) as ReturnType<NonNullable<typeof code.decode>>;
      },
    },
    { replace: true },
  );
  const CANCEL = { intent: "!CANCEL", entities: [{ id: "act", value: "flight", action: "!CANCEL" }] };
  const MESSAGE = "non-canonical whitespace: no whitespace around the payload";

  test("blanks after the payload: the repair is at the first one, where the payload ends", () => {
    const result = decode("cancel(flight)\n", "t-strict-edges");
    assert.deepEqual(result.repairs, [{ kind: "whitespace", offset: 14, message: MESSAGE }]);
    assert.deepEqual({ intent: result.ir.intent, entities: result.ir.entities }, CANCEL);
  });

  test("blanks before the payload (and after): the repair is at the text's first character", () => {
    const result = decode("\n  cancel(flight) \n", "t-strict-edges");
    assert.deepEqual(result.repairs, [{ kind: "whitespace", offset: 0, message: MESSAGE }]);
    assert.deepEqual({ intent: result.ir.intent, entities: result.ir.entities }, CANCEL);
  });

  test("no blank to cut: the payload is read as it is, with no repair; strict mode extracts nothing", () => {
    assert.deepEqual(decode("cancel(flight)", "t-strict-edges").repairs, []);
    assertRejects(() => decode("cancel(flight)\n", "t-strict-edges", { strict: true }), { code: "invalid_syntax", offset: 0 });
  });
});

describe("a frontend that fails with another error than a SilpError while a candidate is tried", () => {
  // A TEST DOUBLE of a frontend with a bug: a SilpError for the whole text, a TypeError for a line.
  registerFrontend(
    {
      name: "t-buggy-lines",
      lossless: true,
      description: "test double: throws a TypeError on any range but the whole text",
      compile: getFrontend("code").compile,
      decode(context, start, end) {
        if (start === 0 && end === context.source.length) throw new SilpError("invalid_syntax", "not one payload", { offset: 0 });
        throw new TypeError("a bug in the frontend");
      },
    },
    { replace: true },
  );

  test("the error comes out as it is: extraction catches SilpErrors only, so a bug is not read as a candidate that does not decode", () => {
    assert.throws(
      () => decode("start(hike)\ncancel(flight)", "t-buggy-lines"),
      (error: unknown) => error instanceof TypeError && error.message === "a bug in the frontend",
    );
  });
});
