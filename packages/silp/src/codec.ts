/**
 * compile and decode: the two verbs of the codec, as small pipelines of single-purpose steps.
 *
 *   compile: resolve options -> complete meta (lenient: a missing req_id) -> validate (schema + rules, normal form) -> print
 *   decode:  resolve options -> limits -> sanitize -> find payload (fence) -> parse + lower
 *            -> req_id -> validate
 */
import { completeMetaResolved } from "./complete-meta.js";
import { SilpError, type ValidationIssue, isSilpError } from "./errors.js";
import { ChunkText } from "./chunk-text.js";
import { DecodeContext, type DecodedPayload, type PayloadStream, type Repair, type StreamPart } from "./frontends/decode-context.js";
import { findCandidates, type PayloadCandidate } from "./frontends/extract.js";
import { findFence } from "./frontends/fence.js";
import { getFrontend, type Frontend } from "./frontends/registry.js";
import { deriveReqId } from "./ir/req-id.js";
import type { MetaOptionalIR, SilpIR, SilpIRInput } from "./ir/types.js";
import { assertDecoded, assertValid } from "./ir/validate.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "./options.js";
import { prepareForDecode, type PreparedText, type SanitizerReport } from "./security/decode-guard.js";

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
  const prepared = prepareForDecode(text, resolved);
  try {
    return result(decodePrepared(new DecodeContext(prepared.text, resolved, prepared.hooks), target, frontend), frontend, prepared);
  } catch (error) {
    if (error instanceof SilpError && error.offset !== undefined && prepared.changed) {
      error.relocate(text, prepared.originalOffset(error.offset));
    }
    throw error;
  }
}

/** What one decode attempt over one range of the (sanitized) text produced. */
type Attempt = Omit<DecodeResult, "frontend" | "sanitizer">;

/** The decode result of an attempt, its repairs positioned in the caller's text. */
function result(attempt: Attempt, frontend: string, sanitized: Omit<PreparedText, "text" | "hooks">): DecodeResult {
  const repairs = sanitized.changed ? attempt.repairs.map((repair) => ({ ...repair, offset: sanitized.originalOffset(repair.offset) })) : attempt.repairs;
  const { ir, repairsDropped, warnings, reqIdDerived } = attempt;
  return { ir, frontend, repairs, repairsDropped, warnings, sanitizer: sanitized.report(), reqIdDerived };
}

/** What a streaming decode (streaming/reader.ts) hands over when its stream ends. */
export interface StreamedPayload {
  /** The context the stream was read with; its `source` is now the whole sanitized text. */
  context: DecodeContext;
  stream: PayloadStream;
  /** Where the stream's payload starts in the sanitized text (after an opening code fence line). */
  start: number;
  /** The stream threw: what it read before that may still be the whole payload (up to a closing fence). */
  failed: boolean;
  /** What sanitizing the stream changed and found. */
  sanitized: Omit<PreparedText, "text" | "hooks">;
}

/**
 * The end of a streaming decode: what `decode(text)` returns, from the units the stream already
 * read. The stream read the payload exactly as decode() reads it when it started where decode's
 * payload starts, its completed units looked at nothing past the payload's end, and it either read
 * on without failing or failed only past the payload's closing fence; then what is left of the
 * payload is read and the result completed as decode() completes it. Otherwise (prose around the payload, an error to report with its code frame, extraction)
 * the whole text is decoded: the same parser, over the whole text.
 */
export function finishStreamed(text: string, frontend: string, options: SilpOptions | undefined, streamed: StreamedPayload): DecodeResult {
  const { context, stream } = streamed;
  const fence = findFence(context.source);
  const bounds = fence ?? { start: 0, end: context.source.length };
  if (streamed.start === bounds.start && (!streamed.failed || fence !== undefined) && stream.position <= bounds.end) {
    try {
      if (fence) context.repairFirst("code_fence", fence.fenceAt ?? 0, "a surrounding markdown code fence", ["the bare payload"]);
      return result(completeDecoded(context, stream.finish(bounds.end), bounds.start, bounds.end), frontend, streamed.sanitized);
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      // decode() reports it, or finds the payload elsewhere in the text (lenient extraction).
    }
  }
  return decode(text, frontend, options);
}

/**
 * Decodes the payload (inside one surrounding fence, lenient); when that fails to parse in lenient
 * mode, looks for the payload inside the text (extract.ts) before giving up with the first error.
 *
 * Extraction never takes back a part that reading the payload already completed (docs/grammar.md,
 * "What a stream promises"): a stream of this text hands those parts on before the error, and an
 * agent may have acted on them. So when the payload's own reading completed parts before its
 * syntax error (`delete(everything) -- no wait` then `- cancel(flight)`), the payload is a
 * candidate that starts where it starts and holds every one of those parts, or the error stands.
 */
