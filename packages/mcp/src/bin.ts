#!/usr/bin/env node
/**
 * `silp-mcp`: the SILP tools served by @silp/mcp alone, for an MCP host to spawn (stdio, the
 * default) or on a loopback HTTP port (`--http PORT`), without installing the whole CLI (silpc
 * serves the same tools with `silpc mcp` and more options). Arguments are parsed by node:util's
 * parseArgs (strict: an unknown option is an error); nothing but the protocol goes to stdout in
 * stdio mode.
 */
import { parseArgs } from "node:util";
import type { WhitelistMode } from "silp";
import { checkDialectFlags, checkHostFlag, checkPortFlag, checkTimeoutFlag, type DialectFlags, type FlagCheck } from "./serve-flags.js";
import { serveSilpMcpHttp, serveSilpMcpStdio } from "./server.js";

const USAGE = `usage: silp-mcp [--http PORT] [--host ADDRESS] [--whitelist strict|advisory|off] [--timeout MS] [--no-count-tokens] [--no-structured-content]
                [--accept-dialects none|any|REF,...] [--tokenizer FAMILY] [--order listed|cost]
  stdio by default; --http serves Streamable HTTP on a loopback port (0 picks a free one);
  --no-structured-content: answer with text content only, the text holding the whole IR (for clients that
  show their model structuredContent beside the text, such as LangChain's MCP adapters);
  --accept-dialects: which dialects the negotiate tool takes from clients by content hash (default none)`;
const MODES: readonly string[] = ["strict", "advisory", "off"];

function usage(message: string): never {
  process.stderr.write(`silp-mcp: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function flagValue<T>(check: FlagCheck<T>): T {
  return check.ok ? check.value : usage(check.problem);
}

function options(): {
  http?: string;
  host: string;
  whitelist: string;
  timeout: string;
  countTokens: boolean;
  structuredContent: boolean;
  dialects: DialectFlags;
} {
  try {
    const { values } = parseArgs({
      options: {
        http: { type: "string" },
        host: { type: "string", default: "127.0.0.1" },
        whitelist: { type: "string", default: "strict" },
        timeout: { type: "string", default: "10000" },
        "no-count-tokens": { type: "boolean", default: false },
        "no-structured-content": { type: "boolean", default: false },
        "accept-dialects": { type: "string" },
        tokenizer: { type: "string" },
        order: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    const dialects = {
      ...(values["accept-dialects"] === undefined ? {} : { acceptDialects: values["accept-dialects"] }),
      ...(values.tokenizer === undefined ? {} : { tokenizer: values.tokenizer }),
      ...(values.order === undefined ? {} : { order: values.order }),
    };
    return {
      http: values.http,
      host: values.host,
      whitelist: values.whitelist,
      timeout: values.timeout,
      countTokens: !values["no-count-tokens"],
      structuredContent: !values["no-structured-content"],
      dialects,
    };
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
}

const flags = options();
if (!MODES.includes(flags.whitelist)) usage(`--whitelist must be one of ${MODES.join(", ")}, got ${flags.whitelist}`);
const timeoutMs = flagValue(checkTimeoutFlag(flags.timeout));
const served = {
  whitelist: flags.whitelist as WhitelistMode,
  timeoutMs,
  countTokens: flags.countTokens,
  structuredContent: flags.structuredContent,
  ...flagValue(checkDialectFlags(flags.dialects)),
};

if (flags.http === undefined) {
  const running = await serveSilpMcpStdio(served);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void running.close().then(() => process.exit(0)));
} else {
  const port = flagValue(checkPortFlag(flags.http));
  flagValue(checkHostFlag(flags.host));
  try {
    const running = await serveSilpMcpHttp({ ...served, port, host: flags.host });
    process.stdout.write(`silp MCP server (Streamable HTTP) listening at ${running.url}\n`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void running.close().then(() => process.exit(0)));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE" || code === "EACCES") usage(`--http ${flags.http}: the port is ${code === "EADDRINUSE" ? "in use" : "not allowed"}`);
    throw error;
  }
}
