/**
 * The command-line flags of serving the SILP tools, checked one way for both commands that serve
 * them (`silp-mcp`, this package's bin, and `silpc mcp`): each returns the value, or the problem as
 * a message naming the flag, which each command turns into its usage error.
 */

import { type DialectAcceptance, DialectHoldings } from "@silp/dialects";
import { READER_ORDERS, type ReaderOrder, isDialectRef, isTokenizerFamily } from "silp/negotiation";
import { type SilpToolsOptions, defaultCapabilities } from "./tools.js";

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "::1", "localhost"]);

export type FlagCheck<T> = { ok: true; value: T } | { ok: false; problem: string };

/** `--timeout MS`: a positive whole number of milliseconds that a timer can hold. */
export function checkTimeoutFlag(text: string): FlagCheck<number> {
  const ms = Number(text);
  if (!/^[1-9][0-9]*$/.test(text) || ms > 2_147_483_647) return { ok: false, problem: "--timeout must be a positive number of milliseconds" };
  return { ok: true, value: ms };
}

/** `--http PORT`: 0 (a free port) to 65535. */
export function checkPortFlag(text: string): FlagCheck<number> {
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port > 65535) return { ok: false, problem: "--http must be a port number (0-65535)" };
  return { ok: true, value: port };
}

/** `--host ADDRESS`: loopback only (the server accepts loopback Host headers only). */
export function checkHostFlag(text: string): FlagCheck<string> {
  return LOOPBACK_HOSTS.has(text) ? { ok: true, value: text } : { ok: false, problem: "--host must be a loopback address (127.0.0.1, ::1 or localhost)" };
}

/** `--accept-dialects none|any|REF,...`, `--tokenizer FAMILY`, `--order listed|cost`, as given on a command line. */
export interface DialectFlags {
  acceptDialects?: string;
  tokenizer?: string;
  order?: string;
}

/**
 * The server options those flags give: holdings that take offered dialects by the policy named
 * (docs/dialect-negotiation.md), and the tokenizer and order the //pong tells clients.
 */
export function checkDialectFlags(flags: DialectFlags): FlagCheck<Pick<SilpToolsOptions, "dialects" | "capabilities">> {
  let accept: DialectAcceptance = "none";
  const given = flags.acceptDialects;
  if (given !== undefined && given !== "none") {
    const refs = given.split(",");
    if (given === "any") accept = "any";
    else if (refs.every(isDialectRef)) accept = refs;
    else return { ok: false, problem: "--accept-dialects must be none, any or a comma-separated list of dialect references (x-name@sha256:<64 hex>)" };
  }
  if (flags.tokenizer !== undefined && !isTokenizerFamily(flags.tokenizer))
    return { ok: false, problem: "--tokenizer must be a tokenizer family such as gpt-4o, llama-2 or unknown" };
  if (flags.order !== undefined && !READER_ORDERS.includes(flags.order as ReaderOrder)) return { ok: false, problem: "--order must be listed or cost" };
  const reader = {
    ...(flags.tokenizer === undefined ? {} : { tokenizer: flags.tokenizer }),
    ...(flags.order === undefined ? {} : { order: flags.order as ReaderOrder }),
  };
  return {
    ok: true,
    value: {
      ...(given === undefined ? {} : { dialects: new DialectHoldings({ accept }) }),
      ...(Object.keys(reader).length === 0 ? {} : { capabilities: { ...defaultCapabilities(), ...reader } }),
    },
  };
}