function decodePrepared(context: DecodeContext, target: Frontend, frontend: string): Attempt {
  const { start, end } = payloadBounds(context);
  try {
    return decodeRange(context, target, start, end);
  } catch (error) {
    if (context.strict || !isSilpError(error, "invalid_syntax")) throw error;
    const streamed = partsBeforeFailure(context, target, start, end);
    const extracted = extractPayload(context, target, frontend, streamed.length === 0 ? undefined : { start, parts: streamed });
    if (!extracted) throw error;
    return extracted;
  }
}

/** The parts the frontend's stream completes reading the payload from `start` before it fails (none for a frontend that does not stream). */
function partsBeforeFailure(context: DecodeContext, target: Frontend, start: number, end: number): StreamPart[] {
  if (!target.openStream) return [];
  const parts: StreamPart[] = [];
  const streamContext = new DecodeContext(context.source, context.options, context.hooks);
  const received = new ChunkText();
  received.append(context.source.slice(0, end));
  streamContext.received = received;
  try {
    target.openStream(streamContext, start, (part) => parts.push(part)).append(context.source.slice(start, end));
  } catch (error) {
    if (!(error instanceof SilpError)) throw error;
  }
  return parts;
}

/**
 * Whether every streamed part is one of the IR's, each entity, constraint and alternative counted
 * once: a count per kind and JSON text, so the check is linear in the parts (a payload of a
 * hundred thousand entities that breaks at its end is one of the complexity shapes).
 */
