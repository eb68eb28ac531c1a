/**
 * The lossy-output guard of spec section 8.5 (draft -02 section 10.5): "Implementations MUST NOT
 * use llmlingua2 for payloads where semantic precision is critical, particularly for negation
 * logic."
 *
 * A payload is refused (SilpError `lossy_refused`) unless the caller explicitly accepts lossy
 * output when
 *   - the caller marks it precision-critical, or
 *   - it carries negation: a constraint whose type starts with "!" (spec 3.3) or whose operator
 *     is "!=" (rendered "is not" in prose). The study shows why both count: for case 10c the
 *     compressed text of "status is not paid" is "status paid".
 */
import { SilpError } from "silp";
import type { SilpIRInput } from "silp";

export interface LossyConsent {
  /** The caller accepts that compression may drop words, negation markers included. Default false. */
  allowLossy?: boolean;
  /** The caller declares that semantic precision matters for this payload. Default false. */
  precisionCritical?: boolean;
}

export interface NegatedConstraint {
  /** JSON Pointer of the constraint. */
  path: string;
  type: string;
  value: string;
  operator?: string;
}

/** Constraints that express negation, in IR order. */
export function negatedConstraints(ir: SilpIRInput): NegatedConstraint[] {
  const found: NegatedConstraint[] = [];
  (ir.constraints ?? []).forEach((constraint, index) => {
    const negatedType = typeof constraint.type === "string" && constraint.type.startsWith("!");
    const negatedOperator = constraint.operator === "!=";
    if (negatedType || negatedOperator) {
      found.push({
        path: `/constraints/${index}`,
        type: constraint.type,
        value: constraint.value,
        ...(negatedOperator ? { operator: "!=" } : {}),
      });
    }
  });
  return found;
}

const ADVICE = "Use the lossless code or json frontend, or accept lossy output explicitly (option allowLossy: true, CLI --allow-lossy).";

/** Throws `lossy_refused` when the payload may not go through a lossy frontend without consent. */
export function assertLossyAllowed(ir: SilpIRInput, consent: LossyConsent, frontend = "llmlingua2"): void {
  if (consent.allowLossy === true) return;
  if (consent.precisionCritical === true) {
    throw new SilpError("lossy_refused", `${frontend} is a lossy frontend and the payload is marked precision-critical (spec 8.5). ${ADVICE}`, {
      details: { frontend, reason: "precision_critical" },
    });
  }
  const negations = negatedConstraints(ir);
  const first = negations[0];
  if (first !== undefined) {
    const shown = first.operator === "!=" ? `${first.type} != ${first.value}` : `${first.type} = ${first.value}`;
    throw new SilpError(
      "lossy_refused",
      `${frontend} may drop negation markers, and the payload negates a constraint at ${first.path} (${shown}); spec 8.5 forbids lossy compression of negation logic. ${ADVICE}`,
      { path: first.path, details: { frontend, reason: "negation", constraints: negations } },
    );
  }
}
