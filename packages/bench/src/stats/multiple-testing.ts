/**
 * Multiple-comparison corrections over @stdlib/stats-padjust (a port of R's p.adjust).
 *
 * Benjamini-Hochberg false-discovery-rate adjustment (@stdlib/stats-padjust, method "bh",
 * a port of R's p.adjust): adjusted p-values in input order, monotone, capped at 1.
 * NaN p-values (tests that could not run) are left out of the family and stay NaN.
 */
import padjust from "@stdlib/stats-padjust";

export function benjaminiHochberg(pValues: readonly number[]): number[] {
  return adjust(pValues, "bh");
}

/**
 * Holm's step-down correction (family-wise error rate), for the starred tests of a report: it
 * holds under any dependence between the tests, which the pairwise comparisons of one run have.
 */
export function holm(pValues: readonly number[]): number[] {
  return adjust(pValues, "holm");
}

function adjust(pValues: readonly number[], method: "bh" | "holm"): number[] {
  const present = pValues.map((p, i) => [p, i] as const).filter(([p]) => !Number.isNaN(p));
  const out = pValues.map(() => Number.NaN);
  if (present.length === 0) return out;
  const adjusted = padjust(
    present.map(([p]) => p),
    method,
  );
  present.forEach(([, i], k) => {
    out[i] = adjusted[k]!;
  });
  return out;
}
