/**
 * Checks recomputed tables against the files a study published: exact text equality, and on
 * a mismatch the first differing line, so a report can say precisely what did not reproduce.
 */
export interface ReproductionCheck {
  table: string;
  status: "match" | "mismatch" | "not-published";
  /** 1-based line of the first difference, with both versions of it. */
  firstDifference?: { line: number; published: string; recomputed: string };
}

export function compareTable(table: string, published: string | undefined, recomputed: string): ReproductionCheck {
  if (published === undefined) return { table, status: "not-published" };
  if (published === recomputed) return { table, status: "match" };
  const a = published.split("\n");
  const b = recomputed.split("\n");
  let i = 0;
  while (i < Math.max(a.length, b.length) && a[i] === b[i]) i++;
  return { table, status: "mismatch", firstDifference: { line: i + 1, published: a[i] ?? "<end of file>", recomputed: b[i] ?? "<end of file>" } };
}
