/**
 * What a model reads (docs/integrations.md, "What a model reads"). One rule for every carrier:
 * the text a model reads decodes, by itself, to the whole IR but the req_id. The draft's first
 * principle is "protocol, not compression" (section 1.3): `seq` orders the steps (-02 3.6),
 * `next_agent` and `out` route and shape the answer, so a model that is not shown them cannot
 * act on them. The cheapest such text is the payload with the trailer of the meta fields that
 * differ from their defaults, which is what `compile` writes by default; the req_id is a
 * correlation id for programs (-02: not a security identifier) and may ride beside the text.
 *
 * A receiving agent's model is handed what was understood, re-printed from the decoded IR, never
 * the peer's raw text: after sanitizing and repair, an injected invisible character or a stray
 * fence never reaches it. One note line per kind of finding follows (repairs, warnings,
 * sanitizer hits): facts about the sender's text, not part of the IR.
 */
import type { DecodeResult } from "../codec.js";
import { compile } from "../codec.js";
import { metaDelta } from "../frontends/meta-carriage.js";
import { getFrontend } from "../frontends/registry.js";
import type { NormalMeta } from "../ir/types.js";
import { fromEnvelope, type SilpEnvelope } from "./envelope.js";

/** At most this many entries of a list (issues, repairs, hits) are written into a note line. */
export const MAX_LISTED = 100;

/** What `decodeNotes` reads: the parts of a DecodeResult besides the IR. */
export interface DecodeFindings {
  repairs: readonly { kind: string; offset: number }[];
  repairsDropped?: number;
  warnings: readonly { rule: string; path: string }[];
  sanitizer: {
    hits: readonly { kind: string; offset: number; action: string; codePoint?: number }[];
    counts: Record<string, number>;
    truncated: boolean;
    changed: boolean;
  };
}

/**
 * The compact text form of a decode's findings, one line per kind, only for kinds with entries
 * (docs/integrations.md, "What a model reads"):
 *
 *   repairs 2: else_without_colon@27 code_fence@0 (+3 dropped)
 *   warnings 1: verb-whitelist@/intent
 *   sanitizer 1 (changed): zero_width U+200B stripped@18
 *
 * Offsets are UTF-16 offsets into the payload sent. Peer text never appears here (kinds, rules,
 * pointers and code points only), and each list is cut after MAX_LISTED entries.
 */
export function decodeNotes(findings: DecodeFindings): string[] {
  const lines: string[] = [];
  const list = <T>(items: readonly T[], show: (item: T) => string, total: number): string => {
    const shown = items.slice(0, MAX_LISTED).map(show).join(" ");
    return total > Math.min(items.length, MAX_LISTED) ? `${shown} (+${total - Math.min(items.length, MAX_LISTED)} more)` : shown;
  };
  const dropped = findings.repairsDropped ?? 0;
  if (findings.repairs.length + dropped > 0) {
    lines.push(`repairs ${findings.repairs.length + dropped}: ${list(findings.repairs, (r) => `${r.kind}@${r.offset}`, findings.repairs.length + dropped)}`);
  }
  if (findings.warnings.length > 0) {
    lines.push(`warnings ${findings.warnings.length}: ${list(findings.warnings, (w) => `${w.rule}@${w.path || "/"}`, findings.warnings.length)}`);
  }
  const { sanitizer } = findings;
  const hitCount = Object.values(sanitizer.counts).reduce((sum, n) => sum + n, 0);
  if (hitCount > 0) {
    const codePoint = (cp: number | undefined): string => (cp === undefined ? "" : ` U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
    const hits = list(sanitizer.hits, (h) => `${h.kind}${codePoint(h.codePoint)} ${h.action}@${h.offset}`, hitCount);
    lines.push(`sanitizer ${hitCount}${sanitizer.changed ? " (changed)" : ""}: ${hits}`);
  }
  return lines;
}

/**
 * The text for the model: the payload of `decoded.ir` in `frontend` (default the frontend it
 * arrived in) with the meta that differs from the defaults inline, then the note lines, if any.
 * Without notes it decodes to `decoded.ir`, the req_id aside.
 */
export function modelText(decoded: DecodeResult, frontend = decoded.frontend): string {
  // The IR was validated under the receiver's options already; printing checks nothing again.
  const payload = compile(decoded.ir, frontend, { whitelist: "off" });
  return [payload, ...modelNotes(decoded)].join("\n");
}

/**
 * The note lines a model is handed with a payload: every repair and sanitizer finding (the text it
 * reads differs from the one sent) and the warnings about the task. A warning about the meta
 * (`req-id-short`, `session-id-length`, `seq-entry-unknown`, ...) lints ids, order and routing
 * that programs act on, not what the task means, so it stays in the DecodeResult for them.
 */
export function modelNotes(findings: DecodeFindings): string[] {
  return decodeNotes({ ...findings, warnings: findings.warnings.filter((warning) => !warning.path.startsWith("/meta")) });
}

/**
 * What a model reads of an envelope: its payload with the meta of `silp_meta` that differs from
 * the defaults inline (the req_id stays in `silp_meta`). A carrier that shows the model the
 * payload and keeps `silp_meta` beside it for programs (an A2A text part) sends this text; the
 * receiver's `fromEnvelope` checks that the two agree. A frontend that cannot carry meta
 * (a lossy one) gets its payload unchanged.
 */
export function envelopeText(envelope: SilpEnvelope): string {
  const frontend = getFrontend(envelope.silp_encoding);
  const defaultsOnly =
    envelope.silp === undefined && envelope.silp_ir_version === undefined && Object.keys(metaDelta((envelope.silp_meta ?? {}) as NormalMeta)).length === 0;
  if (defaultsOnly || !frontend.lossless || !frontend.decodes || frontend.async) return envelope.silp_payload;
  // The sender's own envelope: the whitelist is the sender's business, not this printer's.
  const { ir } = fromEnvelope(envelope, { whitelist: "off" });
  return compile(ir, envelope.silp_encoding, { whitelist: "off" });
}
