/**
 * The sending side: a SILP conversation with one A2A agent over the SDK's Client.
 *
 * Negotiation both ways (spec 5.3): statically from the agent's AgentCard (`agreeFromCard`) and
 * dynamically by a //ping message (`ping`), each with the dialect extension
 * (docs/dialect-negotiation.md): our dialects offered by content hash, a spec sent once when the
 * agent asks for it, and the cheapest lossless frontend for the agent's tokenizer when it asks. Every `send` walks the degradation chain from the
 * agreed frontend (code -> json -> natural, draft -02) when the agent reports a decode failure.
 * All messages of one peer share one A2A contextId, so the agent keeps one SILP session for them.
 */
import { randomUUID } from "node:crypto";
import type { AgentCard, Message } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, ServiceParameters, withA2AExtensions, type Client } from "@a2a-js/sdk/client";
import type { DecodeResult } from "silp";
import { SilpError } from "silp";
import type { SilpIRInput } from "silp";
import { envelopeOf } from "silp/carriage";
import { IR_SHAPE, resolveOptions } from "silp/util";
import { assertValid } from "silp";
import type { SilpOptions } from "silp";
import { fromEnvelope, modelText, type SilpEnvelope } from "silp";
import { sendWithDegradation, type DeliveryResult, type PeerReport, type SendOptions } from "silp/negotiation";
import { chooseFrontend, createPing, probeToJson, type Agreement, type Capabilities, type Choice, type CostOf, type Ping, type Pong } from "silp/negotiation";
import { formatProbe } from "silp/negotiation";
import { DialectHoldings, STUDY_COSTS, costOfTable, negotiateDialects } from "@silp/dialects";
import type { SessionSummary } from "./executor.js";
import { SILP_EXTENSION_URI, agreementFromCard, paramsCapabilities, readSilpExtension, type SilpExtensionParams } from "./extension.js";
import { envelopePart, probePart, readSilpMessage, silpMessage, silpMetadata, type PartForm } from "./parts.js";

export interface SilpPeerOptions {
  /** Frontends we can send, most preferred first; default code, json, natural. */
  frontends?: string[];
  versions?: string[];
  /** The A2A contextId of the conversation; default a new UUID. */
  contextId?: string;
  /**
   * How payloads travel: a text part (default) whose text is what a model reads, the payload
   * with the meta that differs from the defaults inline, with the envelope's fields (the req_id
   * and the same meta) in the part's metadata for programs; or a data part holding the whole
   * envelope as JSON, its payload the compact one.
   */
  form?: PartForm;
  /** Options for compiling our payloads (e.g. the whitelist mode) and decoding the agent's replies. */
  codec?: SilpOptions;
  /** Degradation settings: maxAttempts, allowLossy, chain. */
  degradation?: Omit<SendOptions, "compileOptions">;
  /** Our dialects, offered by content hash before `frontends` (`new DialectHoldings()` of @silp/dialects, then `hold(spec)`). */
  dialects?: DialectHoldings;
  /** What a frontend costs the agent's tokenizer, for an agent that asks for the cheapest; default the shipped study table. */
  costOf?: CostOf;
}

export interface PeerReply {
  envelope: SilpEnvelope;
  decoded: DecodeResult;
  /** What to hand our model of the reply: its payload with its meta, and note lines (silp's `modelText`). */
  modelText: string;
  /** The agent's session for this context, from the reply's metadata. */
  session?: SessionSummary;
  message: Message;
}

export interface PeerDelivery {
  delivery: DeliveryResult;
  /** The agreement the send started from (how it was made is in `agreementSource`). */
  agreement: Pick<Agreement, "frontend" | "mutual">;
  reply: PeerReply;
}

export interface PingExchange {
  /** The last ping and pong (a ping that carried specs as its JSON text). */
  ping: string;
  pong: string;
  /** What the sends use: the agreement after the choice. */
  agreement: Agreement;
  choice: Choice;
  /** References of the dialect specs sent to the agent. */
  sent: string[];
  /** Every probe of the exchange, in order. */
  probes: string[];
}

export type AgreementSource = "assumed" | "card" | "ping";

export class SilpPeer {
  readonly capabilities: Capabilities;
  readonly contextId: string;
  /** The agent's SILP params from its card; undefined when the card does not declare SILP. */
  readonly remote: SilpExtensionParams | undefined;
  agreement: Agreement | undefined;
  agreementSource: AgreementSource = "assumed";
  /** How the last negotiation chose the frontend (the agent's order, or cost for its tokenizer). */
  choice: Choice | undefined;
  /** The agent's session for our context, as last reported. */
  session: SessionSummary | undefined;
  readonly #options: SilpPeerOptions;
  readonly #holdings: DialectHoldings;

  private constructor(
    readonly client: Client,
    readonly card: AgentCard,
    options: SilpPeerOptions,
  ) {
    this.#options = options;
    this.#holdings = options.dialects ?? new DialectHoldings();
    const base = createPing({ versions: options.versions ?? [...IR_SHAPE.silpVersions], frontends: options.frontends ?? ["code", "json", "natural"] });
    this.capabilities = this.#holdings.capabilities(base);
    this.contextId = options.contextId ?? randomUUID();
    this.remote = readSilpExtension(card);
  }

