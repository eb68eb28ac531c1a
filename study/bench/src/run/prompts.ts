/**
 * The study's prompts, word for word, so new runs stay comparable with the published ones.
 * Every request is a single user message (the study sent no system role): the single-turn
 * decode prompt, and for the heartbeat study a session prompt that pastes the previous turns
 * of the current heartbeat cycle before the decode prompt.
 */
import { createHash } from "node:crypto";

export const DECODE_INSTRUCTION =
  "Decode the following SILP payload and explain what action(s) should be taken. Describe the full intent including all conditions, entities, and alternatives.";

export function decodePrompt(encoded: string): string {
  return `${DECODE_INSTRUCTION}\n\nSILP payload:\n${encoded}\n\nExplain the semantic intent:`;
}

export const SESSION_PREAMBLE =
  "You are a SILP (Semantic Interlingua Layer Protocol) payload decoder. You are in a multi-turn session where multiple SILP payloads will be sent sequentially. For each payload, decode it and explain its full semantic intent including all conditions, entities, and alternatives.";

export interface HeartbeatTurn {
  encoded: string;
  response: string;
}

/** The heartbeat study's prompt: preamble, the cycle's previous turns, the current payload. */
export function sessionPrompt(history: readonly HeartbeatTurn[], encoded: string): string {
  const parts = [SESSION_PREAMBLE];
  if (history.length > 0) {
    parts.push("\n--- Previous turns (session context) ---\n");
    history.forEach((h, i) => {
      parts.push(`[Turn ${i + 1}] SILP payload:\n${h.encoded}\n`);
      parts.push(`[Turn ${i + 1}] Your interpretation:\n${h.response}\n`);
    });
  }
  parts.push("\n--- Current turn ---\n");
  parts.push(decodePrompt(encoded));
  return parts.join("\n");
}

/**
 * The study's deterministic case order for a seed: indices sorted by the hex SHA-256 of
 * `heartbeat_seed{seed}_idx{i}`. Reproduces the recorded order of all 2,160 heartbeat turns.
 */
export function heartbeatOrder<T>(items: readonly T[], seed: number): T[] {
  const keyed = items.map((item, i) => ({ item, key: createHash("sha256").update(`heartbeat_seed${seed}_idx${i}`).digest("hex") }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.item);
}

/** The study's session label, e.g. N=5, seed 3 -> "s503". */
export function heartbeatSessionId(nValue: number, seed: number): string {
  return `s${nValue}${String(seed).padStart(2, "0")}`;
}

/** Whether the heartbeat clears the context after turn `turn` (0-based); N = 9999 never does. */
export function heartbeatFires(nValue: number, turn: number): boolean {
  return nValue < 9999 && (turn + 1) % nValue === 0;
}
