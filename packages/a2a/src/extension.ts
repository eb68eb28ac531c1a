/**
 * The SILP extension of A2A (spec 7.3; A2A v1.0 extensions). An agent declares it in its
 * AgentCard under `capabilities.extensions`; a client activates it per request with the
 * `A2A-Extensions` header; the agent lists it back in the response header when it activated it.
 *
 *   {
 *     "uri": "https://silp.dev/ext/silp/v1",
 *     "description": "...", "required": false,
 *     "params": { "silp": ["v1"], "frontends": ["json", "natural"], "prefer": "json", "heartbeat": 5 }
 *   }
 *
 * With the dialect extension (docs/dialect-negotiation.md) the params also list the dialects the
 * agent holds by content (`"dialects": ["x-evolved@sha256:..."]`), the tokenizer family its model
 * reads with and whether it leaves the choice to cost (`"tokenizer": "gpt-4o", "order": "cost"`).
 *
 * `frontends` are the frontends the agent reads, most preferred first; `prefer` names the first
 * one again, explicitly. A client negotiates statically from these params with the agreement rule
 * of Layer 3 (the receiver's order wins) and can confirm dynamically with a //ping.
 */
import type { AgentCard, AgentExtension } from "@a2a-js/sdk";
import { SilpError } from "silp";
import { agree, createPing, type Agreement, type Capabilities, type Ping, type ReaderOrder } from "silp/negotiation";
import { isHeartbeat, type Heartbeat } from "silp/session";

/** The extension URI (ours: no registry exists; docs/integrations.md). Versioned with the protocol. */
export const SILP_EXTENSION_URI = "https://silp.dev/ext/silp/v1";

export interface SilpExtensionParams {
  /** Protocol versions, most preferred first. */
  silp: string[];
  /** Frontends the agent reads, most preferred first. */
  frontends: string[];
  /** The agent's preferred frontend: `frontends[0]`. */
  prefer: string;
  /** Heartbeat N of the agent's sessions (spec 5.2), when it keeps sessions. */
  heartbeat?: Heartbeat;
  /** Dialects the agent holds, `name@sha256:<hex>`; each name is in `frontends`. */
  dialects?: string[];
  tokenizer?: string;
  order?: ReaderOrder;
}

/** The dialect fields of checked params, as capabilities (what the agreement rule and the choice read). */
export function paramsCapabilities(params: SilpExtensionParams): Capabilities {
  return {
    versions: params.silp,
    frontends: params.frontends,
    ...(params.dialects === undefined ? {} : { dialects: params.dialects }),
    ...(params.tokenizer === undefined ? {} : { tokenizer: params.tokenizer }),
    ...(params.order === undefined ? {} : { order: params.order }),
  };
}

function dialectParams(probe: Ping): Pick<SilpExtensionParams, "dialects" | "tokenizer" | "order"> {
  return {
    ...(probe.dialects === undefined ? {} : { dialects: probe.dialects }),
    ...(probe.tokenizer === undefined ? {} : { tokenizer: probe.tokenizer }),
    ...(probe.order === undefined ? {} : { order: probe.order }),
  };
}

/** The AgentCard entry for an agent that reads `capabilities.frontends`. */
export function silpAgentExtension(capabilities: Capabilities, options: { heartbeat?: Heartbeat; required?: boolean } = {}): AgentExtension {
  const checked = createPing(capabilities);
  const params: SilpExtensionParams = {
    silp: checked.versions,
    frontends: checked.frontends,
    prefer: checked.frontends[0] as string,
    ...dialectParams(checked),
  };
  if (options.heartbeat !== undefined) params.heartbeat = options.heartbeat;
  return {
    uri: SILP_EXTENSION_URI,
    description:
      "SILP payloads (Semantic Interlingua Layer Protocol) in message parts: a data part holding the envelope " +
      "{silp, silp_encoding, silp_payload, silp_meta}, or a text part with the envelope fields in metadata. " +
      "Frontend negotiation by these params or by a //ping text part.",
    required: options.required ?? false,
    params: { ...params },
  };
}

/** The SILP params of a card, checked; undefined when the card does not declare the extension. */
export function readSilpExtension(card: AgentCard): SilpExtensionParams | undefined {
  const entry = card.capabilities?.extensions?.find((extension) => extension.uri === SILP_EXTENSION_URI);
  if (!entry) return undefined;
  const params = (entry.params ?? {}) as Record<string, unknown>;
  let checked: Ping;
  try {
    checked = createPing({
      versions: params.silp as string[],
      frontends: params.frontends as string[],
      ...(params.dialects === undefined ? {} : { dialects: params.dialects as string[] }),
      ...(params.tokenizer === undefined ? {} : { tokenizer: params.tokenizer as string }),
      ...(params.order === undefined ? {} : { order: params.order as ReaderOrder }),
    });
  } catch (error) {
    if (error instanceof SilpError) {
      throw new SilpError("negotiation_failed", `the AgentCard of ${card.name} declares SILP with invalid params: ${error.message}`, {
        cause: error,
        details: { params },
      });
    }
    throw error;
  }
  const prefer = params.prefer ?? checked.frontends[0];
  if (typeof prefer !== "string" || !checked.frontends.includes(prefer)) {
    throw new SilpError("negotiation_failed", `the AgentCard of ${card.name} prefers ${String(prefer)}, which it does not list`, { details: { params } });
  }
  // `prefer` leads; the rest keep their order.
  const out: SilpExtensionParams = {
    silp: checked.versions,
    frontends: [prefer, ...checked.frontends.filter((f) => f !== prefer)],
    prefer,
    ...dialectParams(checked),
  };
  if (isHeartbeat(params.heartbeat)) out.heartbeat = params.heartbeat;
  return out;
}

/**
 * Static negotiation: our capabilities as sender, the card's as receiver. `negotiation_failed`
 * when the card does not declare the SILP extension.
 */
export function agreementFromCard(local: Capabilities, card: AgentCard): Agreement {
  const remote = readSilpExtension(card);
  if (!remote) {
    throw new SilpError("negotiation_failed", `the AgentCard of ${card.name} does not declare the SILP extension ${SILP_EXTENSION_URI}`);
  }
  return agree(local, paramsCapabilities(remote));
}
