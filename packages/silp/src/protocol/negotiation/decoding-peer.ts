/**
 * A receiving peer that really decodes what it is sent with the core `decode()`, for the CLI's
 * simulated run and for tests. Frontends listed in `failOn` are reported as decode failures
 * without decoding: that is the simulation part, standing in for a model that cannot read a
 * surface. Frontends without a decoder (natural) are accepted as prose.
 */
import { decode } from "../../codec.js";
import { SilpError } from "../../errors.js";
import { getFrontend } from "../../frontends/registry.js";
import type { SilpOptions } from "../../options.js";
import type { Deliver, PeerReport } from "./degradation.js";

export interface DecodingPeerOptions {
  /** Frontends whose payloads this peer reports as undecodable (simulated failures). */
  failOn?: Iterable<string>;
  decodeOptions?: SilpOptions;
}

export function decodingPeer(options: DecodingPeerOptions = {}): Deliver {
  const failOn = new Set(options.failOn ?? []);
  return (payload, frontend): PeerReport => {
    if (failOn.has(frontend)) return { ok: false, code: "decode_failed", message: `simulated: the peer cannot decode ${frontend}` };
    try {
      if (!getFrontend(frontend).decodes) return { ok: true };
      return { ok: true, ir: decode(payload, frontend, options.decodeOptions).ir };
    } catch (error) {
      if (error instanceof SilpError) return { ok: false, code: error.code, message: error.message };
      throw error;
    }
  };
}
