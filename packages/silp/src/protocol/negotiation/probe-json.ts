/**
 * The JSON form of the probe, for envelopes and tool calls:
 *   {"silp_ping": {"silp": ["v1"], "frontends": ["code", "json", "natural"]}}
 *   {"silp_pong": {"silp": ["v1"], "frontends": ["json", "natural"], "prefer": "json"}}
 * Exactly one of the two wrapper keys; unknown members inside are ignored (forward
 * compatibility), like unknown parameters of the text form.
 */
import { isPlainObject } from "../../ir/normalize.js";
import { SilpError } from "../../errors.js";
import { checkFrontendName, checkList } from "./probe-check.js";
import type { Probe } from "./probe.js";

export function parseProbeJson(value: unknown): Probe {
  if (!isPlainObject(value)) throw new SilpError("invalid_syntax", "a probe must be a JSON object", { path: "" });
  const wrappers = ["silp_ping", "silp_pong"].filter((key) => Object.hasOwn(value, key));
  if (wrappers.length !== 1) {
    throw new SilpError("invalid_syntax", "a probe object has exactly one of silp_ping or silp_pong", {
      path: "",
      expected: ["silp_ping", "silp_pong"],
    });
  }
  const key = wrappers[0] as "silp_ping" | "silp_pong";
  const body = value[key];
  if (!isPlainObject(body)) throw new SilpError("invalid_syntax", `/${key} must be an object`, { path: `/${key}` });
  const versions = checkList(body.silp, "silp", `/${key}/silp`);
  const frontends = checkList(body.frontends, "frontends", `/${key}/frontends`);
  if (key === "silp_ping") {
    if (body.prefer !== undefined) {
      throw new SilpError("invalid_syntax", "a ping carries no prefer member", { path: `/${key}/prefer` });
    }
    return { kind: "ping", versions, frontends };
  }
  if (body.prefer === undefined) return { kind: "pong", versions, frontends };
  return { kind: "pong", versions, frontends, prefer: checkFrontendName(body.prefer, `/${key}/prefer`) };
}
