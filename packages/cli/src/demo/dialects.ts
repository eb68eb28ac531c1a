/**
 * The dialect part of `silpc demo` (docs/dialect-negotiation.md): alpha holds x-evolved, the
 * dialect Layer 4 found; two readers start without it. gamma's model reads with gpt-4o's
 * tokenizer and its operator lets it take dialects from peers; delta's reads with llama-2's and
 * takes none (the default). Both ask for the cheapest lossless frontend (order=cost). Alpha
 * offers x-evolved by content hash; gamma asks for the spec, checks that it hashes to the offer
 * and takes it, so the two agree on x-evolved by hash; delta stays on code. Then alpha sends both
 * the study's 27 cases (the reference set shipped with the dialect), and every turn's delivered
 * tokens are counted on the reader's own tokenizer, next to what code and prose would cost it.
 */
import { SilpError, compile, normalize, type SilpIRInput } from "silp";
import type { FrontendCost } from "silp/negotiation";
import { DialectHoldings, EVOLVED_DIALECT, STUDY_CASES } from "@silp/dialects";
import { SilpPeer, startSilpAgent, type ActionCall, type RunningSilpAgent } from "@silp/a2a";

/** Counts `text` on one tokenizer; undefined when token counting is off or unavailable. */
export type CountOn = (tokenizer: string, text: string) => number | undefined;

export interface DialectReaderTurn {
  case: string;
  frontend: string;
  payload: string;
  /** Delivered tokens on the reader's tokenizer, and what the code frontend and the prose of the same IR would have cost it. */
  tokens?: { delivered: number; code: number; natural: number };
}

export interface DialectReader {
  name: string;
  tokenizer: string;
  accepts: string;
  /** The probes as they crossed the wire, in order (a ping that carried the spec as its JSON text). */
  probes: string[];
  sent: string[];
  frontend: string;
  by: "receiver-order" | "cost";
  reason: string;
  costs: FrontendCost[];
  turns: DialectReaderTurn[];
  /** Sums over the turns, on the reader's tokenizer. */
  totals?: { delivered: number; code: number; natural: number };
}

export interface DialectDemo {
  dialect: string;
  cases: number;
  readers: DialectReader[];
}

/** The code payload as a model would read it: its meta that differs from the defaults inline (docs/integrations.md). */
const DELIVERED = { whitelist: "off" } as const;

/** Handlers for every verb of the study's cases: each answers with the action it was asked for. */
function echoHandlers(): Record<string, (call: ActionCall) => string> {
  const verbs = new Set<string>();
  for (const { ir } of STUDY_CASES) {
    const record = ir as { intent: string; entities?: { action?: string }[]; alternatives?: { action: string }[] };
    verbs.add(record.intent);
    for (const entity of record.entities ?? []) if (entity.action) verbs.add(entity.action);
    for (const alternative of record.alternatives ?? []) verbs.add(alternative.action);
  }
  return Object.fromEntries([...verbs].map((verb) => [verb, (call: ActionCall) => `done: ${call.functionName}`]));
}

