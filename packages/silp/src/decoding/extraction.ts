/**
 * Lenient extraction (docs/grammar.md, Extraction): when the payload does not parse where it
 * should start, the reply's candidates (extract.ts finds them: fences, then parts of a line) are
 * read one by one, and one that decodes is the payload, unless two decode to different IRs.
 *
 * Extraction never takes back a part that reading the payload already completed (docs/grammar.md,
 * "What a stream promises"): a stream of the reply hands those parts on before the error, and an
 * agent may have acted on them.
 */
import { SilpError, isSilpError } from "../errors.js";
import { DecodeContext, type StreamPart } from "../frontends/decode-context.js";
import { findCandidates, type PayloadCandidate } from "../frontends/extract.js";
import type { Frontend } from "../frontends/registry.js";
import type { SilpIR } from "../ir/types.js";
import { type Attempt, readRange } from "./attempt.js";

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
export function extractPayload(
  whole: DecodeContext,
  target: Frontend,
  frontend: string,
  streamed?: { start: number; parts: StreamPart[] },
): Attempt | undefined {
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
        attempt = readRange(context, target, candidate.start, candidate.end);
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

/**
 * The repairs a candidate earns if it is the payload: its fence or shape, the prose left out, the
 * place chosen. Extraction runs in lenient mode only, so none names what strict mode expects.
 */
function applyShapeRepairs(context: DecodeContext, candidate: PayloadCandidate, fences: number, places: readonly string[]): void {
  const source = context.source;
  if (candidate.kind === "fence") {
    context.repair("code_fence", candidate.fenceAt ?? candidate.start, `the payload in fenced block ${candidate.index} of ${fences}`);
    const proseAround =
      source.slice(0, candidate.fenceAt).trim() !== "" ||
      source
        .slice(candidate.end)
        .replace(/^\s*```/, "")
        .trim() !== "";
    if (proseAround) context.repair("prose_around_payload", candidate.start, "text before or after the payload was left out");
    return;
  }
  for (const repair of candidate.shape) context.repair(repair.kind, repair.offset, repair.message);
  if (candidate.prose) context.repair("prose_around_payload", candidate.start, "text before or after the payload was left out");
  // Only blanks were cut (the payload's line, trimmed): a change to the text like any other, so
  // it is reported, at the first blank cut, as the code frontend reports whitespace around a
  // payload. Something was cut: a candidate is never the whole text (extractPayload skips it).
  else if (candidate.shape.length === 0) {
    const at = candidate.start > 0 ? 0 : candidate.end;
    context.repair("whitespace", at, "non-canonical whitespace: no whitespace around the payload");
  }
  if (places.length > 1) {
    const others = places.length - 1;
    context.repair(
      "several_candidates",
      candidate.start,
      `the payload is at ${candidate.place}, one of ${places.length} places that looked like one; the other ${others === 1 ? "does" : `${others} do`} not decode`,
    );
  }
}

/** An attempt's IR as text, with a req_id derived from the text left out (it differs per range). */
function comparable(attempt: Attempt): string {
  return JSON.stringify(attempt.reqIdDerived ? { ...attempt.ir, meta: { ...attempt.ir.meta, req_id: "" } } : attempt.ir);
}

/**
 * Whether every streamed part is one of the IR's, each counted once: a count per kind and JSON
 * text, so the check is linear in the parts (a payload of a hundred thousand entities that
 * breaks at its end is one of the complexity shapes).
 */
function holdsParts(ir: SilpIR, parts: readonly StreamPart[]): boolean {
  const counts = new Map<string, number>();
  const add = (key: string): void => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  add(partKey("intent", ir.intent));
  for (const entity of ir.entities) add(partKey("entity", entity));
  for (const constraint of ir.constraints) add(partKey("constraint", constraint));
  for (const alternative of ir.alternatives) add(partKey("alternative", alternative));
  for (const part of parts) {
    const key = partKey(
      part.kind,
      part.kind === "intent" ? part.intent : part.kind === "entity" ? part.entity : part.kind === "constraint" ? part.constraint : part.alternative,
    );
    const left = counts.get(key) ?? 0;
    if (left === 0) return false;
    counts.set(key, left - 1);
  }
  return true;
}

const partKey = (kind: StreamPart["kind"], value: unknown): string => `${kind}${JSON.stringify(value)}`;
