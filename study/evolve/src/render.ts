/** Text tables of a search's results, for the terminal and the docs (numbers to one decimal). */
import { textTable } from "@silp/tokens";
import type { DialectEvaluation } from "./dialect-fitness.js";
import type { HeldOutReport } from "./held-out.js";

const one = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : "-");
const percent = (value: number): string => (Number.isFinite(value) ? `${(100 * value).toFixed(1)}%` : "-");

export function renderHeldOut(report: HeldOutReport): string {
  const header = ["payload", "chars", ...report.tokenizers, "mean", "symbols"];
  const rows = report.rows.map((row) => [row.payload, one(row.chars), ...row.perTokenizer.map(one), one(row.mean), percent(row.unreadability)]);
  const verdict = report.beatsReferenceOnEveryTokenizer
    ? `the dialect costs fewer tokens than ${report.reference} on every tokenizer`
    : `the dialect does NOT beat ${report.reference} on every tokenizer (margin per tokenizer: ${report.marginOverReference.map(one).join(", ")})`;
  return [
    `${report.set}: ${report.irs} IRs, mean tokens per payload`,
    textTable(header, rows),
    `round trip on the held-out IRs: ${report.dialectLossyIrs === 0 ? "every IR exact" : `${report.dialectLossyIrs} IRs NOT exact`}`,
    verdict,
  ].join("\n");
}

export function renderFront(front: readonly DialectEvaluation[]): string {
  return textTable(
    ["dialect", "mean tokens", "symbols", "compression vs prose", "score"],
    front.map((e) => [e.name, one(e.meanTokens), percent(e.humanUnreadability), percent(e.compression), e.score.toFixed(4)]),
  );
}
