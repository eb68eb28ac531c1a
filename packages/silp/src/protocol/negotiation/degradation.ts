/**
 * The degradation chain (draft -02 section 5.3: code -> JSON -> natural language; draft -00 had
 * an undefined `math` step between code and JSON, which is accepted and skipped) and a
 * conversation helper that walks it: when the peer reports that it could not decode a payload,
 * the same IR is compiled with the core `compile()` into the next frontend and sent again, up to
 * a bound, and every step is logged.
 *
 * "Delivered" means the peer reported success. On the lossless frontends (code, json) that is a
 * decode to the same IR; on natural it only means the prose was accepted: nothing can be
 * decoded back, so a natural delivery is marked `lossless: false` and carries no guarantee that
 * the receiver understood every entity, constraint and alternative.
 */
import { compile } from "../../codec.js";
import { EXTENSION_ERROR_CODES, SPEC_ERROR_CODES, SilpError, type SilpErrorCode } from "../../errors.js";
import { getFrontend } from "../../frontends/registry.js";
import type { SilpIR, SilpIRInput } from "../../ir/types.js";
import type { SilpOptions } from "../../options.js";
import { UNDEFINED_FRONTENDS, type Agreement } from "./negotiate.js";

/** The chain of draft -02. */
export const DEGRADATION_CHAIN: readonly string[] = Object.freeze(["code", "json", "natural"]);
/** The chain of draft -00; `math` is skipped because no draft defines it. */
export const DEGRADATION_CHAIN_00: readonly string[] = Object.freeze(["code", "math", "json", "natural"]);

/** Peer error codes that mean "try the next frontend"; any other failure ends the attempt. */
export const DEGRADE_ON: readonly string[] = Object.freeze(["decode_failed", "invalid_syntax", "unsupported_frontend"]);

export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * The frontends to try, in order: the agreed one first, then the chain entries after it. A
 * frontend outside the chain (nl_json, llmlingua2) is followed by the whole chain. Only
 * frontends in `mutual` are kept; undefined ones (`math`) are dropped.
 */
export function degradationOrder(start: string, mutual: readonly string[], chain: readonly string[] = DEGRADATION_CHAIN): string[] {
  const shared = new Set(mutual);
  const at = chain.indexOf(start);
  const rest = at === -1 ? chain : chain.slice(at + 1);
  const order = [start, ...rest].filter((f) => shared.has(f) && UNDEFINED_FRONTENDS[f] === undefined);
  return [...new Set(order)];
}

/** What the peer says about one payload. */
export type PeerReport = { ok: true; ir?: SilpIR } | { ok: false; code: string; message?: string };

/** Sends one payload to the peer and returns its report. */
export type Deliver = (payload: string, frontend: string, attempt: number) => PeerReport | Promise<PeerReport>;

export interface AttemptRecord {
  /** 1-based number of the send; 0 for a frontend skipped before sending. */
  attempt: number;
  frontend: string;
  outcome: "delivered" | "rejected" | "skipped";
  lossless: boolean;
  payload?: string;
  /** The peer's failure, or why the frontend was skipped. */
  error?: { code: string; message: string };
}

export interface DeliveryResult {
  frontend: string;
  payload: string;
  /** False when the delivery used a lossy frontend (natural): see the module comment. */
  lossless: boolean;
  /** The IR the peer reported decoding, when it sent one back. */
  peerIr?: SilpIR;
  attempts: AttemptRecord[];
}

export interface SendOptions {
  /** Most payloads sent for one IR (default 3, one per chain step). */
  maxAttempts?: number;
  /** Allow falling back to lossy frontends (default true: natural is the chain's last step). */
  allowLossy?: boolean;
  chain?: readonly string[];
  /** Options for the core compile(). */
  compileOptions?: SilpOptions;
}

const KNOWN_CODES = new Set<string>([...SPEC_ERROR_CODES, ...EXTENSION_ERROR_CODES]);

function isLossless(frontend: string): boolean {
  try {
    return getFrontend(frontend).lossless;
  } catch {
    return false;
  }
}

/**
 * Sends `ir` starting with the agreed frontend and degrading along the chain on decode
 * failures. Resolves with the delivery and its log; rejects with `decode_failed` (details.attempts
 * holds the log) when every allowed frontend failed or the bound was reached, or with the
 * peer's own code when it reported a failure that another frontend cannot fix.
 */
export async function sendWithDegradation(
  ir: SilpIRInput,
  agreement: Pick<Agreement, "frontend" | "mutual">,
  deliver: Deliver,
  options: SendOptions = {},
): Promise<DeliveryResult> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new TypeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  const attempts: AttemptRecord[] = [];
  let sent = 0;
  let limited = false;
  for (const frontend of degradationOrder(agreement.frontend, agreement.mutual, options.chain)) {
    const lossless = isLossless(frontend);
    if (!lossless && options.allowLossy === false) {
      attempts.push({ attempt: 0, frontend, outcome: "skipped", lossless, error: { code: "lossy_refused", message: "lossy frontends are not allowed" } });
      continue;
    }
    if (sent === maxAttempts) {
      limited = true;
      break;
    }
    let payload: string;
    try {
      payload = compile(ir, frontend, options.compileOptions);
    } catch (error) {
      // A frontend this side cannot compile is skipped; an invalid IR fails on every frontend.
      if (error instanceof SilpError && error.code === "unsupported_frontend") {
        attempts.push({ attempt: 0, frontend, outcome: "skipped", lossless, error: { code: error.code, message: error.message } });
        continue;
      }
      throw error;
    }
    sent++;
    const report = await deliver(payload, frontend, sent);
    if (report.ok) {
      attempts.push({ attempt: sent, frontend, outcome: "delivered", lossless, payload });
      return { frontend, payload, lossless, ...(report.ir ? { peerIr: report.ir } : {}), attempts };
    }
    const failure = { code: report.code, message: report.message ?? report.code };
    attempts.push({ attempt: sent, frontend, outcome: "rejected", lossless, payload, error: failure });
    if (!DEGRADE_ON.includes(report.code)) {
      const code = (KNOWN_CODES.has(report.code) ? report.code : "decode_failed") as SilpErrorCode;
      throw new SilpError(code, `the peer rejected the ${frontend} payload: ${failure.message}`, {
        details: { attempts, peerCode: report.code },
      });
    }
  }
  const tried = attempts.filter((a) => a.outcome === "rejected").map((a) => a.frontend);
  throw new SilpError(
    "decode_failed",
    tried.length === 0
      ? "no frontend of the degradation chain could be sent"
      : `the peer could not decode the IR in ${tried.join(", then ")}${limited ? ` (stopped at the limit of ${maxAttempts} attempts)` : ""}`,
    { details: { attempts } },
  );
}

/**
 * A conversation with one peer after negotiation: every `send` walks the degradation chain from
 * the agreed frontend, and `log` keeps the attempts of all sends.
 */
export class Conversation {
  readonly log: AttemptRecord[][] = [];

  constructor(
    readonly agreement: Pick<Agreement, "frontend" | "mutual">,
    private readonly deliver: Deliver,
    private readonly options: SendOptions = {},
  ) {}

  async send(ir: SilpIRInput): Promise<DeliveryResult> {
    try {
      const result = await sendWithDegradation(ir, this.agreement, this.deliver, this.options);
      this.log.push(result.attempts);
      return result;
    } catch (error) {
      const attempts = error instanceof SilpError ? error.details?.attempts : undefined;
      if (Array.isArray(attempts)) this.log.push(attempts as AttemptRecord[]);
      throw error;
    }
  }
}
