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
import type { DecodeResult } from "silp";
import type {} from "silp/util";
import { SilpError, SilpFrontendError, type SilpErrorJSON } from "silp";
import { getFrontend } from "silp";
import { newReqId } from "silp";
import type { SilpIR } from "silp";
import { SUPPORTED_SILP_VERSIONS } from "silp/util";
import type { SilpOptions } from "silp";
import { fromEnvelope, toEnvelope, type SilpEnvelope } from "silp";
import { answerPing, createPing, type Agreement, type Capabilities } from "silp/negotiation";
import { formatProbe } from "silp/negotiation";
import type { Probe } from "silp/negotiation";
import { DEFAULT_HEARTBEAT, type Heartbeat } from "silp/session";
import { SessionManager } from "silp/session";
import { handlerTable, planActions, resultIr, runActions, type ActionHandler, type ActionOutcome, type DispatchRecord } from "./dispatch.js";
import { SILP_EXTENSION_URI, silpAgentExtension } from "./extension.js";
import { envelopePart, errorPart, probePart, readSilpMessage, silpMessage, textPart, type PartForm } from "./parts.js";
import { ContextSessions, type ContextTurn } from "./sessions.js";

/** What a handler sees besides its call. */
export interface DispatchContext {
  contextId: string;
  /** This turn of the context's SILP session: its `context` holds the earlier turns since the last renewal. */
  session: ContextTurn;
  decoded: DecodeResult;
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
}

export type ExecutorEvent =
  | { type: "probe"; contextId: string; ping: string; pong: string; agreement?: Agreement; error?: SilpErrorJSON }
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
  | { type: "refused"; contextId: string; request?: SilpEnvelope; error: SilpErrorJSON };

export interface SilpExecutorOptions extends SilpOptions {
  /** Handlers by action code ("!BOOK") or function name ("book"). */
  handlers: Record<string, ActionHandler<DispatchContext>>;
  /** Frontends this agent reads, most preferred first; default code, json. */
  frontends?: string[];
  versions?: string[];
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
}

export class SilpAgentExecutor implements AgentExecutor {
  readonly capabilities: Capabilities;
  readonly sessions: ContextSessions;
  readonly heartbeat: Heartbeat;
  readonly #handlers: Map<string, ActionHandler<DispatchContext>>;
  readonly #codec: SilpOptions;
  readonly #options: SilpExecutorOptions;

  constructor(options: SilpExecutorOptions) {
    const checked = createPing({ versions: options.versions ?? [...SUPPORTED_SILP_VERSIONS], frontends: options.frontends ?? ["code", "json"] });
    for (const frontend of checked.frontends) {
      const known = getFrontend(frontend);
      if (!known.decodes && !options.onProse) throw new TypeError(`frontend ${frontend} has no decoder: give onProse to accept it`);
    }
    this.capabilities = { versions: checked.versions, frontends: checked.frontends };
    this.#handlers = handlerTable(options.handlers);
    // With your own manager, pass its heartbeat too: the card advertises it.
    this.sessions = new ContextSessions(options.sessions ?? new SessionManager({ heartbeat: options.heartbeat ?? DEFAULT_HEARTBEAT }));
    this.heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT;
    this.#codec = { whitelist: options.whitelist ?? "strict", ...pick(options, ["strict", "scopeLimited", "limits"]) };
    this.#options = options;
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
    let request: SilpEnvelope | undefined;
    try {
      const content = readSilpMessage(message);
      if (content.kind === "none" || content.kind === "error") return undefined;
      if (requested) call?.addActivatedExtension(SILP_EXTENSION_URI);
      else if (this.#options.requireActivation !== false) {
        throw new SilpError("negotiation_failed", `SILP content without the extension: activate it with the header A2A-Extensions: ${SILP_EXTENSION_URI}`);
      }
      if (content.kind === "probe") return this.#answerProbe(content.probe, content.form, contextId);
      request = content.envelope;
      return await this.#handleEnvelope(request, content.form, contextId);
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      const json = error.toJSON();
      this.#emit({ type: "refused", contextId, ...(request ? { request } : {}), error: json });
      return this.#reply([errorPart(json), textPart(`error[${json.code}]: ${json.message}`)], contextId);
    }
  }

  #answerProbe(probe: Probe, form: PartForm, contextId: string): Message {
    if (probe.kind !== "ping")
      throw new SilpError("invalid_syntax", "expected a //ping; a //pong answers a ping this agent did not send", { expected: ["//ping"] });
    const answer = answerPing(probe, this.capabilities);
    const event: ExecutorEvent = { type: "probe", contextId, ping: formatProbe(probe), pong: formatProbe(answer.pong) };
    if (answer.agreement) event.agreement = answer.agreement;
    const parts: Part[] = [probePart(answer.pong, form)];
    if (answer.error) {
      event.error = answer.error.toJSON();
      parts.push(errorPart(event.error));
    }
    this.#emit(event);
    return this.#reply(parts, contextId);
  }

  async #handleEnvelope(request: SilpEnvelope, form: PartForm, contextId: string): Promise<Message> {
    if (!this.capabilities.frontends.includes(request.silp_encoding)) {
      throw new SilpFrontendError(`this agent does not read ${request.silp_encoding} (it reads ${this.capabilities.frontends.join(", ")})`, {
        details: { frontend: request.silp_encoding, accepted: this.capabilities.frontends },
      });
    }
    if (!getFrontend(request.silp_encoding).decodes) return this.#handleProse(request, form, contextId);
    const decoded = fromEnvelope(request, this.#codec);
    const calls = planActions(decoded.ir, this.#handlers);
    const session = await this.sessions.turn(contextId, { req_id: decoded.ir.meta.req_id, intent: decoded.ir.intent });
    const records = await runActions(calls, this.#handlers, { contextId, session, decoded });
    const reply = toEnvelope(resultIr(decoded.ir, records, session.sessionId), this.#replyFrontend(request.silp_encoding), this.#codec);
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
    return this.#reply([envelopePart(reply, form)], contextId, { session: summary, dispatched: records.map((r) => r.action) });
  }

  async #handleProse(request: SilpEnvelope, form: PartForm, contextId: string): Promise<Message> {
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
    return this.#reply([envelopePart(reply, form)], contextId);
  }

  /** The request's frontend when it decodes, else the first of ours that does. */
  #replyFrontend(requested: string): string {
    if (getFrontend(requested).decodes) return requested;
    return this.capabilities.frontends.find((f) => getFrontend(f).decodes) ?? "json";
  }

  #reply(parts: Part[], contextId: string, metadata?: Record<string, unknown>): Message {
    return silpMessage(parts, { role: "agent", contextId, ...(metadata ? { metadata: { [SILP_EXTENSION_URI]: metadata } } : {}) });
  }

  #emit(event: ExecutorEvent): void {
    this.#options.onEvent?.(event);
  }

  async close(): Promise<void> {
    await this.sessions.close();
  }
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
  };
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Pick<T, K>>;
}
