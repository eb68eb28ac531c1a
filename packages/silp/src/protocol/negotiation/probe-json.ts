/**
 * The JSON form of the probe, for envelopes and tool calls:
 *   {"silp_ping": {"silp": ["v1"], "frontends": ["code", "json", "natural"]}}
 *   {"silp_pong": {"silp": ["v1"], "frontends": ["json", "natural"], "prefer": "json"}}
 * Exactly one of the two wrapper keys; unknown members inside are ignored (forward
 * compatibility), like unknown parameters of the text form. The dialect extension's members
 * (dialects, want, tokenizer, order, and a ping's dialect_specs) are checked when present.
 */
import { isPlainObject } from "../../ir/normalize.js";
import { SilpError } from "../../errors.js";
import { checkDialectFields, checkFrontendName, checkList } from "./probe-check.js";
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
  const kind = key === "silp_ping" ? "ping" : "pong";
  const fields = checkDialectFields({ ...body, specs: body.dialect_specs }, kind, frontends, `/${key}`, { specs: "dialect_specs" });
  if (kind === "ping") {
    if (body.prefer !== undefined) {
      throw new SilpError("invalid_syntax", "a ping carries no prefer member", { path: `/${key}/prefer` });
    }
    return { kind, versions, frontends, ...fields };
  }
  if (body.prefer === undefined) return { kind, versions, frontends, ...fields };
  return { kind, versions, frontends, ...fields, prefer: checkFrontendName(body.prefer, `/${key}/prefer`) };
}
