/**
 * SILP inside A2A message parts (A2A v1.0 `Part`: text, data, url or raw content + metadata).
 *
 * - Envelope as a data part: `data` = {silp, silp_encoding, silp_payload, silp_meta}. The meta
 *   rides in the same JSON value as the payload, so it is carried losslessly.
 * - Envelope as a text part: `text` = what a model reads, the payload with the meta that differs
 *   from the defaults inline (silp's `envelopeText`: it decodes by itself to the IR but the
 *   req_id), and the other envelope fields in `metadata["https://silp.dev/ext/silp/v1"]`
 *   (extension data is keyed by the URI) for programs; the receiver checks that the two agree.
 * - A //ping or //pong as a text part (the probe line) or a data part ({"silp_ping": ...}).
 * - A SILP error as a data part: {"silp_error": {code, message, ...}}.
 */
import { randomUUID } from "node:crypto";
import { Role, type Message, type Part } from "@a2a-js/sdk";
import type { SilpErrorJSON } from "silp";
import { envelopeText } from "silp/carriage";
import { isPlainObject, isKnownErrorCode } from "silp/util";
import type { SilpEnvelope } from "silp";
import { formatProbe, probeToJson } from "silp/negotiation";
import { findProbe } from "silp/negotiation";
import type { Probe } from "silp/negotiation";
import { readProbe } from "silp/negotiation";
import { splitSilp } from "silp/carriage";
import { SILP_EXTENSION_URI } from "./extension.js";

export type PartForm = "data" | "text";

/** What a message carries for SILP, read from its first SILP part. */
export type SilpContent =
  | { kind: "envelope"; envelope: SilpEnvelope; form: PartForm }
  | { kind: "probe"; probe: Probe; form: PartForm }
  | { kind: "error"; error: SilpErrorJSON }
  | { kind: "none"; text?: string };

function part(content: NonNullable<Part["content"]>, mediaType: string, metadata?: Record<string, unknown>): Part {
  return { content, metadata, filename: "", mediaType };
}

export function envelopePart(envelope: SilpEnvelope, form: PartForm = "data"): Part {
  if (form === "data") return part({ $case: "data", value: { ...envelope } }, "application/json");
  const { silp_payload: _payload, ...rest } = envelope;
  return part({ $case: "text", value: envelopeText(envelope) }, "text/plain", { [SILP_EXTENSION_URI]: rest });
}

export function probePart(probe: Probe, form: PartForm = "text"): Part {
  if (form === "text") return part({ $case: "text", value: formatProbe(probe) }, "text/plain");
  return part({ $case: "data", value: probeToJson(probe) }, "application/json");
}

export function errorPart(error: SilpErrorJSON): Part {
  return part({ $case: "data", value: { silp_error: error } }, "application/json");
}

export function textPart(text: string): Part {
  return part({ $case: "text", value: text }, "text/plain");
}

export interface MessageOptions {
  role?: "user" | "agent";
  contextId?: string;
  taskId?: string;
  metadata?: Record<string, unknown>;
}

/** A Message marked as carrying the SILP extension. */
export function silpMessage(parts: Part[], options: MessageOptions = {}): Message {
  return {
    messageId: randomUUID(),
    contextId: options.contextId ?? "",
    taskId: options.taskId ?? "",
    role: options.role === "agent" ? Role.ROLE_AGENT : Role.ROLE_USER,
    parts,
    metadata: options.metadata,
    extensions: [SILP_EXTENSION_URI],
    referenceTaskIds: [],
  };
}

/** The SILP extension's own entry in a message's metadata. */
export function silpMetadata(message: Pick<Message, "metadata">): Record<string, unknown> | undefined {
  const entry = message.metadata?.[SILP_EXTENSION_URI];
  return isPlainObject(entry) ? entry : undefined;
}

/**
 * Reads the first SILP part of a message. Malformed SILP parts (an envelope with wrong field
 * types, a broken probe line) throw the SilpError that describes them; parts that are not
 * SILP at all are skipped.
 */
export function readSilpMessage(message: Pick<Message, "parts">): SilpContent {
  let text: string | undefined;
  for (const item of message.parts ?? []) {
    const content = item.content;
    if (content?.$case === "data") {
      const value: unknown = content.value;
      if (!isPlainObject(value)) continue;
      if ("silp_ping" in value || "silp_pong" in value) return { kind: "probe", probe: readProbe(value), form: "data" };
      if (isPlainObject(value.silp_error)) return { kind: "error", error: readError(value.silp_error) };
      if ("silp_encoding" in value || "silp_payload" in value) return { kind: "envelope", envelope: splitSilp(value, "the data part").envelope, form: "data" };
    } else if (content?.$case === "text") {
      const fields = item.metadata?.[SILP_EXTENSION_URI];
      if (isPlainObject(fields)) {
        return { kind: "envelope", envelope: splitSilp({ ...fields, silp_payload: content.value }, "the text part").envelope, form: "text" };
      }
      const probe = findProbe(content.value);
      if (probe) return { kind: "probe", probe, form: "text" };
      text ??= content.value;
    }
  }
  return text === undefined ? { kind: "none" } : { kind: "none", text };
}

function readError(value: Record<string, unknown>): SilpErrorJSON {
  const message = typeof value.message === "string" ? value.message : "the peer reported an error without a message";
  // A peer's unknown code is not ours to trust; it is reported as decode_failed.
  return { ...(value as object), code: isKnownErrorCode(value.code) ? value.code : "decode_failed", message } as SilpErrorJSON;
}
