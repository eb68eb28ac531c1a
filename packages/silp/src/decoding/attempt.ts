/**
 * What decoding one range of the (sanitized) text gives, and how a frontend's reading of it is
 * completed: the req_id the payload left out is derived from its text (spec 4.6), and the IR is
 * validated as every frontend's is (ir/validate.ts, assertDecoded).
 */
import type { ValidationIssue } from "../errors.js";
import type { DecodeContext, DecodedPayload, Repair } from "../frontends/decode-context.js";
import type { Frontend } from "../frontends/registry.js";
import { deriveReqId, withReqId } from "../ir/req-id.js";
import type { SilpIR } from "../ir/types.js";
import { assertDecoded } from "../ir/validate.js";
import type { PreparedText, SanitizerReport } from "../security/decode-guard.js";

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

/** What one decode attempt over one range of the (sanitized) text produced. */
export type Attempt = Omit<DecodeResult, "frontend" | "sanitizer">;

/** What sanitizing the caller's text changed and found. */
export type Sanitized = Omit<PreparedText, "text" | "hooks">;

/** The frontend's reader over the payload between `start` and `end`, completed. */
export function readRange(context: DecodeContext, target: Frontend, start: number, end: number): Attempt {
  return complete(context, (target.decode as NonNullable<Frontend["decode"]>)(context, start, end), start, end);
}

/** req_id -> validate, for what a frontend's reader built of the payload between `start` and `end`. */
export function complete(context: DecodeContext, built: DecodedPayload, start: number, end: number): Attempt {
  const input = built.ir;
  const reqIdDerived = !input.meta.req_id;
  if (reqIdDerived) input.meta = withReqId(input.meta, deriveReqId(context.source.slice(start, end).trim(), context.options.scopeLimited));
  const { ir, warnings } = assertDecoded(built, context.options);
  return { ir, repairs: context.repairs, repairsDropped: context.repairsDropped, warnings, reqIdDerived };
}

/** The decode result of an attempt, its repairs positioned in the caller's text. */
export function result(attempt: Attempt, frontend: string, sanitized: Sanitized): DecodeResult {
  const repairs = sanitized.changed ? attempt.repairs.map((repair) => ({ ...repair, offset: sanitized.originalOffset(repair.offset) })) : attempt.repairs;
  const { ir, repairsDropped, warnings, reqIdDerived } = attempt;
  return { ir, frontend, repairs, repairsDropped, warnings, sanitizer: sanitized.report(), reqIdDerived };
}
