/**
 * Non-dominated sorting as in NSGA-II (Deb et al. 2002): all objectives are minimized; a point
 * dominates another when it is no worse on every objective and better on one. Front 0 holds the
 * points nobody dominates, front 1 those dominated only by front 0, and so on. O(M N^2), which
 * is nothing for the few thousand dialects a search evaluates.
 */

export function dominates(a: readonly number[], b: readonly number[]): boolean {
  let better = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x > y) return false;
    if (x < y) better = true;
  }
  return better;
}

/** The indices of `points` grouped into fronts, front 0 first; inside a front, input order. */
export function nonDominatedSort(points: readonly (readonly number[])[]): number[][] {
  const dominatedBy = points.map(() => 0);
  const dominating: number[][] = points.map(() => []);
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as readonly number[];
      const b = points[j] as readonly number[];
      if (dominates(a, b)) {
        (dominating[i] as number[]).push(j);
        dominatedBy[j] = (dominatedBy[j] as number) + 1;
      } else if (dominates(b, a)) {
        (dominating[j] as number[]).push(i);
        dominatedBy[i] = (dominatedBy[i] as number) + 1;
      }
    }
  }
  const fronts: number[][] = [];
  let current = points.map((_, i) => i).filter((i) => dominatedBy[i] === 0);
  while (current.length > 0) {
    fronts.push(current);
    const next: number[] = [];
    for (const i of current) {
      for (const j of dominating[i] as number[]) {
        dominatedBy[j] = (dominatedBy[j] as number) - 1;
        if (dominatedBy[j] === 0) next.push(j);
      }
    }
    current = next.sort((a, b) => a - b);
  }
  return fronts;
}

/** The first front: indices of the points no other point dominates. */
export function paretoFront(points: readonly (readonly number[])[]): number[] {
  return nonDominatedSort(points)[0] ?? [];
}
