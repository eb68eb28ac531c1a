/**
 * An A2A AgentExecutor that speaks SILP: answers //ping probes, decodes and validates SILP
 * payloads, records a session turn per payload (keyed by the A2A contextId), dispatches the
 * actions to handlers by verb and replies with a SILP result. Messages without SILP go to an
 * optional fallback executor, so SILP can be added to an existing agent without replacing it.
 *
 * Every SILP failure is answered, never thrown: the reply carries a `silp_error` data part with
 * the code, which the sender's degradation chain reads (unsupported_frontend, decode_failed and
 * invalid_syntax make it try the next frontend; anything else ends the attempt).
 */
import type { AgentExtension, Message, Part } from "@a2a-js/sdk";
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext, type ServerCallContext } from "@a2a-js/sdk/server";
import { randomUUID } from "node:crypto";
import type { DecodeResult } from "silp";
import { modelText } from "silp";
import { applySafetyFilter, type SafetyFilter } from "silp/carriage";
import { SilpError, type SilpErrorJSON } from "silp";
import { getFrontend } from "silp";
import { newReqId } from "silp";
import type { SilpIR } from "silp";
import { IR_SHAPE } from "silp/util";
import type { SilpOptions } from "silp";
import { fromEnvelope, toEnvelope, type SilpEnvelope } from "silp";
import { answerPing, createPing, probeToJson, type Agreement, type Capabilities, type ReaderOrder } from "silp/negotiation";
import type { DialectHoldings } from "@silp/dialects";
import { formatProbe } from "silp/negotiation";
import type { Probe } from "silp/negotiation";
import { DEFAULT_HEARTBEAT, type Heartbeat } from "silp/session";
import { SessionManager } from "silp/session";
import { handlerTable, planActions, resultIr, runActions, type ActionHandler, type ActionOutcome, type DispatchRecord } from "./dispatch.js";
import { SILP_EXTENSION_URI, silpAgentExtension } from "./extension.js";
import { envelopePart, errorPart, probePart, readSilpMessage, silpMessage, silpMetadata, textPart, type PartForm } from "./parts.js";
import { ContextSessions, DEFAULT_CONTEXT_SCOPE, type ContextTurn } from "./sessions.js";

/** What a handler sees besides its call. */
export interface DispatchContext {
  contextId: string;
  /** This turn of the context's SILP session: its `context` holds the earlier turns since the last renewal. */
  session: ContextTurn;
  decoded: DecodeResult;
  /**
   * What to hand a model that acts on this message (docs/integrations.md, "What a model reads"):
   * the payload of the decoded IR with the meta that differs from the defaults (it reads as the
   * whole IR but the req_id) and one line per kind of repair, warning or sanitizer hit; never the
   * peer's raw text.
   */
  modelText: string;
  /** Aborted when the request deadline (`requestTimeoutMs`) passes: stop work nobody waits for. */
  signal: AbortSignal;
}

/** The session summary sent back in the reply's metadata and reported in events. */
export interface SessionSummary {
  id: string;
  turn: number;
  heartbeat: number;
  /** Entries of earlier turns this turn saw (0 right after a renewal). */
  contextLength: number;
  renewed: boolean;
  renewals: number;
  opened: boolean;
  /** The context's previous session had been evicted by its peer's session quota. */
  previous?: "evicted";
}

export type ExecutorEvent =
  | {
      type: "probe";
      contextId: string;
      ping: string;
      pong: string;
      agreement?: Agreement;
      error?: SilpErrorJSON;
      /** Dialect specs the ping carried that this agent took, by reference, and those it refused. */
      received?: string[];
      refused?: SilpErrorJSON[];
    }
  | {
      type: "dispatched";
      contextId: string;
      request: SilpEnvelope;
      ir: SilpIR;
      repairs: DecodeResult["repairs"];
      warnings: DecodeResult["warnings"];
      session: SessionSummary;
      records: DispatchRecord[];
      reply: SilpEnvelope;
    }
  | { type: "prose"; contextId: string; request: SilpEnvelope; summary: string; reply: SilpEnvelope }
  | { type: "refused"; contextId: string; request?: SilpEnvelope; error: SilpErrorJSON }
  /** Sessions of a peer's scope evicted (least recently used first) to open one for `contextId`. */
  | { type: "evicted"; contextId: string; scope: string; evicted: { id: string; owner: string }[] }
  /** A failure that is not a SilpError; the peer saw only `decode_failed` with `correlationId`. */
  | { type: "failed"; contextId: string; correlationId: string; error: unknown };

