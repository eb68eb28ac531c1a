/**
 * Printing a probe in its two forms. Both check the probe first, so a name with a space or a
 * comma can never smuggle an extra parameter into a line.
 */
import { SilpError } from "../../errors.js";
import { checkProbe } from "./probe-check.js";
import { MAX_PROBE_LINE, type Ping, type Pong, type Probe, type ReaderOrder } from "./probe.js";

/**
 * The text form: `//ping silp=v1 frontends=code,json,natural`, and the dialect extension's
 * parameters when set. Specs travel in the JSON form only (a line holds no JSON).
 */
export function formatProbe(input: Probe): string {
  const probe = checkProbe(input);
  if (probe.kind === "ping" && probe.specs !== undefined) {
    throw new SilpError("invalid_syntax", "dialect specs travel in the JSON form of the ping (probeToJson), not in a //ping line", {
      path: "/specs",
    });
  }
  const parts = [`//${probe.kind}`, `silp=${probe.versions.join(",")}`, `frontends=${probe.frontends.join(",")}`];
  if (probe.dialects !== undefined) parts.push(`dialects=${probe.dialects.join(",")}`);
  if (probe.kind === "pong" && probe.want !== undefined) parts.push(`want=${probe.want.join(",")}`);
  if (probe.tokenizer !== undefined) parts.push(`tokenizer=${probe.tokenizer}`);
  if (probe.order !== undefined) parts.push(`order=${probe.order}`);
  if (probe.kind === "pong" && probe.prefer !== undefined) parts.push(`prefer=${probe.prefer}`);
  const line = parts.join(" ");
  if (line.length > MAX_PROBE_LINE) {
    throw new SilpError("limit_exceeded", `this probe is ${line.length} characters as a line (at most ${MAX_PROBE_LINE}); send it in the JSON form`, {
      details: { length: line.length },
    });
  }
  return line;
}

interface DialectMembers {
  dialects?: string[];
  tokenizer?: string;
  order?: ReaderOrder;
}

export interface PingJson {
  silp_ping: { silp: string[]; frontends: string[]; dialect_specs?: unknown[] } & DialectMembers;
}

export interface PongJson {
  silp_pong: { silp: string[]; frontends: string[]; prefer?: string; want?: string[] } & DialectMembers;
}

function dialectMembers(probe: Probe): DialectMembers {
  return {
    ...(probe.dialects === undefined ? {} : { dialects: [...probe.dialects] }),
    ...(probe.tokenizer === undefined ? {} : { tokenizer: probe.tokenizer }),
    ...(probe.order === undefined ? {} : { order: probe.order }),
  };
}

/** The JSON form for envelopes: `{"silp_ping":{"silp":["v1"],"frontends":["code","json"]}}`. */
export function probeToJson(probe: Ping): PingJson;
export function probeToJson(probe: Pong): PongJson;
export function probeToJson(probe: Probe): PingJson | PongJson;
export function probeToJson(input: Probe): PingJson | PongJson {
  const probe = checkProbe(input);
  const body = { silp: [...probe.versions], frontends: [...probe.frontends], ...dialectMembers(probe) };
  if (probe.kind === "ping") return { silp_ping: probe.specs === undefined ? body : { ...body, dialect_specs: [...probe.specs] } };
  return {
    silp_pong: {
      ...body,
      ...(probe.want === undefined ? {} : { want: [...probe.want] }),
      ...(probe.prefer === undefined ? {} : { prefer: probe.prefer }),
    },
  };
}
