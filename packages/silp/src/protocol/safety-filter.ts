/**
 * Spec 8.2: a SILP payload MUST NOT bypass a receiver's safety filters. Compact payloads are
 * easy to overlook (`cancel(everything)` reads like code, not like a request), so a receiver
 * hands every free-text value of a decoded IR to its own filter before dispatch. This module
 * only collects the text and applies the verdict; what is unsafe is the receiver's policy.
 * The A2A executor and the MCP tools call `applySafetyFilter` when one is configured.
 */
import { SilpError } from "../errors.js";
import type { JsonValue, SilpIR } from "../ir/types.js";

/** One piece of free text and where it sits in the IR (a JSON Pointer). */
export interface FreeText {
  path: string;
  text: string;
}

/** The receiver's answer: allow, or refuse with a reason (which reaches the peer). */
export type SafetyVerdict = { allow: true } | { allow: false; reason: string; path?: string };

/** A receiver's safety filter: sees every free-text value of an IR before dispatch. */
export type SafetyFilter = (texts: readonly FreeText[], ir: SilpIR) => SafetyVerdict | Promise<SafetyVerdict>;

const escapePointer = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Every string in the IR that a person or model wrote: entity values and ids, constraint
 * fields, alternative targets and locations, verbs, meta strings and extra fields at any depth.
 * Walks iteratively (no recursion: the IR's depth was already bounded by validation).
 */
export function freeTextOf(ir: SilpIR): FreeText[] {
  const out: FreeText[] = [];
  const stack: { path: string; value: JsonValue | undefined }[] = [{ path: "", value: ir as unknown as JsonValue }];
  while (stack.length > 0) {
    const { path, value } = stack.pop() as { path: string; value: JsonValue | undefined };
    if (typeof value === "string") out.push({ path, text: value });
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ path: `${path}/${i}`, value: value[i] });
    else if (value !== null && typeof value === "object") {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ path: `${path}/${escapePointer(key)}`, value: value[key] });
      }
    }
  }
  return out;
}

/** Runs `filter` over the IR's free text; a refusal is `unsafe_content` with the filter's reason. */
export async function applySafetyFilter(filter: SafetyFilter | undefined, ir: SilpIR): Promise<void> {
  if (filter === undefined) return;
  const verdict = await filter(freeTextOf(ir), ir);
  if (verdict.allow) return;
  throw new SilpError("unsafe_content", `refused by the receiver's safety filter: ${verdict.reason}`, {
    ...(verdict.path !== undefined ? { path: verdict.path } : {}),
    details: { filter: "receiver" },
  });
}
