/** The SDK-neutral MCP helpers: the -02 wrapper fields in tool arguments, and SILP tool results. */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { compile, isSilpError, normalize, SilpError } from "silp";
import {
  readSilpToolResult,
  silpArgumentsSchema,
  silpErrorResult,
  silpToolResult,
  unwrapSilpArguments,
  withSilpErrors,
  wrapSilpArguments,
} from "../src/index.js";
import { APPENDIX_EXAMPLES, appendixExample } from "silp/examples";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const a1 = appendixExample("A.1").ir;

const silpCode = (fn: () => unknown): string => silpErrorOf(fn).code;

describe("wrapSilpArguments / unwrapSilpArguments", () => {
  test("puts the -02 wrapper fields next to the tool's parameters and takes both out again", () => {
    const args = wrapSilpArguments(a1, { user_id: "u-17", dry_run: true, limits: { max: 3 } });
    assert.equal(args.silp_encoding, "code");
    assert.equal(args.silp_payload, "if !rain(t+1): start(hike) else: start(cards@indoor)");
    assert.equal(args.user_id, "u-17");
    assert.deepEqual(args.limits, { max: 3 });
    // The arguments travel as JSON; nothing may depend on object identity.
    const received = unwrapSilpArguments(JSON.parse(JSON.stringify(args)));
    assert.deepEqual(received.ir, normalize(a1));
    assert.deepEqual(received.params, { user_id: "u-17", dry_run: true, limits: { max: 3 } });
  });

  test("every appendix example round-trips with its meta, in code and in json", () => {
    for (const { ir } of APPENDIX_EXAMPLES) {
      for (const frontend of ["code", "json"]) {
        const withExtraMeta = { ...ir, meta: { ...ir.meta, session_id: "k3", trace: { hops: [1, null, "x"] } } };
        const args = JSON.parse(JSON.stringify(wrapSilpArguments(withExtraMeta, { n: 1 }, { frontend })));
        assert.deepEqual(unwrapSilpArguments(args).ir, normalize(withExtraMeta));
      }
    }
  });

  test("a host parameter called __proto__ stays an own parameter and changes no prototype", () => {
    const params = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const args = wrapSilpArguments(a1, params);
    assert.equal(Object.getPrototypeOf(args), Object.prototype);
    const { params: back } = unwrapSilpArguments(JSON.parse(JSON.stringify(args)));
    assert.ok(Object.hasOwn(back, "__proto__"));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test("refuses host parameters that would overwrite a SILP field", () => {
    assert.throws(() => wrapSilpArguments(a1, { silp_payload: "mine" }), TypeError);
    assert.throws(() => silpArgumentsSchema({ properties: { silp_meta: { type: "string" } } }), TypeError);
  });

  test("the minimal -02 form (two fields, no version, no meta) decodes; the req_id is derived", () => {
    const payload = compile(a1, "code", { inlineMeta: false });
    const { ir } = unwrapSilpArguments({ silp_encoding: "code", silp_payload: payload });
    assert.equal(ir.silp, "v1");
    assert.match(ir.meta.req_id, /^[0-9a-f]{8}$/);
    assert.deepEqual({ ...ir, meta: undefined }, { ...normalize(a1), meta: undefined });
  });

  test("malformed wrappers are typed SilpErrors with a JSON Pointer", () => {
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "code" })),
      "decode_failed",
    );
    const notString = silpErrorOf(() => unwrapSilpArguments({ silp_encoding: "code", silp_payload: 42 }));
    assert.equal(notString.path, "/silp_payload");
    assert.equal(
      silpCode(() => unwrapSilpArguments(null)),
      "decode_failed",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments(["silp_encoding"])),
      "decode_failed",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "code", silp_payload: "start(x)", silp_meta: "a1b2" })),
      "decode_failed",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "code", silp_payload: "start(x)", silp: "v9" })),
      "unsupported_version",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "yaml", silp_payload: "start(x)" })),
      "unsupported_frontend",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "natural", silp_payload: "Start hike." })),
      "unsupported_frontend",
    );
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "code", silp_payload: "start(hike" })),
      "invalid_syntax",
    );
  });

  test("the whitelist is strict by default and can be relaxed per call", () => {
    const args = { silp_encoding: "code", silp_payload: "delete(database)" };
    assert.equal(
      silpCode(() => unwrapSilpArguments(args)),
      "invalid_ir",
    );
    const relaxed = unwrapSilpArguments(args, { whitelist: "advisory" });
    assert.equal(relaxed.ir.intent, "!DELETE");
    assert.ok(relaxed.warnings.some((issue) => issue.rule === "verb-whitelist"));
  });

  test("hostile payloads: oversized and invisible-character input fail typed, without hanging", () => {
    const huge = `start(${"x".repeat(3 * 1024 * 1024)})`;
    assert.equal(
      silpCode(() => unwrapSilpArguments({ silp_encoding: "code", silp_payload: huge })),
      "limit_exceeded",
    );
    const sneaky = unwrapSilpArguments({ silp_encoding: "code", silp_payload: "st\u200bart(hike)" });
    assert.equal(sneaky.ir.intent, "!START");
    assert.ok(sneaky.sanitizer.changed);
  });
});

