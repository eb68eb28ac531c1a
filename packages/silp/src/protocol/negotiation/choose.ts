/**
 * Choosing what to send by what the reader's tokenizer pays (docs/dialect-negotiation.md, "The
 * choice"). The draft's rule stays the default: the receiver's order wins. Only a reader whose
 * probe says `order=cost` and names its tokenizer leaves the order to the sender, which then
 * sends the mutual lossless frontend or dialect with the fewest tokens for that tokenizer, by the
 * costs the caller measured (a table shipped with a dialect, or the payload itself counted).
 * Ties keep the receiver's order. Whatever is chosen, the degradation chain follows it.
 */
import { getFrontend } from "../../frontends/registry.js";
import type { Agreement } from "./negotiate.js";
import type { ProbeDialectFields } from "./probe.js";

/**
 * Tokens `frontend` costs the reader's tokenizer, or undefined when the caller has no measure
 * for it. `ref` is the dialect's content reference when the frontend is a hashed dialect, so a
 * table keyed by content never prices another spec of the same name.
 */
export type CostOf = (frontend: string, ref: string | undefined, tokenizer: string) => number | undefined;

export interface FrontendCost {
  frontend: string;
  tokens: number;
}

export interface Choice {
  /** The agreement with `frontend` the chosen one, first in `mutual`, the rest in the receiver's order. */
  agreement: Agreement;
  by: "receiver-order" | "cost";
  /** Why, in a sentence (for logs and the demo). */
  reason: string;
  /** The measured candidates, cheapest first (empty when the receiver's order decided). */
  costs: FrontendCost[];
}

export interface ChooseOptions {
  /** Whether a frontend is lossless; default: what this side's registry says (unknown: not). */
  lossless?: (frontend: string) => boolean;
}

function registryLossless(frontend: string): boolean {
  try {
    return getFrontend(frontend).lossless;
  } catch {
    return false;
  }
}

/** The sender's choice for one reader, from the agreement and the reader's probe fields. */
export function chooseFrontend(
  agreement: Agreement,
  reader: Pick<ProbeDialectFields, "tokenizer" | "order">,
  costOf: CostOf,
  options: ChooseOptions = {},
): Choice {
  const byOrder = (reason: string): Choice => ({ agreement, by: "receiver-order", reason, costs: [] });
  if (reader.order !== "cost") return byOrder("the receiver states an order (order=listed, the draft's rule): its first mutual frontend");
  const tokenizer = reader.tokenizer;
  if (tokenizer === undefined || tokenizer === "unknown") return byOrder("the receiver asks for the cheapest but names no known tokenizer: its order decides");
  const lossless = options.lossless ?? registryLossless;
  const costs: FrontendCost[] = [];
  for (const frontend of agreement.mutual) {
    if (!lossless(frontend)) continue;
    const ref = Object.hasOwn(agreement.dialects, frontend) ? agreement.dialects[frontend] : undefined;
    const tokens = costOf(frontend, ref, tokenizer);
    if (tokens !== undefined && Number.isFinite(tokens) && tokens >= 0) costs.push({ frontend, tokens });
  }
  if (costs.length === 0) return byOrder(`no mutual lossless frontend has a measured cost for ${tokenizer}: the receiver's order decides`);
  // A stable sort keeps the receiver's order among equal costs.
  costs.sort((a, b) => a.tokens - b.tokens);
  const cheapest = costs[0] as FrontendCost;
  const mutual = [cheapest.frontend, ...agreement.mutual.filter((f) => f !== cheapest.frontend)];
  const next = costs[1];
  const shown = (tokens: number): number => Math.round(tokens * 100) / 100;
  const margin = next === undefined ? "the only measured candidate" : `${next.frontend} costs ${shown(next.tokens)}`;
  return {
    agreement: { ...agreement, frontend: cheapest.frontend, mutual },
    by: "cost",
    reason: `cheapest lossless for ${tokenizer}: ${cheapest.frontend} ${shown(cheapest.tokens)} tokens (${margin})`,
    costs,
  };
}
