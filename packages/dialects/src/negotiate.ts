/**
 * The sender's whole dialect negotiation over any carrier: offer what we hold, send the specs the
 * receiver asked for (once, in the JSON form of a second ping), check the final pong with the
 * core rule, and choose by the reader's tokenizer when the reader asks for the cheapest.
 */
import { type Agreement, type Capabilities, type Choice, type CostOf, type Ping, type Pong, acceptPong, chooseFrontend, createPing } from "silp/negotiation";
import { costOfTable, STUDY_COSTS } from "./costs.js";
import type { DialectHoldings } from "./holdings.js";

/** Sends one ping to the receiver and returns its pong (a ping with `specs` must go in the JSON form). */
export type ExchangeProbe = (ping: Ping) => Promise<Pong>;

export interface DialectNegotiation {
  /** The agreement the choice gives: its `frontend` is what to send, `mutual` the degradation chain's frontends. */
  agreement: Agreement;
  choice: Choice;
  /** References of the specs sent to the receiver. */
  sent: string[];
  /** Every ping sent and pong received, in order (one or two of each). */
  pings: Ping[];
  pongs: Pong[];
}

export async function negotiateDialects(
  exchange: ExchangeProbe,
  local: Capabilities,
  holdings: DialectHoldings,
  costOf: CostOf = costOfTable(STUDY_COSTS),
): Promise<DialectNegotiation> {
  const first = createPing(holdings.capabilities(local));
  const pings = [first];
  const pongs = [await exchange(first)];
  const sent = holdings.toSend(pongs[0] as Pong, first);
  if (sent.length > 0) {
    const second: Ping = { ...first, specs: sent.map((ref) => holdings.spec(ref)) };
    pings.push(second);
    pongs.push(await exchange(second));
  }
  const ping = pings[pings.length - 1] as Ping;
  const pong = pongs[pongs.length - 1] as Pong;
  const choice = chooseFrontend(acceptPong(ping, pong), pong, costOf);
  return { agreement: choice.agreement, choice, sent, pings, pongs };
}
