/**
 * The scenario of `silpc demo`: two A2A agents on loopback exchange the appendix examples as
 * SILP payloads. `alpha` (a planner) reads code and json; `beta` (a concierge) reads json and
 * natural prose only: it has no code frontend. The first payload goes out before any
 * negotiation, in alpha's first frontend (code), so the degradation chain has to find json;
 * then both sides negotiate, statically from the cards and dynamically by //ping, and the other
 * turns use json directly. Beta keeps one SILP session for alpha's contextId with heartbeat N,
 * validates every payload before dispatching it (a verb outside the whitelist is refused) and
 * answers with a SILP result. Everything runs in this process and is closed before returning.
 */
import { compile, normalize } from "silp";
import type { SilpIR, SilpIRInput } from "silp";
import { SilpError } from "silp";
import type { AttemptRecord } from "silp/negotiation";
import type { Heartbeat } from "silp/session";
import { startSilpAgent, type RunningSilpAgent } from "@silp/a2a";
import type { ExecutorEvent, SessionSummary } from "@silp/a2a";
import { SILP_EXTENSION_URI } from "@silp/a2a";
import { SilpPeer } from "@silp/a2a";
import { loadTokensModule } from "@silp/mcp";
import { appendixExample } from "silp/examples";
import { type CountOn, type DialectDemo, runDialectDemo } from "./dialects.js";
import { summarizeIr } from "./summary.js";
import { conciergeHandlers } from "./world.js";

export interface DemoOptions {
  /** Heartbeat N of beta's sessions; default 5 (with 7 delivered turns, one renewal shows). */
  heartbeat?: Heartbeat;
  /** Tokenizers for the token counts; default ["gpt-4o"]; [] counts nothing. */
  tokenizers?: string[];
}

export type TokenCounts = Record<string, number>;

export interface DemoAttempt {
  attempt: number;
  frontend: string;
  outcome: AttemptRecord["outcome"];
  payload?: string;
  tokens?: TokenCounts;
  error?: { code: string; message: string };
}

export interface DemoTurn {
  turn: number;
  /** "A.1" ... for appendix examples, "extra" otherwise. */
  example: string;
  title: string;
  from: string;
  to: string;
  /** Where the sender's frontend choice came from. */
  agreement: { frontend: string; source: "assumed" | "card" | "ping" };
  attempts: DemoAttempt[];
  /** Tokens of the same IR as pretty-free JSON, for comparison. */
  irJsonTokens?: TokenCounts;
  /** Tokens of the compact payload of the same IR in the delivered frontend: the task alone, its meta dropped. */
  compactTokens?: TokenCounts;
  decoded?: { summary: string; reqId: string; repairs: string[]; warnings: string[] };
  /** The meta that travelled beside the payload, in the text part's metadata (silp_meta): never read by the model. */
  meta?: Record<string, unknown>;
  session?: SessionSummary;
  handlers?: { action: string; summary: string; data?: Record<string, string> }[];
  reply?: { frontend: string; payload: string; summary: string; tokens?: TokenCounts; irJsonTokens?: TokenCounts; compactTokens?: TokenCounts };
  refused?: { code: string; message: string };
}

export interface DemoNegotiation {
  from: string;
  to: string;
  card: { frontend: string; mutual: string[] };
  ping: { form: "text" | "json"; ping: string; pong: string; frontend: string };
}

export interface DemoTranscript {
  extension: string;
  agents: { name: string; role: string; url: string; reads: string[]; heartbeat: number }[];
  tokens: { tokenizers: string[] } | { unavailable: string };
  turns: DemoTurn[];
  negotiation: DemoNegotiation[];
  /** The dialect part: two readers, one agreeing on x-evolved by hash, one staying on code. */
  dialects: DialectDemo;
  summary: {
    delivered: number;
    refused: number;
    renewals: number;
    degraded: number;
    /** Over the delivered turns, in the first tokenizer: what the models read (payloads both ways) and the same IRs as JSON. */
    read?: { tokenizer: string; payloads: number; compact: number; irJson: number };
  };
}

interface Step {
  example: string;
  title: string;
  ir: SilpIRInput;
  /** The sender does not enforce the whitelist for this one (a careless or hostile peer). */
  unchecked?: boolean;
}

