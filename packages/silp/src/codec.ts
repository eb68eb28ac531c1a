/**
 * compile and decode: the two verbs of the codec, as small pipelines of single-purpose steps.
 *
 *   compile: resolve options -> complete meta (lenient: a missing req_id) -> validate (schema + rules, normal form) -> print
 *   decode:  resolve options -> limits -> sanitize -> find payload (fence) -> the frontend's reader
 *            -> req_id -> validate (decoding/: the same steps end a stream)
 */
import { completeMetaResolved } from "./complete-meta.js";
import type { DecodeResult } from "./decoding/attempt.js";
import { readText } from "./decoding/read-text.js";
import { SilpError } from "./errors.js";
import { getFrontend, type Frontend } from "./frontends/registry.js";
import type { MetaOptionalIR, SilpIRInput } from "./ir/types.js";
import { assertValid } from "./ir/validate.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "./options.js";

export type { DecodeResult };

/** Compiles an IR to the surface text of a synchronous frontend. */
export function compile(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions): string {
  const resolved = resolveOptions(options);
  const target = getFrontend(frontend);
  if (!target.compile) {
    throw new SilpError("unsupported_frontend", `frontend "${frontend}" compiles asynchronously; use compileAsync`, { details: { frontend } });
  }
  return target.compile(assertValid(completeMetaResolved(ir, frontend, resolved).ir, resolved).ir, resolved);
}

/**
 * Compiles with any frontend, including asynchronous ones such as llmlingua2; a frontend's own
 * options go in `options.frontendOptions`.
 */
export async function compileAsync(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions): Promise<string> {
  const resolved = resolveOptions(options);
  const target = getFrontend(frontend);
  const normal = assertValid(completeMetaResolved(ir, frontend, resolved).ir, resolved).ir;
  if (target.compileAsync) return target.compileAsync(normal, resolved);
  return (target.compile as NonNullable<Frontend["compile"]>)(normal, resolved);
}

/** Decodes a payload of a decoding frontend back to the IR. */
export function decode(text: string, frontend = "code", options?: SilpOptions): DecodeResult {
  const resolved = resolveOptions(options);
  if (typeof text !== "string") throw new TypeError("decode expects the payload as a string");
  const target = getFrontend(frontend);
  if (!target.decode) {
    throw new SilpError(
      "unsupported_frontend",
      `frontend "${frontend}" is compile-only: ${target.lossless ? "" : "it is lossy and "}has no decoder (spec section 4)`,
      {
        details: { frontend, operation: "decode" },
      },
    );
  }
  if (text.length > resolved.limits.maxInputLength) {
    throw new SilpError("limit_exceeded", `payload of ${text.length} characters exceeds the limit of ${resolved.limits.maxInputLength}`, {
      details: { limit: "maxInputLength", value: resolved.limits.maxInputLength, actual: text.length },
    });
  }
  return readText(text, target, frontend, resolved);
}

export type { ResolvedOptions };