describe("silpArgumentsSchema", () => {
  test("adds the wrapper fields, requires the two of -02 and keeps the tool's own", () => {
    const schema = silpArgumentsSchema({ properties: { user_id: { type: "string" } }, required: ["user_id"], additionalProperties: false });
    assert.deepEqual(schema.required, ["silp_encoding", "silp_payload", "user_id"]);
    assert.deepEqual(schema.properties?.user_id, { type: "string" });
    assert.equal(schema.properties?.silp_payload?.type, "string");
    assert.equal(schema.additionalProperties, false);
  });
});

describe("tool results", () => {
  test("the IR goes to structuredContent, the payload with the meta that differs to content", () => {
    const result = silpToolResult(a1, { extra: { booked: "yes" } });
    assert.equal(result.content.length, 1);
    // What a model reads: the payload and A.1's one non-default meta field (out: "code"); the req_id is structured.
    assert.equal(result.content[0]?.text, "if !rain(t+1): start(hike) else: start(cards@indoor) #{out=code}");
    assert.deepEqual(result.structuredContent.ir, normalize(a1));
    assert.equal(result.structuredContent.silp_encoding, "code");
    assert.equal(result.structuredContent.booked, "yes");
    assert.deepEqual(readSilpToolResult(result), normalize(a1));
  });

  test("inlineMeta true puts the req_id in the text too; false is refused, as it would drop the meta", () => {
    assert.equal(silpToolResult(a1, { inlineMeta: true }).content[0]?.text, "if !rain(t+1): start(hike) else: start(cards@indoor) #{id=a1b2c3d4 out=code}");
    assert.throws(
      () => silpToolResult(a1, { inlineMeta: false }),
      (error: unknown) => isSilpError(error, "invalid_options") && (error.details as { option?: string }).option === "inlineMeta",
    );
  });

  test("a lossy frontend cannot be the content of a result", () => {
    assert.throws(() => silpToolResult(a1, { frontend: "natural" }), TypeError);
  });

  test("a result with only content is decoded from the text", () => {
    const text = compile(a1, "json");
    const ir = readSilpToolResult({ content: [{ type: "text", text }] }, { frontend: "json" });
    assert.equal(ir.intent, "!START");
  });

  test("SilpErrors become isError results with the code; readSilpToolResult turns them back", async () => {
    const failing = withSilpErrors(async () => {
      throw new SilpError("session_expired", "session k3 is unknown or has expired");
    });
    const result = await failing();
    assert.equal(result.isError, true);
    assert.equal((result.structuredContent?.error as { code: string } | undefined)?.code, "session_expired");
    assert.match(result.content[0]!.text, /^error\[session_expired\]/);
    assert.equal(
      silpCode(() => readSilpToolResult(result)),
      "session_expired",
    );
    // A peer that reports a code we do not know is read as decode_failed, never trusted blindly.
    const odd = { isError: true, content: [], structuredContent: { error: { code: "pwned", message: "x" } } };
    assert.equal(
      silpCode(() => readSilpToolResult(odd)),
      "decode_failed",
    );
  });

  test("errors that are not SilpErrors are bugs and propagate", async () => {
    assert.throws(() => silpErrorResult(new RangeError("bug")), RangeError);
    await assert.rejects(
      withSilpErrors(async () => {
        throw new RangeError("bug");
      })(),
      RangeError,
    );
  });
});