export interface SilpExecutorOptions extends SilpOptions {
  /** Handlers by action code ("!BOOK") or function name ("book"). */
  handlers: Record<string, ActionHandler<DispatchContext>>;
  /** Frontends this agent reads, most preferred first; default code, json. */
  frontends?: string[];
  versions?: string[];
  /**
   * The dialects this agent holds and may take from peers (`new DialectHoldings({ accept })` of
   * @silp/dialects; docs/dialect-negotiation.md). Held dialects are read before `frontends`.
   */
  dialects?: DialectHoldings;
  /** The tokenizer family this agent's model reads with, told to peers in its //pong and card. */
  tokenizer?: string;
  /** "cost": peers may send this agent the cheapest lossless frontend for its tokenizer; default "listed". */
  order?: ReaderOrder;
  /** The session manager; default an in-memory one with `heartbeat`. */
  sessions?: SessionManager;
  /** Heartbeat N of the default session manager (spec 5.2); default 20. */
  heartbeat?: Heartbeat;
  /** Refuse SILP payloads unless the A2A-Extensions header activated the extension; default true. */
  requireActivation?: boolean;
  /** Handles payloads of a frontend without a decoder (natural); list that frontend in `frontends`. */
  onProse?: (text: string, context: { contextId: string; envelope: SilpEnvelope }) => ActionOutcome | Promise<ActionOutcome>;
  /** Receives messages that carry no SILP (the agent's existing executor). */
  fallback?: AgentExecutor;
  /** Observes what the executor did (for logs and transcripts). */
  onEvent?: (event: ExecutorEvent) => void;
  /**
   * The session scope (id namespace and quota) of a request; default the caller's identity:
   * `user:<name>` for an authenticated user, else `peer:<name>` (startSilpAgent names
   * unauthenticated callers by their remote address), else "anonymous".
   */
  sessionScope?: (call: ServerCallContext | undefined, contextId: string) => string;
  /**
   * Live SILP sessions one scope (peer) may hold, 1..936; default 256. Beyond it the least recently
   * used session without a turn in progress is evicted; when every one has a turn in progress the
   * new conversation gets `limit_exceeded`.
   */
  maxSessionsPerScope?: number;
  /** Live SILP sessions over all scopes (all peers); default 65536. A new conversation beyond it gets `limit_exceeded`. */
  maxTotalSessions?: number;
  /** Spec 8.2: sees every free-text value of each decoded IR before dispatch; a refusal is `unsafe_content`. */
  safetyFilter?: SafetyFilter;
  /** Request deadline in ms (decode, session turn and handlers); past it the peer gets `timeout`. Default 30000; 0 disables. */
  requestTimeoutMs?: number;
  /** Where internal failures are logged (one line each); default a line on stderr. */
  log?: (line: string) => void;
  /** Log internal failures with their stack. Default false. */
  debug?: boolean;
}

