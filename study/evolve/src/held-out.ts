/**
 * The honest evaluation: the dialect a search picked, measured on IRs the search never saw (the
 * held-out set), next to the natural prose and the code frontend of the same IRs, per tokenizer
 * and as the mean. The dialect's round trip is checked on these IRs too: a dialect that is
 * lossless on the search set but not here is reported as such.
 */
import { compile, type SilpIR } from "silp";
import type { DialectCodec } from "./dialect-fitness.js";
import type { CountTokens } from "./token-counter.js";
import { totalsPerTokenizer } from "./token-terms.js";
import { symbolShare } from "./unreadability.js";

export interface HeldOutRow {
  readonly payload: string;
  /** Mean tokens per IR, per tokenizer. */
  readonly perTokenizer: readonly number[];
  readonly mean: number;
  /** Mean characters per payload. */
  readonly chars: number;
  readonly unreadability: number;
}

export interface HeldOutReport {
  readonly set: string;
  readonly irs: number;
  readonly tokenizers: readonly string[];
  readonly rows: readonly HeldOutRow[];
  /** Held-out IRs the dialect did not round-trip exactly. */
  readonly dialectLossyIrs: number;
  /** Per tokenizer: reference tokens minus dialect tokens (positive = the dialect is cheaper). */
  readonly marginOverReference: readonly number[];
  readonly reference: string;
  /** True when the dialect costs fewer tokens than the reference on every tokenizer. */
  readonly beatsReferenceOnEveryTokenizer: boolean;
}

/** The compact payload of a built-in frontend, as the token tables cost it (whitelist off, no meta). */
export function builtinPayload(ir: SilpIR, frontend: string): string {
  return compile(ir, frontend, { whitelist: "off", inlineMeta: false });
}

function row(payload: string, texts: readonly string[], counter: CountTokens): HeldOutRow {
  const perTokenizer = totalsPerTokenizer(texts.map((text) => counter.counts(text))).map((total) => total / texts.length);
  return {
    payload,
    perTokenizer,
    mean: perTokenizer.reduce((sum, value) => sum + value, 0) / perTokenizer.length,
    chars: texts.reduce((sum, text) => sum + text.length, 0) / texts.length,
    unreadability: texts.reduce((sum, text) => sum + symbolShare(text), 0) / texts.length,
  };
}

export interface HeldOutInput {
  readonly set: string;
  readonly irs: readonly SilpIR[];
  readonly dialectName: string;
  readonly dialect: DialectCodec;
  readonly counter: CountTokens;
  /** Built-in frontends to compare with; the first is the reference (default natural, code). */
  readonly compareWith?: readonly string[];
}

export function heldOutReport(input: HeldOutInput): HeldOutReport {
  if (input.irs.length === 0) throw new RangeError("the held-out set is empty");
  const frontends = input.compareWith ?? ["natural", "code"];
  let lossy = 0;
  const dialectTexts = input.irs.map((ir) => {
    let text: string;
    try {
      text = input.dialect.print(ir);
    } catch {
      // An IR the dialect cannot print counts as lost and costs nothing here; the verdict is "no" anyway.
      lossy++;
      return "";
    }
    try {
      if (input.dialect.roundTrip(ir, text) !== undefined) lossy++;
    } catch {
      lossy++;
    }
    return text;
  });
  const rows = [
    row(input.dialectName, dialectTexts, input.counter),
    ...frontends.map((frontend) =>
      row(
        frontend,
        input.irs.map((ir) => builtinPayload(ir, frontend)),
        input.counter,
      ),
    ),
  ];
  const dialect = rows[0] as HeldOutRow;
  const reference = rows[1] as HeldOutRow;
  const marginOverReference = reference.perTokenizer.map((value, k) => value - (dialect.perTokenizer[k] as number));
  return {
    set: input.set,
    irs: input.irs.length,
    tokenizers: input.counter.tokenizers,
    rows,
    dialectLossyIrs: lossy,
    marginOverReference,
    reference: reference.payload,
    beatsReferenceOnEveryTokenizer: lossy === 0 && marginOverReference.every((margin) => margin > 0),
  };
}
