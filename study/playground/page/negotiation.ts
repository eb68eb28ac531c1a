/**
 * The negotiation panel's model: two agents' frontend lists in, the //ping and //pong lines, the
 * agreement and the degradation chain out (silp/negotiation does the work; this only lays it out).
 */
import { isSilpError } from "silp";
import { acceptPong, answerPing, createPing, DEGRADATION_CHAIN, degradationOrder, formatProbe } from "silp/negotiation";

export interface NegotiationView {
  ping?: string;
  pong?: string;
  frontend?: string;
  mutual?: string[];
  /** The order the sender tries frontends in when the peer rejects a payload. */
  chain?: string[];
  skipped?: string[];
  error?: string;
}

/** "code, json natural" -> ["code", "json", "natural"]: commas or spaces separate names. */
export const parseList = (text: string): string[] => text.split(/[\s,]+/).filter((name) => name !== "");

export function negotiate(senderList: string, receiverList: string): NegotiationView {
  const view: NegotiationView = {};
  try {
    const ping = createPing({ versions: ["v1"], frontends: parseList(senderList) });
    view.ping = formatProbe(ping);
    const answer = answerPing(ping, { versions: ["v1"], frontends: parseList(receiverList) });
    view.pong = formatProbe(answer.pong);
    if (answer.error) throw answer.error;
    const agreement = acceptPong(ping, answer.pong);
    view.frontend = agreement.frontend;
    view.mutual = agreement.mutual;
    view.chain = degradationOrder(agreement.frontend, agreement.mutual, DEGRADATION_CHAIN);
    view.skipped = agreement.skipped.map((s) => `${s.frontend} (${s.side}): ${s.reason}`);
  } catch (error) {
    if (!isSilpError(error)) throw error;
    view.error = `${error.code}: ${error.message}`;
  }
  return view;
}
