/**
 * The one rule both directions of the code frontend share: which field each positional argument
 * of a constraint call fills. The parser side (lower.ts) reads by it; the printer writes
 * positionally only when reading back by it gives the same fields. Its own module so that the
 * printer does not depend on the parser side.
 */
export type ConstraintRole = "subject" | "value" | "time";

/**
 * Roles of positional constraint arguments, by count (spec 4.1 `func-call`):
 * 1: value; 2: value,time when the second looks like a time (t+1, t-2am), else subject,value;
 * 3: subject,value,time.
 */
export function assignConstraintRoles(count: number, lastIsTimeLike: boolean): readonly ConstraintRole[] | undefined {
  switch (count) {
    case 0:
      return [];
    case 1:
      return ["value"];
    case 2:
      return lastIsTimeLike ? ["value", "time"] : ["subject", "value"];
    case 3:
      return ["subject", "value", "time"];
    default:
      return undefined;
  }
}