  /** Fetches the agent's card from `baseUrl` and opens a client on its preferred transport. */
  static async connect(baseUrl: string, options: SilpPeerOptions = {}): Promise<SilpPeer> {
    const card = await new DefaultAgentCardResolver().resolve(baseUrl);
    const client = await new ClientFactory().createFromAgentCard(card);
    return new SilpPeer(client, card, options);
  }

  /** Static negotiation from the card; `negotiation_failed` when it declares no usable SILP. */
  agreeFromCard(): Agreement {
    const agreement = agreementFromCard(this.capabilities, this.card);
    const remote = this.remote as SilpExtensionParams;
    this.choice = chooseFrontend(agreement, paramsCapabilities(remote), this.#costOf());
    this.agreement = this.choice.agreement;
    this.agreementSource = "card";
    return this.agreement;
  }

  /**
   * Dynamic negotiation: sends a //ping offering our dialects, sends the specs the //pong asks
   * for (once, in a data part), checks the last //pong with the agreement rule, and chooses.
   */
  async ping(form: PartForm = "text"): Promise<PingExchange> {
    const probes: string[] = [];
    const exchange = async (ping: Ping): Promise<Pong> => {
      // Specs need the JSON form: a line holds no JSON.
      const partForm = ping.specs === undefined ? form : "data";
      probes.push(partForm === "text" ? formatProbe(ping) : JSON.stringify(probeToJson(ping)));
      const reply = await this.#exchange(silpMessage([probePart(ping, partForm)], { contextId: this.contextId }));
      const content = readSilpMessage(reply);
      if (content.kind !== "probe" || content.probe.kind !== "pong") {
        const why = content.kind === "error" ? `${content.error.code}: ${content.error.message}` : `a ${content.kind} reply`;
        throw new SilpError("negotiation_failed", `the agent did not answer the //ping with a //pong (${why})`);
      }
      probes.push(formatProbe(content.probe));
      return content.probe;
    };
    const result = await negotiateDialects(exchange, this.capabilities, this.#holdings, this.#costOf());
    this.agreement = result.agreement;
    this.choice = result.choice;
    this.agreementSource = "ping";
    return {
      ping: probes[probes.length - 2] as string,
      pong: probes[probes.length - 1] as string,
      agreement: result.agreement,
      choice: result.choice,
      sent: result.sent,
      probes,
    };
  }

  #costOf(): CostOf {
    return this.#options.costOf ?? costOfTable(STUDY_COSTS);
  }

  /**
   * Sends one IR: compiled in the agreed frontend (before any negotiation: our own first
   * frontend, with our list as the assumed common one), degraded along the chain when the agent
   * reports a decode failure, and the agent's SILP result decoded.
   */
  async send(ir: SilpIRInput, options: { codec?: SilpOptions } = {}): Promise<PeerDelivery> {
    const codec = { ...this.#options.codec, ...options.codec };
    const normal = assertValid(ir, resolveOptions(codec)).ir;
    const agreement = this.agreement ?? { frontend: this.capabilities.frontends[0] as string, mutual: [...this.capabilities.frontends] };
    let reply: PeerReply | undefined;
    // A text part's text is what a model reads, so it carries the meta that differs from the
    // defaults (parts.ts); a data part's JSON holds it once, in silp_meta beside the compact payload.
    const form = this.#options.form ?? "text";
    const deliver = async (payload: string, frontend: string): Promise<PeerReport> => {
      const envelope = envelopeOf(normal, frontend, payload);
      // Naming the session we continue lets the agent tell us when it is gone instead of silently opening a new one.
      const metadata = this.session ? { [SILP_EXTENSION_URI]: { session: { id: this.session.id } } } : undefined;
      const message = await this.#exchange(silpMessage([envelopePart(envelope, form)], { contextId: this.contextId, metadata }));
      const content = readSilpMessage(message);
      if (content.kind === "error") {
        // The session is gone; the next send opens a new one (the caller saw session_expired).
        if (content.error.code === "session_expired") this.session = undefined;
        return { ok: false, code: content.error.code, message: content.error.message };
      }
      if (content.kind !== "envelope") throw new SilpError("decode_failed", `the agent answered without a SILP result (${content.kind})`);
      const decoded = fromEnvelope(content.envelope, codec);
      reply = { envelope: content.envelope, decoded, modelText: modelText(decoded), message };
      const session = silpMetadata(message)?.session as SessionSummary | undefined;
      if (session) reply.session = this.session = session;
      return { ok: true };
    };
    const delivery = await sendWithDegradation(normal, agreement, deliver, {
      ...this.#options.degradation,
      compileOptions: { ...codec, inlineMeta: form === "text" ? "auto" : false },
    });
    return { delivery, agreement, reply: reply as PeerReply };
  }

  async #exchange(message: Message): Promise<Message> {
    const result = await this.client.sendMessage(
      { tenant: "", message, configuration: undefined, metadata: undefined },
      { serviceParameters: ServiceParameters.create(withA2AExtensions(SILP_EXTENSION_URI)) },
    );
    if (!("messageId" in result)) throw new SilpError("decode_failed", "the agent answered with a task, not a message");
    return result;
  }
}
