/**
 * Validation of probe contents shared by the JSON form, the formatter and local capability
 * lists: version and frontend lists are non-empty, at most 16 entries, well-formed and free of
 * duplicates. Failures are `invalid_syntax` (or `limit_exceeded` for too many entries) with a
 * JSON Pointer to the offending entry.
 */
import { SilpError } from "../../errors.js";
import { MAX_LIST_ITEMS, isFrontendName, isVersion, type Ping, type Pong, type Probe } from "./probe.js";

export type ListKind = "silp" | "frontends";

const ITEM_RULE: Record<ListKind, { test: (v: unknown) => v is string; describe: string }> = {
  silp: { test: isVersion, describe: "a version like v1 (v and 1-9 digits)" },
  frontends: { test: isFrontendName, describe: "a frontend name ([a-z][a-z0-9_-]*, at most 32 characters)" },
};

/** Checks one list and returns a copy of it. `path` is the JSON Pointer of the list. */
export function checkList(value: unknown, kind: ListKind, path: string): string[] {
  if (!Array.isArray(value)) throw new SilpError("invalid_syntax", `${path} must be an array`, { path, expected: [`${kind} list`] });
  if (value.length === 0) throw new SilpError("invalid_syntax", `${path} must not be empty`, { path });
  if (value.length > MAX_LIST_ITEMS) {
    throw new SilpError("limit_exceeded", `${path} has ${value.length} entries; at most ${MAX_LIST_ITEMS} are accepted`, { path });
  }
  const rule = ITEM_RULE[kind];
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    const itemPath = `${path}/${index}`;
    if (!rule.test(item)) {
      throw new SilpError("invalid_syntax", `${itemPath} is not ${rule.describe}`, { path: itemPath, expected: [rule.describe] });
    }
    if (seen.has(item)) throw new SilpError("invalid_syntax", `${itemPath} repeats "${item}"`, { path: itemPath });
    seen.add(item);
  });
  return [...seen];
}

export function checkFrontendName(value: unknown, path: string): string {
  if (!isFrontendName(value)) {
    throw new SilpError("invalid_syntax", `${path} is not ${ITEM_RULE.frontends.describe}`, {
      path,
      expected: [ITEM_RULE.frontends.describe],
    });
  }
  return value;
}

/** Checks a probe object (from a caller or an envelope) and returns a clean copy. */
export function checkProbe(probe: Probe, path = ""): Probe {
  if (probe.kind !== "ping" && probe.kind !== "pong") {
    throw new SilpError("invalid_syntax", `${path}/kind must be "ping" or "pong"`, { path: `${path}/kind` });
  }
  const versions = checkList(probe.versions, "silp", `${path}/versions`);
  const frontends = checkList(probe.frontends, "frontends", `${path}/frontends`);
  if (probe.kind === "ping") return { kind: "ping", versions, frontends } satisfies Ping;
  const pong: Pong = { kind: "pong", versions, frontends };
  if (probe.prefer !== undefined) pong.prefer = checkFrontendName(probe.prefer, `${path}/prefer`);
  return pong;
}
