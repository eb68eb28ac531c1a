/**
 * What the json frontend's tests share: the default meta of a hand-written IR, the IR builder, the
 * check that a payload is rejected with an exact code, offset and message, whole and streamed, and
 * a feed of the frontend's own stream (which createDecoder hides: it reads the whole text again
 * when a stream fails, and decode() takes the JSON.parse shortcut first).
 */
import assert from "node:assert/strict";
import { SilpError, createDecoder, decode, type SilpOptions } from "silp";
import { ChunkText } from "../../src/chunk-text.js";
import { DecodeContext, type DecodedPayload } from "../../src/frontends/decode-context.js";
import { openJsonStream } from "../../src/frontends/json/reader.js";
import type { ResolvedOptions } from "../../src/options.js";
import { IDENTITY_HOOKS, type StructureHooks } from "../../src/security/hooks.js";

export const REQ = "abcd1234";
export const META = { req_id: REQ, priority: 0, confidence: 1, seq: [], out: "natural" };

export function ir(intent: string, entities: unknown[], extra: Record<string, unknown> = {}): unknown {
  return { silp: "v1", version: "ir-v0.1", intent, entities, constraints: [], alternatives: [], meta: META, ...extra };
}

export interface Rejection {
  code: string;
  offset: number;
  message: string;
  expected?: string[];
}

/**
 * A checker that json decoding of a payload throws a SilpError with the code and offset given, and
 * the message: equal to its first line ("first line": the rest is the code frame), or starting with
 * it ("prefix": the message goes on with detail the test does not pin). The payload is decoded
 * whole, and pushed to a stream one character at a time: the stream reads the same text through
 * the same reader in pieces, so it must end with the same error.
 */
export function rejectsAs(match: "first line" | "prefix"): (payload: string, want: Rejection, options?: SilpOptions) => void {
  return (payload, want, options = {}) => {
    const streamed = () => {
      const decoder = createDecoder("json", options);
      for (const char of payload) decoder.push(char);
      decoder.end();
    };
    for (const [how, read] of [
      ["whole", () => decode(payload, "json", options)],
      ["streamed", streamed],
    ] as const) {
      assert.throws(read, (error: unknown) => {
        assert.ok(error instanceof SilpError, `${how}: ${String(error)}`);
        assert.equal(error.code, want.code, `${how}: ${error.message}`);
        assert.equal(error.offset, want.offset, `${how}: ${error.message}`);
        if (match === "first line") assert.equal(error.message.split("\n")[0], want.message, how);
        else assert.ok(error.message.startsWith(want.message), `${how}: message: ${error.message}`);
        if (want.expected) assert.deepEqual(error.expected, want.expected, how);
        return true;
      });
    }
  };
}

/**
 * `text` pushed to the json frontend's own stream in chunks of the sizes `cuts` gives (cycled; at
 * least one chunk, so `finish` never takes the whole-text shortcut), and the stream finished.
 */
export function feedJsonStream(text: string, options: ResolvedOptions, cuts: readonly number[], hooks: StructureHooks = IDENTITY_HOOKS): DecodedPayload {
  const context = new DecodeContext(text, options, hooks);
  const received = new ChunkText();
  context.received = received;
  const stream = openJsonStream(context, 0, () => undefined);
  let at = 0;
  let i = 0;
  do {
    const chunk = text.slice(at, at + (cuts[i++ % cuts.length] as number));
    received.append(chunk);
    stream.append(chunk);
    at += chunk.length;
  } while (at < text.length);
  return stream.finish(text.length);
}