function holdsParts(ir: SilpIR, parts: readonly StreamPart[]): boolean {
  const counts = new Map<string, number>();
  const add = (kind: string, values: readonly unknown[]): void => {
    for (const value of values) {
      const key = `${kind}${JSON.stringify(value)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  add("entity", ir.entities);
  add("constraint", ir.constraints);
  add("alternative", ir.alternatives);
  for (const part of parts) {
    if (part.kind === "intent") {
      if (part.intent !== ir.intent) return false;
      continue;
    }
    const key = `${part.kind}${JSON.stringify(part.kind === "entity" ? part.entity : part.kind === "constraint" ? part.constraint : part.alternative)}`;
    const left = counts.get(key) ?? 0;
    if (left === 0) return false;
    counts.set(key, left - 1);
  }
  return true;
}

/** parse + lower -> req_id -> validate (what the decoder did not guarantee), for the payload between `start` and `end`. */
function decodeRange(context: DecodeContext, target: Frontend, start: number, end: number): Attempt {
  return completeDecoded(context, (target.decode as NonNullable<Frontend["decode"]>)(context, start, end), start, end);
}

/** req_id -> validate, for what a frontend's decoder (or its stream) built of the payload between `start` and `end`. */
function completeDecoded(context: DecodeContext, built: DecodedPayload, start: number, end: number): Attempt {
  const input = built.ir;
  const reqIdDerived = !input.meta.req_id;
  if (reqIdDerived) input.meta = { ...input.meta, req_id: deriveReqId(context.source.slice(start, end).trim(), context.options.scopeLimited) };
  const { ir, warnings } = assertDecoded(built, context.options);
  return { ir, repairs: context.repairs, repairsDropped: context.repairsDropped, warnings, reqIdDerived };
}

/**
 * Lenient extraction (docs/grammar.md, Extraction): decodes the candidates of the first tier, then,
 * when none decodes, those of the second (parts of a line: list item, inline code, label,
 * lead-in). One that decodes is the payload, reported with the repairs of its shape and, when
 * the reply had candidates in several places, `several_candidates` naming the place. Two of one
 * tier that decode to different IRs are ambiguous: an error, since choosing would silently drop
 * a payload (thrown); a candidate inside one that decoded is a part of that payload and is not
 * tried. When nothing decodes and there was exactly one candidate: its error if it was a fence
 * (the payload is there) or if it parsed and failed later (`invalid_ir`: it is the payload); a
 * syntax error in a line cut out of the text is not reported, so the whole text's error stands
 * (a raw newline inside a string is reported where it is, not as an unterminated string on the
 * first line).
 */
function extractPayload(whole: DecodeContext, target: Frontend, frontend: string, streamed?: { start: number; parts: StreamPart[] }): Attempt | undefined {
  const source = whole.source;
  const candidates = findCandidates(source, frontend);
  const fences = candidates.filter((candidate) => candidate.kind === "fence").length;
  const places = [...new Set(candidates.map((candidate) => candidate.place))];
  // After parts were read, only a candidate where the reading started (blanks aside) that keeps them may be the payload.
  const eligible = (candidate: PayloadCandidate, attempt: Attempt): boolean =>
    streamed === undefined ||
    (source.slice(Math.min(candidate.start, streamed.start), Math.max(candidate.start, streamed.start)).trim() === "" &&
      holdsParts(attempt.ir, streamed.parts));
  const inside = (candidate: PayloadCandidate, outer: PayloadCandidate): boolean => candidate.start >= outer.start && candidate.end <= outer.end;
  let lastError: unknown;
  for (const tier of [1, 2] as const) {
    let chosen: { attempt: Attempt; candidate: PayloadCandidate } | undefined;
    // A candidate that decodes but may not be the payload: it still makes a different chosen one ambiguous.
    let rival: { attempt: Attempt; candidate: PayloadCandidate } | undefined;
    for (const candidate of candidates) {
      if (candidate.tier !== tier) continue;
      if (candidate.start === 0 && candidate.end === source.length) continue; // the whole text: already tried
      if (chosen && inside(candidate, chosen.candidate)) continue; // a part of the payload found
      const context = new DecodeContext(source, whole.options, whole.hooks);
      applyShapeRepairs(context, candidate, fences, places);
      let attempt: Attempt;
      try {
        attempt = decodeRange(context, target, candidate.start, candidate.end);
      } catch (error) {
        if (!(error instanceof SilpError)) throw error;
        lastError = error;
        continue;
      }
      if (!eligible(candidate, attempt)) {
        rival ??= { attempt, candidate };
        continue;
      }
      if (!chosen) chosen = { attempt, candidate };
      else if (comparable(chosen.attempt) !== comparable(attempt)) throw ambiguous(source, chosen.candidate, candidate);
    }
    if (chosen && rival && !inside(rival.candidate, chosen.candidate) && comparable(chosen.attempt) !== comparable(rival.attempt)) {
      throw ambiguous(source, chosen.candidate, rival.candidate);
    }
    if (chosen) return chosen.attempt;
  }
  if (candidates.length === 1 && lastError && (candidates[0]?.kind === "fence" || !isSilpError(lastError, "invalid_syntax"))) throw lastError;
  return undefined;
}

/** Two candidates that both decode, to different IRs: choosing would silently drop a payload. */
function ambiguous(source: string, first: PayloadCandidate, second: PayloadCandidate): SilpError {
  const what = second.kind === "fence" ? `fenced blocks ${first.index} and ${second.index}` : `${first.place} and ${second.place}`;
  return new SilpError("invalid_syntax", `ambiguous payload: ${what} both decode, to different IRs`, {
    source,
    offset: second.start,
    expected: ["exactly one payload"],
  });
}

/** The repairs a candidate earns if it is the payload: its fence or shape, the prose left out, the place chosen. */
function applyShapeRepairs(context: DecodeContext, candidate: PayloadCandidate, fences: number, places: readonly string[]): void {
  const source = context.source;
  if (candidate.kind === "fence") {
    context.repair("code_fence", candidate.fenceAt ?? candidate.start, `the payload in fenced block ${candidate.index} of ${fences}`, ["the bare payload"]);
    const proseAround =
      source.slice(0, candidate.fenceAt).trim() !== "" ||
      source
        .slice(candidate.end)
        .replace(/^\s*```/, "")
        .trim() !== "";
    if (proseAround) context.repair("prose_around_payload", candidate.start, "text before or after the payload was left out", ["the bare payload"]);
    return;
  }
  for (const repair of candidate.shape) context.repair(repair.kind, repair.offset, repair.message, ["the bare payload"]);
  if (candidate.prose) context.repair("prose_around_payload", candidate.start, "text before or after the payload was left out", ["the bare payload"]);
  // Only blanks were cut (the payload's line, trimmed): a change to the text like any other, so
  // it is reported, at the first blank cut, as the code frontend reports whitespace around a payload.
  else if (candidate.shape.length === 0 && (candidate.start > 0 || candidate.end < source.length)) {
    const at = candidate.start > 0 ? 0 : candidate.end;
    context.repair("whitespace", at, "non-canonical whitespace: no whitespace around the payload", ["the bare payload"]);
  }
  if (places.length > 1) {
    const others = places.length - 1;
    context.repair(
      "several_candidates",
      candidate.start,
      `the payload is at ${candidate.place}, one of ${places.length} places that looked like one; the other ${others === 1 ? "does" : `${others} do`} not decode`,
      ["exactly one place that looks like a payload"],
    );
  }
}

/** An attempt's IR as text, with a req_id derived from the text left out (it differs per range). */
function comparable(attempt: Attempt): string {
  return JSON.stringify(attempt.reqIdDerived ? { ...attempt.ir, meta: { ...attempt.ir.meta, req_id: "" } } : attempt.ir);
}

/** Where the payload sits: inside one code fence (lenient only), else the whole text. */
function payloadBounds(context: DecodeContext): { start: number; end: number } {
  const fence = findFence(context.source);
  if (!fence) return { start: 0, end: context.source.length };
  context.repair("code_fence", fence.fenceAt ?? 0, "a surrounding markdown code fence", ["the bare payload"]);
  return { start: fence.start, end: fence.end };
}

export type { ResolvedOptions };
