/** silp/aidip: the payload in an AIDIP invocation's inputs and outputs, against a loopback test double. */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { compile, normalize } from "silp";
import { AidipHttpError, invokeAidipAgent, readSilpInvocation, readSilpInvocationResult, silpInvocation, silpInvocationResult } from "../src/aidip.js";
import { APPENDIX_EXAMPLES, appendixExample } from "silp/examples";
import { aidipAgentTestDouble, type AidipTestDouble } from "@silp/testkit/aidip-test-double.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const a4 = appendixExample("A.4").ir;

const codeOf = (fn: () => unknown): string => silpErrorOf(fn).code;

describe("placing and reading (no network)", () => {
  test("object form: the wrapper fields inside inputs, other inputs and body members kept", () => {
    const body = silpInvocation(a4, { fields: { locale: "en-GB" }, body: { session_id: "s-1", stream: false } });
    assert.deepEqual(Object.keys(body), ["inputs", "session_id", "stream"]);
    const inputs = body.inputs as Record<string, unknown>;
    assert.equal(inputs.silp_payload, compile(a4, "code", { inlineMeta: false }), "the wrapper carries meta in silp_meta");
    assert.equal(inputs.locale, "en-GB");
    const read = readSilpInvocation(JSON.parse(JSON.stringify(body)));
    assert.deepEqual(read.ir, normalize(a4));
    assert.deepEqual(read.params, { locale: "en-GB" });
    assert.deepEqual(read.body, { session_id: "s-1", stream: false });
  });

  test("string form: inputs is the bare payload; the frontend is agreed out of band", () => {
    const body = silpInvocation(a4, { form: "string", frontend: "json" });
    assert.equal(body.inputs, compile(a4, "json"));
    const read = readSilpInvocation(body, { frontend: "json" });
    // No silp_meta beside a bare string: A.4's meta (out: "code") travels inside it; the req_id
    // is derived from the text (spec 4.6), as the oracle's SHA-256 of the string says.
    assert.match(body.inputs as string, /,"meta":\{"out":"code"\}\}$/);
    const reqId = createHash("sha256")
      .update(body.inputs as string)
      .digest("hex")
      .slice(0, 8);
    assert.deepEqual(read.ir, { ...normalize(a4), meta: { ...normalize(a4).meta, req_id: reqId } });
    assert.equal(
      codeOf(() => readSilpInvocation(body)),
      "invalid_syntax",
    ); // read as code: it is not code
    assert.throws(() => silpInvocation(a4, { form: "string", fields: { x: 1 } }), TypeError);
  });

  test("outputs work the same way", () => {
    const body = silpInvocationResult(a4, { frontend: "json" });
    assert.deepEqual(readSilpInvocationResult(body).ir, normalize(a4));
  });

  test("bad bodies are typed errors", () => {
    assert.equal(
      codeOf(() => readSilpInvocation("inputs")),
      "decode_failed",
    );
    assert.equal(
      codeOf(() => readSilpInvocation({ input: {} })),
      "decode_failed",
    );
    assert.equal(
      codeOf(() => readSilpInvocation({ inputs: { silp_encoding: "code" } })),
      "decode_failed",
    );
    assert.equal(
      codeOf(() => readSilpInvocation({ inputs: 7 })),
      "decode_failed",
    );
    assert.equal(
      codeOf(() => readSilpInvocation({ inputs: "cancel(" })),
      "invalid_syntax",
    );
    assert.throws(() => silpInvocation(a4, { body: { inputs: "x" } }), TypeError);
  });
});

describe("POST /agents/{id}/invoke against a loopback AIDIP test double", () => {
  let agent: AidipTestDouble;
  beforeAll(async () => {
    agent = await aidipAgentTestDouble((read, agentId) => ({
      intent: "!NOTIFY",
      entities: [
        { id: "status", value: "done" },
        { id: "handled", value: read.ir.intent },
        { id: "agent", value: agentId },
      ],
      meta: { req_id: "00c0ffee", reply_to: read.ir.meta.req_id },
    }));
  });
  afterAll(() => agent.close());

  test("every appendix example reaches the agent intact, with its meta, and the answer decodes", async () => {
    for (const { ir } of APPENDIX_EXAMPLES) {
      const answer = await invokeAidipAgent(agent.baseUrl, "planner/eu", silpInvocation(ir, { fields: { priority: "high" } }));
      const last = agent.received.at(-1)!;
      assert.equal(last.agentId, "planner/eu");
      assert.deepEqual(last.read.ir, normalize(ir));
      assert.deepEqual(last.read.params, { priority: "high" });
      const reply = readSilpInvocationResult(answer);
      assert.equal(reply.ir.meta.reply_to, ir.meta.req_id);
      assert.deepEqual(reply.body, { agent_id: "planner/eu", status: "completed" });
    }
  });

  test("the string form travels too", async () => {
    const answer = await invokeAidipAgent(agent.baseUrl, "a1", silpInvocation(a4, { form: "string" }));
    assert.equal(typeof (answer as { outputs: unknown }).outputs, "string");
    assert.equal(readSilpInvocationResult(answer).ir.intent, "!NOTIFY");
  });

  test("a payload the agent cannot decode comes back as HTTP 400 with the SILP error code", async () => {
    const body = { inputs: { silp_encoding: "code", silp_payload: "if budget<=500 and: book(hotel)" } };
    await assert.rejects(invokeAidipAgent(agent.baseUrl, "a1", body), (error: unknown) => {
      assert.ok(error instanceof AidipHttpError);
      assert.equal(error.status, 400);
      assert.equal((error.body as { error: { code: string } }).error.code, "invalid_syntax");
      return true;
    });
    const verb = { inputs: { silp_encoding: "code", silp_payload: "drop(tables)" } };
    await assert.rejects(
      invokeAidipAgent(agent.baseUrl, "a1", verb),
      (error: unknown) => error instanceof AidipHttpError && (error.body as { error: { code: string } }).error.code === "invalid_ir",
    );
  });
});