async function readerRun(name: string, tokenizer: string, accept: "any" | "none", countOn: CountOn): Promise<DialectReader> {
  const agents: RunningSilpAgent[] = [];
  try {
    const reader = await startSilpAgent({
      name,
      frontends: ["code", "json"],
      whitelist: "off",
      dialects: new DialectHoldings({ accept }),
      tokenizer,
      order: "cost",
      handlers: echoHandlers(),
    });
    agents.push(reader);
    const mine = new DialectHoldings();
    mine.hold(EVOLVED_DIALECT);
    const peer = await SilpPeer.connect(reader.url, { frontends: ["code", "json"], dialects: mine, codec: { whitelist: "off" } });
    const exchange = await peer.ping();
    const turns: DialectReaderTurn[] = [];
    for (const { file, ir } of STUDY_CASES) {
      const { delivery } = await peer.send(ir as SilpIRInput);
      if (!delivery.lossless) throw new SilpError("decode_failed", `${name} did not read ${file} losslessly`);
      const turn: DialectReaderTurn = { case: file.replace(/\.json$/, ""), frontend: delivery.frontend, payload: delivery.payload };
      const normal = normalize(ir as SilpIRInput);
      const delivered = countOn(tokenizer, delivery.payload);
      const code = countOn(tokenizer, compile(normal, "code", DELIVERED));
      // Prose carries no meta and loses structure: a lossy reference, not an alternative.
      const natural = countOn(tokenizer, compile(normal, "natural", DELIVERED));
      if (delivered !== undefined && code !== undefined && natural !== undefined) turn.tokens = { delivered, code, natural };
      turns.push(turn);
    }
    const counted = turns.every((turn) => turn.tokens !== undefined);
    const sum = (key: "delivered" | "code" | "natural") => turns.reduce((total, turn) => total + (turn.tokens?.[key] ?? 0), 0);
    return {
      name,
      tokenizer,
      accepts: accept === "any" ? "takes dialects from peers (--accept-dialects any)" : "takes no dialect from peers (the default)",
      probes: exchange.probes,
      sent: exchange.sent,
      frontend: exchange.agreement.frontend,
      by: exchange.choice.by,
      reason: exchange.choice.reason,
      costs: exchange.choice.costs,
      turns,
      ...(counted ? { totals: { delivered: sum("delivered"), code: sum("code"), natural: sum("natural") } } : {}),
    };
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
  }
}

export async function runDialectDemo(countOn: CountOn): Promise<DialectDemo> {
  return {
    dialect: EVOLVED_DIALECT.name,
    cases: STUDY_CASES.length,
    readers: [await readerRun("gamma", "gpt-4o", "any", countOn), await readerRun("delta", "llama-2", "none", countOn)],
  };
}

export function renderDialectDemo(demo: DialectDemo): string[] {
  const lines = ["", `dialects by content hash: alpha holds ${demo.dialect}; gamma and delta start without it and ask for the cheapest (order=cost)`];
  for (const reader of demo.readers) {
    lines.push(`  alpha -> ${reader.name} (${reader.tokenizer} reader; ${reader.accepts})`);
    reader.probes.forEach((probe, index) => {
      const shown = probe.startsWith("{") ? `${probe.slice(0, 96)}... (the spec, ${probe.length} characters of JSON)` : probe;
      lines.push(`    ${index % 2 === 0 ? ">" : "<"} ${shown}`);
    });
    lines.push(`    agreed ${reader.frontend}: ${reader.reason}`);
    if (reader.sent.length > 0) lines.push(`    sent the spec once: ${reader.sent.join(", ")}`);
  }
  const [gamma, delta] = demo.readers as [DialectReader, DialectReader];
  const width = Math.max(...gamma.turns.map((turn) => turn.case.length));
  lines.push("", `  the study's ${demo.cases} cases, delivered tokens per turn on each reader's tokenizer:`);
  lines.push(`    ${"case".padEnd(width)}  ${`${gamma.name} ${gamma.tokenizer}`.padEnd(22)}  ${delta.name} ${delta.tokenizer}`);
  gamma.turns.forEach((turn, index) => {
    const other = delta.turns[index] as DialectReaderTurn;
    const cell = (t: DialectReaderTurn) => `${t.frontend} ${t.tokens === undefined ? "" : t.tokens.delivered}`;
    lines.push(`    ${turn.case.padEnd(width)}  ${cell(turn).padEnd(22)}  ${cell(other)}`);
  });
  for (const reader of demo.readers) {
    if (reader.totals === undefined) continue;
    const { delivered, code, natural } = reader.totals;
    lines.push(
      `  ${reader.name} (${reader.tokenizer}) read ${delivered} tokens in ${reader.frontend}; the same cases in code: ${code} (${(delivered / code).toFixed(2)}x), as prose: ${natural} (lossy, no meta; ${(delivered / natural).toFixed(2)}x)`,
    );
  }
  return lines;
}
