/**
 * Printing a probe in its two forms. Both check the probe first, so a name with a space or a
 * comma can never smuggle an extra parameter into a line.
 */
import { checkProbe } from "./probe-check.js";
import type { Ping, Pong, Probe } from "./probe.js";

/** The text form: `//ping silp=v1 frontends=code,json,natural`. */
export function formatProbe(input: Probe): string {
  const probe = checkProbe(input);
  const parts = [`//${probe.kind}`, `silp=${probe.versions.join(",")}`, `frontends=${probe.frontends.join(",")}`];
  if (probe.kind === "pong" && probe.prefer !== undefined) parts.push(`prefer=${probe.prefer}`);
  return parts.join(" ");
}

export interface PingJson {
  silp_ping: { silp: string[]; frontends: string[] };
}

export interface PongJson {
  silp_pong: { silp: string[]; frontends: string[]; prefer?: string };
}

/** The JSON form for envelopes: `{"silp_ping":{"silp":["v1"],"frontends":["code","json"]}}`. */
export function probeToJson(probe: Ping): PingJson;
export function probeToJson(probe: Pong): PongJson;
export function probeToJson(probe: Probe): PingJson | PongJson;
export function probeToJson(input: Probe): PingJson | PongJson {
  const probe = checkProbe(input);
  const body = { silp: [...probe.versions], frontends: [...probe.frontends] };
  if (probe.kind === "ping") return { silp_ping: body };
  return { silp_pong: probe.prefer === undefined ? body : { ...body, prefer: probe.prefer } };
}
