/**
 * compile and decode: the two verbs of the codec, as small pipelines of single-purpose steps.
 *
 *   compile: resolve options -> complete meta (lenient: a missing req_id) -> validate (schema + rules, normal form) -> print
 *   decode:  resolve options -> limits -> sanitize -> find payload (fence) -> parse + lower
 *            -> req_id -> validate
 */
import { completeMeta } from "./complete-meta.js";
import { SilpError, SilpFrontendError, SilpLimitError, type ValidationIssue } from "./errors.js";
import { DecodeContext, type Repair } from "./frontends/decode-context.js";
import { findFence } from "./frontends/fence.js";
import { getFrontend, type Frontend } from "./frontends/registry.js";
import { deriveReqId } from "./ir/req-id.js";
import type { MetaOptionalIR, SilpIR, SilpIRInput } from "./ir/types.js";
import { assertValid, assertValidNormal } from "./ir/validate.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "./options.js";
import { prepareForDecode, type SanitizerReport } from "./security/decode-guard.js";

export interface DecodeResult {
  /** The decoded IR in normal form. */
  ir: SilpIR;
  frontend: string;
  /** The lenient repairs applied, with their positions (empty in strict mode); at most MAX_REPAIRS. */
  repairs: Repair[];
  /** Repairs applied beyond MAX_REPAIRS (1000): counted, not listed. */
  repairsDropped: number;
  /** Validation warnings (errors would have thrown). */
  warnings: ValidationIssue[];
  /** What the sanitizer found and did. */
  sanitizer: SanitizerReport;
  /**
   * True when the payload carried no req_id and decode derived it from the text (spec 4.6): the
   * sender's req_id is then unknown. Every other field came from the payload or is a default.
   */
  reqIdDerived: boolean;
}

/** Compiles an IR to the surface text of a synchronous frontend. */
export function compile(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions): string {
  const resolved = resolveOptions(options);
  const target = getFrontend(frontend);
  if (!target.compile) {
    throw new SilpFrontendError(`frontend "${frontend}" compiles asynchronously; use compileAsync`, { details: { frontend } });
  }
  return target.compile(assertValid(completeMeta(ir, frontend, resolved).ir, resolved).ir, resolved);
}

/** Compiles with any frontend, including asynchronous ones such as llmlingua2. */
export async function compileAsync(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions & Record<string, unknown>): Promise<string> {
  const resolved = resolveOptions(options);
  const target = getFrontend(frontend);
  const normal = assertValid(completeMeta(ir, frontend, resolved).ir, resolved).ir;
  if (target.compileAsync) return target.compileAsync(normal, resolved, options);
  return (target.compile as NonNullable<Frontend["compile"]>)(normal, resolved);
}

/** Decodes a payload of a decoding frontend back to the IR. */
export function decode(text: string, frontend = "code", options?: SilpOptions): DecodeResult {
  const resolved = resolveOptions(options);
  if (typeof text !== "string") throw new TypeError("decode expects the payload as a string");
  const target = getFrontend(frontend);
  if (!target.decode) {
    throw new SilpFrontendError(`frontend "${frontend}" is compile-only: ${target.lossless ? "" : "it is lossy and "}has no decoder (spec section 4)`, {
      details: { frontend, operation: "decode" },
    });
  }
  if (text.length > resolved.limits.maxInputLength) {
    throw new SilpLimitError(`payload of ${text.length} characters exceeds the limit of ${resolved.limits.maxInputLength}`, {
      details: { limit: "maxInputLength", value: resolved.limits.maxInputLength, actual: text.length },
    });
  }
  const prepared = prepareForDecode(text, resolved);
  const context = new DecodeContext(prepared.text, resolved, prepared.hooks);
  try {
    const { start, end } = payloadBounds(context);
    const input = target.decode(context, start, end);
    const reqIdDerived = !input.meta.req_id;
    if (reqIdDerived) input.meta = { ...input.meta, req_id: deriveReqId(context.source.slice(start, end).trim(), resolved.scopeLimited) };
    const { ir, warnings } = context.normalForm ? assertValidNormal(input as SilpIR, resolved) : assertValid(input, resolved);
    const repairs = prepared.changed ? context.repairs.map((repair) => ({ ...repair, offset: prepared.originalOffset(repair.offset) })) : context.repairs;
    return { ir, frontend, repairs, repairsDropped: context.repairsDropped, warnings, sanitizer: prepared.report(), reqIdDerived };
  } catch (error) {
    if (error instanceof SilpError && error.offset !== undefined && prepared.changed) {
      error.relocate(text, prepared.originalOffset(error.offset));
    }
    throw error;
  }
}

/** Where the payload sits: inside one code fence (lenient only), else the whole text. */
function payloadBounds(context: DecodeContext): { start: number; end: number } {
  const fence = findFence(context.source);
  if (!fence) return { start: 0, end: context.source.length };
  context.repair("code_fence", fence.fenceAt ?? 0, "a surrounding markdown code fence", ["the bare payload"]);
  return { start: fence.start, end: fence.end };
}

export type { ResolvedOptions };