const STEPS: readonly Step[] = [
  ...["A.1", "A.2", "A.3", "A.4", "A.5"].map((id) => ({ example: id, title: appendixExample(id).title, ir: appendixExample(id).ir })),
  {
    example: "extra",
    title: "a verb outside the whitelist, sent by a peer that does not check it",
    ir: { intent: "!DELETE", entities: [{ id: "act", value: "all_bookings" }], meta: { req_id: "dead0bad" } },
    unchecked: true,
  },
  {
    example: "extra",
    title: "search after the heartbeat renewal",
    ir: {
      intent: "!SEARCH",
      entities: [
        { id: "act", value: "flights" },
        { id: "to", value: "Beijing" },
      ],
      meta: { req_id: "5ea4c401" },
    },
  },
  {
    example: "extra",
    title: "update the booking of A.4",
    ir: {
      intent: "!UPDATE",
      entities: [
        { id: "act", value: "booking" },
        { id: "ref", value: "BK-4A5B" },
        { id: "guests", value: "2" },
      ],
      meta: { req_id: "0bda7e02" },
    },
  },
];

type Counter = (text: string) => TokenCounts | undefined;

/** The dialect part's readers: their models read with these tokenizers. */
const READER_TOKENIZERS = ["gpt-4o", "llama-2"];

async function tokenCounter(names: string[]): Promise<{ count: Counter; countOn: CountOn; info: DemoTranscript["tokens"] }> {
  const none: Counter = () => undefined;
  const noneOn: CountOn = () => undefined;
  if (names.length === 0) return { count: none, countOn: noneOn, info: { unavailable: "token counting switched off" } };
  const tokens = await loadTokensModule();
  if (!tokens) return { count: none, countOn: noneOn, info: { unavailable: "silp/tokens is not installed" } };
  try {
    const loaded = await tokens.loadTokenizers(tokens.parseTokenizerList(names.join(",")));
    const readers = await tokens.loadTokenizers(tokens.parseTokenizerList(READER_TOKENIZERS.join(",")));
    const count: Counter = (text) => Object.fromEntries(loaded.map((t) => [t.name, tokens.countTokens(t, text)]));
    const countOn: CountOn = (name, text) => {
      const tokenizer = readers.find((t) => t.name === name);
      return tokenizer === undefined ? undefined : tokens.countTokens(tokenizer, text);
    };
    return { count, countOn, info: { tokenizers: loaded.map((t) => t.name) } };
  } catch (error) {
    if (error instanceof SilpError) return { count: none, countOn: noneOn, info: { unavailable: error.message } };
    throw error;
  }
}

export async function runDemo(options: DemoOptions = {}): Promise<DemoTranscript> {
  const heartbeat = options.heartbeat ?? 5;
  const { count, countOn, info } = await tokenCounter(options.tokenizers ?? ["gpt-4o"]);
  const events: ExecutorEvent[] = [];
  const agents: RunningSilpAgent[] = [];
  try {
    const alpha = await startSilpAgent({ name: "alpha", description: "a planner", frontends: ["code", "json"], heartbeat, handlers: {} });
    agents.push(alpha);
    const beta = await startSilpAgent({
      name: "beta",
      description: "a travel concierge without the code frontend",
      frontends: ["json", "natural"],
      heartbeat,
      handlers: conciergeHandlers(),
      onProse: (text) => `read as prose, not dispatched: ${text}`,
      onEvent: (event) => events.push(event),
    });
    agents.push(beta);

    const toBeta = await SilpPeer.connect(beta.url, { frontends: ["code", "json", "natural"] });
    const turns: DemoTurn[] = [];
    const negotiation: DemoNegotiation[] = [];
    for (const [index, step] of STEPS.entries()) {
      if (index === 1) {
        // After the first turn degraded, both sides negotiate properly.
        negotiation.push(await negotiate("alpha", "beta", toBeta, "text"));
        const toAlpha = await SilpPeer.connect(alpha.url, { frontends: ["json", "natural"] });
        negotiation.push(await negotiate("beta", "alpha", toAlpha, "data"));
      }
      events.length = 0;
      turns.push(await runTurn(index + 1, step, toBeta, events, count));
    }
    const dialects = await runDialectDemo(countOn);
    return {
      extension: SILP_EXTENSION_URI,
      agents: [
        { name: "alpha", role: "planner", url: alpha.url, reads: [...alpha.executor.capabilities.frontends], heartbeat },
        { name: "beta", role: "travel concierge (no code frontend)", url: beta.url, reads: [...beta.executor.capabilities.frontends], heartbeat },
      ],
      tokens: info,
      turns,
      negotiation,
      dialects,
      summary: {
        delivered: turns.filter((t) => t.reply).length,
        refused: turns.filter((t) => t.refused).length,
        renewals: turns.filter((t) => t.session?.renewed).length,
        degraded: turns.filter((t) => t.attempts.length > 1).length,
        ...readTotals(turns, "tokenizers" in info ? info.tokenizers[0] : undefined),
      },
    };
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
  }
}

