/**
 * Benchmark inputs: the study's 27 cases (data/study, or $SILP_CORPUS) and
 * IRs of our own, built here: a "wide" IR like a busy multi-step task, and payloads of about
 * 10 KB and 1 MB for the linearity check.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SilpIRInput } from "silp";

export const repoRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));

export function corpusCases(): SilpIRInput[] | undefined {
  const dir = join(resolve(process.env.SILP_CORPUS ?? resolve(repoRoot, "data/study")), "cases");
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as SilpIRInput);
  } catch {
    return undefined;
  }
}

/** A realistic larger task: travel booking with many slots, conditions, secondary actions and fallbacks. */
export function wideIR(): SilpIRInput {
  return {
    intent: "!BOOK",
    entities: [
      { id: "act", value: "hotel" },
      { id: "city", value: "Shanghai" },
      { id: "checkin", value: "t+3" },
      { id: "nights", value: "2" },
      { id: "guests", value: "2 adults, 1 child" },
      { id: "note", value: "late arrival, after 23:00 (flight MU5101)" },
      { id: "act", value: "zhangsan@example.com", action: "!EMAIL" },
      { id: "act", value: "itinerary", action: "!UPDATE" },
      { id: "field", value: "hotel", action: "!UPDATE" },
    ],
    constraints: [
      { type: "budget", value: "500", operator: "<=" },
      { type: "rating", value: "4.0", operator: ">=" },
      { type: "loc", value: "downtown", subject: "hotel" },
      { type: "!sold_out", value: "true", time: "t+3" },
    ],
    alternatives: [
      { action: "!SEARCH", target: "hostels", location: "Pudong" },
      { action: "!NOTIFY", target: "zhangsan" },
    ],
    meta: { req_id: "5e1f0a9c", priority: 2, confidence: 0.95, seq: ["!BOOK", "!EMAIL", "!UPDATE"] },
  };
}

/** An IR whose code payload is about `targetBytes` long: many arguments with quoted values. */
export function sizedIR(targetBytes: number): SilpIRInput {
  const entities: SilpIRInput["entities"] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const value = `item ${i}: "quoted", (parens) and Москва`;
    entities.push({ id: i % 3 === 0 ? "act" : `k${i}`, value });
    size += value.length + 12;
  }
  return { intent: "!PROCESS", entities, meta: { req_id: "0badc0de" } };
}
