/**
 * The models a run talks to. Each has the name written into records (the study's registry name,
 * e.g. "minimax-m2.7") and the id sent to the endpoint (e.g. "MiniMax-M2.7"), plus its client.
 * A registry file in the study's format (phase2/model_configs.json: `api.<name>.model_id`,
 * provider "openai") maps one to the other; our extension lets an entry name its own endpoint
 * (`base_url`) and the environment variable holding its key (`api_key_env`).
 */
import { readFileSync } from "node:fs";
import { SilpError } from "silp";
import type { ChatClient } from "../client/chat-client.js";

export interface ModelTarget {
  name: string;
  id: string;
  client: ChatClient;
  /** The endpoint recorded with each run (default: the client's `endpoint`). */
  endpoint?: string;
}

export interface RegistryEntry {
  id: string;
  baseUrl?: string;
  apiKeyEnv?: string;
}

export function readModelRegistry(path: string): Map<string, RegistryEntry> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SilpError("invalid_syntax", `cannot read model registry ${path}`, { cause: error });
  }
  const api = (data as { api?: unknown })?.api;
  if (typeof api !== "object" || api === null) throw new SilpError("decode_failed", `${path}: no "api" object`);
  const out = new Map<string, RegistryEntry>();
  for (const [name, value] of Object.entries(api)) {
    const entry = value as Record<string, unknown>;
    if (entry?.provider !== undefined && entry.provider !== "openai") continue; // only OpenAI-compatible endpoints
    if (typeof entry?.model_id !== "string") throw new SilpError("decode_failed", `${path}: api.${name}.model_id must be a string`);
    out.set(name, {
      id: entry.model_id,
      ...(typeof entry.base_url === "string" ? { baseUrl: entry.base_url } : {}),
      ...(typeof entry.api_key_env === "string" ? { apiKeyEnv: entry.api_key_env } : {}),
    });
  }
  return out;
}
