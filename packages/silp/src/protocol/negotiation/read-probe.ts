/**
 * Reading a //ping or //pong that arrived inside a host protocol, in either form of Layer 3:
 * the text line (`//ping silp=v1 frontends=code,json`) or the JSON object (`{"silp_ping": {...}}`).
 */
import { SilpError } from "../../errors.js";
import { parseProbeJson } from "./probe-json.js";
import { parseProbeLine } from "./probe-parser.js";
import type { Ping, Pong, Probe } from "./probe.js";

export function readProbe(value: unknown): Probe {
  if (typeof value === "string") return parseProbeLine(value);
  return parseProbeJson(value);
}

export function readPing(value: unknown): Ping {
  return expectKind(readProbe(value), "ping");
}

export function readPong(value: unknown): Pong {
  return expectKind(readProbe(value), "pong");
}

function expectKind<K extends Probe["kind"]>(probe: Probe, kind: K): Extract<Probe, { kind: K }> {
  if (probe.kind !== kind) {
    throw new SilpError("invalid_syntax", `expected a //${kind}, got a //${probe.kind}`, { expected: [`//${kind}`] });
  }
  return probe as Extract<Probe, { kind: K }>;
}
