/**
 * Token cost and cross-tokenizer variance per frontend, the Layer-4 inputs that come from
 * tokenizers. Two sources:
 * - counts supplied by a function (e.g. `silp/tokens`), applied to compiled payloads over a set
 *   of tokenizers: `tokenStatsFromCounter`;
 * - the study's `phase0/tokenizer_variance.csv` (one row per case|frontend with min, max, mean,
 *   stdev, range over six tokenizers): `tokenStatsFromVarianceCsv`.
 * Cost is the mean token count per payload. Variance is the mean over payloads of the
 * coefficient of variation (stdev / mean across tokenizers), so long and short payloads weigh
 * the same; the mean range (max - min tokens) is kept for the report's plot.
 */
import { parseCsvObjects } from "./csv.js";

export interface FrontendTokenStats {
  frontend: string;
  payloads: number;
  meanTokens: number;
  /** Mean coefficient of variation across tokenizers (0 = every tokenizer agrees). */
  meanVariation: number;
  /** Mean of (max - min) token counts across tokenizers. */
  meanRange: number;
}

export type TokenCounter = (text: string, tokenizer: string) => number;

interface PayloadStats {
  frontend: string;
  mean: number;
  stdev: number;
  range: number;
}

function aggregate(rows: readonly PayloadStats[]): FrontendTokenStats[] {
  const byFrontend = new Map<string, PayloadStats[]>();
  for (const r of rows) {
    const list = byFrontend.get(r.frontend) ?? [];
    list.push(r);
    byFrontend.set(r.frontend, list);
  }
  return [...byFrontend].map(([frontend, list]) => ({
    frontend,
    payloads: list.length,
    meanTokens: list.reduce((s, r) => s + r.mean, 0) / list.length,
    meanVariation: list.reduce((s, r) => s + (r.mean > 0 ? r.stdev / r.mean : 0), 0) / list.length,
    meanRange: list.reduce((s, r) => s + r.range, 0) / list.length,
  }));
}

/** Counts every payload with every tokenizer. Sample standard deviation (n - 1), as the study's table. */
export function tokenStatsFromCounter(
  payloads: ReadonlyArray<{ frontend: string; text: string }>,
  count: TokenCounter,
  tokenizers: readonly string[],
): FrontendTokenStats[] {
  if (tokenizers.length === 0) throw new RangeError("tokenStatsFromCounter: at least one tokenizer is needed");
  return aggregate(
    payloads.map(({ frontend, text }) => {
      const counts = tokenizers.map((t) => count(text, t));
      const mean = counts.reduce((s, c) => s + c, 0) / counts.length;
      const variance = counts.length > 1 ? counts.reduce((s, c) => s + (c - mean) ** 2, 0) / (counts.length - 1) : 0;
      return { frontend, mean, stdev: Math.sqrt(variance), range: Math.max(...counts) - Math.min(...counts) };
    }),
  );
}

export function tokenStatsFromVarianceCsv(text: string): FrontendTokenStats[] {
  return aggregate(
    parseCsvObjects(text, "tokenizer_variance.csv").map((row) => ({
      frontend: (row.key ?? "").split("|")[1] ?? "",
      mean: Number(row.mean),
      stdev: Number(row.stdev),
      range: Number(row.range),
    })),
  );
}