/** What the models read over the delivered turns (the delivered payload and the reply), next to the IRs as JSON. */
function readTotals(turns: readonly DemoTurn[], tokenizer: string | undefined): Pick<DemoTranscript["summary"], "read"> {
  if (tokenizer === undefined) return {};
  let payloads = 0;
  let compact = 0;
  let irJson = 0;
  for (const turn of turns) {
    const delivered = turn.attempts.find((attempt) => attempt.outcome === "delivered");
    if (!turn.reply || !delivered) continue;
    payloads += (delivered.tokens?.[tokenizer] ?? 0) + (turn.reply.tokens?.[tokenizer] ?? 0);
    compact += (turn.compactTokens?.[tokenizer] ?? 0) + (turn.reply.compactTokens?.[tokenizer] ?? 0);
    irJson += (turn.irJsonTokens?.[tokenizer] ?? 0) + (turn.reply.irJsonTokens?.[tokenizer] ?? 0);
  }
  return { read: { tokenizer, payloads, compact, irJson } };
}

async function negotiate(from: string, to: string, peer: SilpPeer, form: "text" | "data"): Promise<DemoNegotiation> {
  const card = peer.agreeFromCard();
  const exchange = await peer.ping(form);
  return {
    from,
    to,
    card: { frontend: card.frontend, mutual: card.mutual },
    ping: { form: form === "data" ? "json" : "text", ping: exchange.ping, pong: exchange.pong, frontend: exchange.agreement.frontend },
  };
}

/** The compact payload, as the study costs it: the task alone, no meta. */
const COMPACT = { inlineMeta: false, whitelist: "off" } as const;

async function runTurn(turn: number, step: Step, peer: SilpPeer, events: ExecutorEvent[], count: Counter): Promise<DemoTurn> {
  const agreement = {
    frontend: peer.agreement?.frontend ?? (peer.capabilities.frontends[0] as string),
    source: peer.agreement ? peer.agreementSource : ("assumed" as const),
  };
  const record: DemoTurn = { turn, example: step.example, title: step.title, from: "alpha", to: "beta", agreement, attempts: [] };
  const tokens = count(JSON.stringify(normalize(step.ir)));
  if (tokens) record.irJsonTokens = tokens;
  let attempts: AttemptRecord[] = [];
  try {
    const result = await peer.send(step.ir, step.unchecked ? { codec: { whitelist: "off" } } : {});
    attempts = result.delivery.attempts;
    const payload = result.reply.envelope.silp_payload;
    record.reply = { frontend: result.reply.envelope.silp_encoding, payload, summary: summarizeIr(result.reply.decoded.ir) };
    const replyTokens = count(payload);
    if (replyTokens) record.reply.tokens = replyTokens;
    const replyIrTokens = count(JSON.stringify(result.reply.decoded.ir));
    if (replyIrTokens) record.reply.irJsonTokens = replyIrTokens;
    const replyCompact = count(compile(result.reply.decoded.ir, record.reply.frontend, COMPACT));
    if (replyCompact) record.reply.compactTokens = replyCompact;
    const compactTokens = count(compile(step.ir, result.delivery.frontend, COMPACT));
    if (compactTokens) record.compactTokens = compactTokens;
  } catch (error) {
    if (!(error instanceof SilpError)) throw error;
    attempts = (error.details?.attempts as AttemptRecord[] | undefined) ?? [];
    const refusal = events.find((e) => e.type === "refused");
    record.refused = refusal?.type === "refused" ? { code: refusal.error.code, message: refusal.error.message } : { code: error.code, message: error.message };
  }
  record.attempts = attempts.map((a) => {
    const out: DemoAttempt = { attempt: a.attempt, frontend: a.frontend, outcome: a.outcome };
    if (a.payload !== undefined) {
      out.payload = a.payload;
      const counted = count(a.payload);
      if (counted) out.tokens = counted;
    }
    if (a.error) out.error = a.error;
    return out;
  });
  const dispatched = events.find((e) => e.type === "dispatched");
  if (dispatched?.type === "dispatched") {
    record.decoded = {
      summary: summarizeIr(dispatched.ir as SilpIR),
      reqId: dispatched.ir.meta.req_id,
      repairs: dispatched.repairs.map((r) => r.kind),
      warnings: dispatched.warnings.map((w) => `${w.rule}: ${w.message}`),
    };
    record.session = dispatched.session;
    record.meta = dispatched.request.silp_meta as Record<string, unknown>;
    record.handlers = dispatched.records.map((r) => ({ action: r.action, summary: r.summary, ...(r.data ? { data: r.data } : {}) }));
  }
  return record;
}
