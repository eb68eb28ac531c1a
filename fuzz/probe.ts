/**
 * Fuzz target: the //ping and //pong parsers, text line (parseProbeLine, findProbe) and JSON form
 * (readProbe on what JSON.parse makes of the input); a parsed probe must format and parse back
 * to itself in both forms.
 */
import assert from "node:assert/strict";
import { findProbe, formatProbe, parseProbeLine, type Probe, probeToJson, readProbe } from "silp/negotiation";
import type { FuzzTarget } from "./engine.js";
import { resultOrSilpError } from "./properties.js";

function assertProbeRoundTrip(probe: Probe): void {
  assert.deepStrictEqual(parseProbeLine(formatProbe(probe)), probe, `line round trip of ${JSON.stringify(probe)}`);
  assert.deepStrictEqual(readProbe(JSON.parse(JSON.stringify(probeToJson(probe)))), probe, `JSON round trip of ${JSON.stringify(probe)}`);
}

export const target: FuzzTarget = {
  name: "probe",
  tokens: [
    "//ping",
    "//pong",
    " ",
    "silp=",
    "frontends=",
    "prefer=",
    "v1",
    "v2",
    "v999999999",
    "code",
    "json",
    "natural",
    "nl_json",
    ",",
    "=",
    "\n",
    "\r\n",
    "{",
    "}",
    "[",
    "]",
    ":",
    '"',
    '"silp_ping"',
    '"silp_pong"',
    '"silp"',
    '"frontends"',
    '"prefer"',
    '"v1"',
    '"code"',
  ],
  check(input) {
    const fromLine = resultOrSilpError(() => parseProbeLine(input));
    if (fromLine) assertProbeRoundTrip(fromLine);
    const found = resultOrSilpError(() => findProbe(input));
    if (found) assertProbeRoundTrip(found);
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch {
      return;
    }
    const fromJson = resultOrSilpError(() => readProbe(value));
    if (fromJson) assertProbeRoundTrip(fromJson);
  },
};