/** Default request deadline of the executor (spec 5.1 `timeout`). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export class SilpAgentExecutor implements AgentExecutor {
  /** What the agent reads without dialects: the versions and frontends it was built with. */
  readonly baseCapabilities: Capabilities;
  readonly sessions: ContextSessions;
  readonly heartbeat: Heartbeat;
  readonly #handlers: Map<string, ActionHandler<DispatchContext>>;
  readonly #codec: SilpOptions;
  readonly #options: SilpExecutorOptions;

  constructor(options: SilpExecutorOptions) {
    const checked = createPing({ versions: options.versions ?? [...IR_SHAPE.silpVersions], frontends: options.frontends ?? ["code", "json"] });
    for (const frontend of checked.frontends) {
      const known = getFrontend(frontend);
      if (!known.decodes && !options.onProse) throw new TypeError(`frontend ${frontend} has no decoder: give onProse to accept it`);
    }
    this.baseCapabilities = {
      versions: checked.versions,
      frontends: checked.frontends,
      ...(options.tokenizer === undefined ? {} : { tokenizer: options.tokenizer }),
      ...(options.order === undefined ? {} : { order: options.order }),
    };
    // Checked now (invalid_syntax for a malformed tokenizer or order), not on the first ping.
    createPing(this.baseCapabilities);
    this.#handlers = handlerTable(options.handlers);
    // With your own manager, pass its heartbeat too: the card advertises it.
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.sessions = new ContextSessions(options.sessions ?? new SessionManager({ heartbeat: options.heartbeat ?? DEFAULT_HEARTBEAT }), {
      ...(options.maxSessionsPerScope === undefined ? {} : { maxSessionsPerScope: options.maxSessionsPerScope }),
      ...(options.maxTotalSessions === undefined ? {} : { maxTotalSessions: options.maxTotalSessions }),
      // A turn is in progress until its reply is built; past the request deadline it is over anyway.
      ...(timeoutMs > 0 ? { busyMs: timeoutMs } : {}),
    });
    this.heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT;
    this.#codec = { whitelist: options.whitelist ?? "strict", ...pick(options, ["strict", "scopeLimited", "limits"]) };
    this.#options = options;
  }

  /** What the agent reads now: its base capabilities and the dialects it holds (which grow as peers send specs). */
  get capabilities(): Capabilities {
    return this.#options.dialects?.capabilities(this.baseCapabilities) ?? this.baseCapabilities;
  }

  /** The action codes this executor has handlers for. */
  get actions(): string[] {
    return [...this.#handlers.keys()];
  }

  /** The AgentCard entry declaring this executor's SILP support. */
  extension(options: { required?: boolean } = {}): AgentExtension {
    return silpAgentExtension(this.capabilities, { heartbeat: this.heartbeat, ...options });
  }

  async execute(requestContext: RequestContext, eventBus: ExecutionEventBus): Promise<void> {
    const reply = await this.respond(requestContext.userMessage, requestContext.contextId, requestContext.context);
    if (reply === undefined) {
      if (this.#options.fallback) return this.#options.fallback.execute(requestContext, eventBus);
      eventBus.publish(
        AgentEvent.message(
          this.#reply(
            [textPart(`This agent speaks SILP (A2A extension ${SILP_EXTENSION_URI}): send a SILP envelope in a data part, or a //ping.`)],
            requestContext.contextId,
            requestContext.context?.requestedExtensions?.includes(SILP_EXTENSION_URI) ?? false,
          ),
        ),
      );
    } else {
      eventBus.publish(AgentEvent.message(reply));
    }
    eventBus.finished();
  }

  async cancelTask(taskId: string, eventBus: ExecutionEventBus): Promise<void> {
    // SILP replies are messages, not tasks; tasks belong to the fallback executor, if any.
    if (this.#options.fallback) await this.#options.fallback.cancelTask(taskId, eventBus);
  }

  /**
   * The reply to one message, or undefined when it carries no SILP (then the fallback answers).
   * `call` is the A2A call context: it says whether the client activated the extension.
   */
  async respond(message: Message, contextId: string, call?: ServerCallContext): Promise<Message | undefined> {
    const requested = call?.requestedExtensions?.includes(SILP_EXTENSION_URI) ?? false;
    // Activated as soon as it is requested, before anything can fail, so every reply (errors
    // included) echoes the header; startSilpAgent does it even earlier, for streaming responses.
    if (requested && !call?.activatedExtensions?.includes(SILP_EXTENSION_URI)) call?.addActivatedExtension(SILP_EXTENSION_URI);
    let request: SilpEnvelope | undefined;
    const ac = new AbortController();
    try {
      const content = readSilpMessage(message);
      if (content.kind === "none" || content.kind === "error") return undefined;
      if (!requested && this.#options.requireActivation !== false) {
        throw new SilpError("negotiation_failed", `SILP content without the extension: activate it with the header A2A-Extensions: ${SILP_EXTENSION_URI}`);
      }
      if (content.kind === "probe") return this.#answerProbe(content.probe, content.form, contextId, requested, this.#scope(call, contextId));
      const envelope = content.envelope;
      request = envelope;
      const scope = this.#scope(call, contextId);
      const timeoutMs = this.#options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      // The session turn shares the request deadline, so a store that answers late never records a turn the peer was told timed out.
      const deadline = timeoutMs > 0 ? Date.now() + timeoutMs : undefined;
      const continues = requestedSession(message);
      return await withDeadline(timeoutMs, ac, () =>
        this.#handleEnvelope(envelope, content.form, contextId, { scope, requested, signal: ac.signal, deadline, continues }),
      );
    } catch (caught) {
      let error = caught;
      if (!(error instanceof SilpError)) error = this.#internal(error, contextId);
      const json = (error as SilpError).toJSON();
      this.#emit({ type: "refused", contextId, ...(request ? { request } : {}), error: json });
      return this.#reply([errorPart(json), textPart(`error[${json.code}]: ${json.message}`)], contextId, requested);
    } finally {
      ac.abort();
    }
  }

  /** A failure that is not a SilpError: logged here with a correlation id, never shown to the peer. */
  #internal(error: unknown, contextId: string): SilpError {
    const correlationId = randomUUID();
    const name = error instanceof Error ? error.name : typeof error;
    const detail = this.#options.debug && error instanceof Error ? `\n${error.stack ?? ""}` : "";
    const line = `silp a2a: internal error ${correlationId} (context ${JSON.stringify(contextId.slice(0, 64))}): ${name}${detail}`;
    (this.#options.log ?? ((text: string) => process.stderr.write(`${text}\n`)))(line);
    this.#emit({ type: "failed", contextId, correlationId, error });
    return new SilpError("decode_failed", `the agent failed to process the message (internal error, reference ${correlationId})`, {
      details: { reason: "internal", correlationId },
    });
  }

  #scope(call: ServerCallContext | undefined, contextId: string): string {
    if (this.#options.sessionScope) return this.#options.sessionScope(call, contextId);
    const user = call?.user;
    if (user?.isAuthenticated) return `user:${user.userName}`;
    if (user?.userName) return `peer:${user.userName}`;
    return DEFAULT_CONTEXT_SCOPE;
  }

  #answerProbe(probe: Probe, form: PartForm, contextId: string, activated: boolean, scope: string): Message {
    if (probe.kind !== "ping")
      throw new SilpError("invalid_syntax", "expected a //ping; a //pong answers a ping this agent did not send", { expected: ["//ping"] });
    const holdings = this.#options.dialects;
    // Dialects taken from a peer are bounded per peer: the scope its sessions are kept in.
    const taken = holdings?.answer(probe, this.baseCapabilities, scope);
    const answer = taken ?? answerPing(probe, this.capabilities);
    // A ping with specs came as JSON; it is logged as JSON, since a line holds no specs.
    const pingText = probe.specs === undefined ? formatProbe(probe) : JSON.stringify(probeToJson(probe));
    const event: ExecutorEvent = { type: "probe", contextId, ping: pingText, pong: formatProbe(answer.pong) };
    if (answer.agreement) event.agreement = answer.agreement;
    const parts: Part[] = [probePart(answer.pong, form)];
    if (answer.error) {
      event.error = answer.error.toJSON();
      parts.push(errorPart(event.error));
    }
    if (taken !== undefined) {
      const refused = taken.refused.map((error) => error.toJSON());
      event.received = taken.received;
      event.refused = refused;
      // After the pong, so a peer reading the first SILP part reads the pong; each refusal is told.
      for (const refusal of refused) parts.push(errorPart(refusal));
    }
    this.#emit(event);
    return this.#reply(parts, contextId, activated);
  }

  async #handleEnvelope(
    request: SilpEnvelope,
    form: PartForm,
    contextId: string,
    turn: { scope: string; requested: boolean; signal: AbortSignal; deadline?: number | undefined; continues?: string | undefined },
  ): Promise<Message> {
    const encoding = request.silp_encoding;
    // A dialect a peer proposed is read only from a peer that agreed on it by its hash.
    if (!this.baseCapabilities.frontends.includes(encoding) && this.#options.dialects?.reads(encoding, turn.scope) !== true) {
      throw new SilpError("unsupported_frontend", `this agent does not read ${request.silp_encoding} (it reads ${this.capabilities.frontends.join(", ")})`, {
        details: { frontend: request.silp_encoding, accepted: this.capabilities.frontends },
      });
    }
    if (!getFrontend(request.silp_encoding).decodes) return this.#handleProse(request, form, contextId, turn.requested);
    const decoded = fromEnvelope(request, this.#codec);
    await applySafetyFilter(this.#options.safetyFilter, decoded.ir);
    const calls = planActions(decoded.ir, this.#handlers);
    const session = await this.sessions.turn(
      contextId,
      { req_id: decoded.ir.meta.req_id, intent: decoded.ir.intent },
      { scope: turn.scope, requestId: decoded.ir.meta.req_id, deadline: turn.deadline, sessionId: turn.continues },
    );
    if (session.evicted.length > 0) this.#emit({ type: "evicted", contextId, scope: turn.scope, evicted: session.evicted });
    let records: Awaited<ReturnType<typeof runActions>>;
    let reply: SilpEnvelope;
    try {
      if (turn.signal.aborted) throw deadlineError();
      records = await runActions(calls, this.#handlers, { contextId, session, decoded, modelText: modelText(decoded), signal: turn.signal });
      reply = toEnvelope(resultIr(decoded.ir, records, session.sessionId), this.#replyFrontend(request.silp_encoding), this.#codec);
    } finally {
      // The turn is over (its session may be evicted again); a store that cannot be reached
      // now lets the in-progress mark lapse by itself (busyMs).
      await this.sessions.end(contextId, session).catch(() => undefined);
    }
    const summary = sessionSummary(session);
    this.#emit({
      type: "dispatched",
      contextId,
      request,
      ir: decoded.ir,
      repairs: decoded.repairs,
      warnings: decoded.warnings,
      session: summary,
      records,
      reply,
    });
    // A data part's JSON gets a text part after it, for clients that do not know SILP; a text
    // part is readable already, and a second one would be read (and paid for) twice.
    const parts = [envelopePart(reply, form)];
    if (form === "data") parts.push(textPart(`done (${records.map((r) => `${r.functionName}: ${r.summary}`).join("; ")})`));
    return this.#reply(parts, contextId, turn.requested, { session: summary, dispatched: records.map((r) => r.action) });
  }

  async #handleProse(request: SilpEnvelope, form: PartForm, contextId: string, activated: boolean): Promise<Message> {
    const handler = this.#options.onProse as NonNullable<SilpExecutorOptions["onProse"]>;
    const outcome = await handler(request.silp_payload, { contextId, envelope: request });
    const summary = typeof outcome === "string" ? outcome : outcome.summary;
    const requestMeta = (request.silp_meta ?? {}) as { req_id?: unknown };
    const re = typeof requestMeta.req_id === "string" ? requestMeta.req_id : "none";
    const reply = toEnvelope(
      {
        intent: "!NOTIFY",
        entities: [
          { id: "status", value: "accepted_as_prose" },
          { id: "re", value: re },
          { id: "note", value: summary },
        ],
        meta: { req_id: newReqId(), reply_to: re },
      },
      this.#replyFrontend(request.silp_encoding),
      this.#codec,
    );
    this.#emit({ type: "prose", contextId, request, summary, reply });
    const parts = [envelopePart(reply, form)];
    if (form === "data") parts.push(textPart(`accepted as prose: ${summary}`));
    return this.#reply(parts, contextId, activated);
  }

  /** The request's frontend when it decodes, else the first of ours that does. */
  #replyFrontend(requested: string): string {
    if (getFrontend(requested).decodes) return requested;
    return this.capabilities.frontends.find((f) => getFrontend(f).decodes) ?? "json";
  }

  /** The URI is listed in Message.extensions only when the request activated the extension. */
  #reply(parts: Part[], contextId: string, activated: boolean, metadata?: Record<string, unknown>): Message {
    const message = silpMessage(parts, { role: "agent", contextId, ...(metadata ? { metadata: { [SILP_EXTENSION_URI]: metadata } } : {}) });
    if (!activated) message.extensions = [];
    return message;
  }

  #emit(event: ExecutorEvent): void {
    this.#options.onEvent?.(event);
  }

  async close(): Promise<void> {
    await this.sessions.close();
  }
}

/**
 * The session the peer says it continues: `session.id` in the message's SILP metadata (where
 * replies report it). Anything else is no claim.
 */
function requestedSession(message: Message): string | undefined {
  const session = silpMetadata(message)?.session;
  const id = typeof session === "object" && session !== null ? (session as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

function sessionSummary(turn: ContextTurn): SessionSummary {
  return {
    id: turn.sessionId,
    turn: turn.turn,
    heartbeat: turn.heartbeat,
    contextLength: turn.context.length,
    renewed: turn.renewed,
    renewals: turn.renewals,
    opened: turn.opened,
    ...(turn.previous ? { previous: turn.previous } : {}),
  };
}

function deadlineError(ms?: number): SilpError {
  return new SilpError("timeout", `the agent did not finish the request within its deadline${ms === undefined ? "" : ` of ${ms} ms`}`, {
    details: ms === undefined ? {} : { timeoutMs: ms },
  });
}

/** Runs `work` under a deadline: past it, `ac` is aborted and the caller gets `timeout`. */
async function withDeadline<T>(ms: number, ac: AbortController, work: () => Promise<T>): Promise<T> {
  if (!(ms > 0)) return work();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(deadlineError(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Pick<T, K>>;
}
