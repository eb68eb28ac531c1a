/**
 * `silpc mcp [--http PORT]`: the SILP MCP server (silp/mcp). Over stdio by default, for MCP hosts
 * that spawn it; with --http, Streamable HTTP on a loopback port until SIGINT/SIGTERM. In stdio
 * mode stdout belongs to the protocol, so nothing is printed there.
 */
import { loadMcp } from "../optional-packages.js";
import { Option, type Command } from "commander";
import type { FlagCheck } from "@silp/mcp";
import type { WhitelistMode } from "silp";
import { whitelistOption } from "../codec-flags.js";
import { listenOn, UsageError, runCommand, writeOut } from "../io.js";

interface McpFlags {
  http?: string;
  host: string;
  countTokens: boolean;
  structuredContent: boolean;
  whitelist: WhitelistMode;
  extraVerbs?: string;
  timeout: string;
  allowOrigin?: string[];
  acceptDialects?: string;
  tokenizer?: string;
  order?: string;
}

export function register(program: Command): void {
  program
    .command("mcp")
    .description("run the SILP MCP server: tools validate, compile, decode, negotiate, count_tokens (stdio by default)")
    .option("--http <port>", "serve Streamable HTTP on a loopback port instead of stdio (0 picks a free port)")
    .option("--host <address>", "with --http: loopback address to listen on", "127.0.0.1")
    .option("--no-count-tokens", "do not offer count_tokens even when silp/tokens loads")
    .option(
      "--no-structured-content",
      "answer with text content only, the text holding the whole IR (for clients that show their model structuredContent beside the text)",
    )
    .addOption(
      new Option("--whitelist <mode>", "verb whitelist mode of the tools; clients may ask only for a stricter one")
        .choices(["strict", "advisory", "off"])
        .default("strict"),
    )
    .option("--extra-verbs <verbs>", "application verbs the tools accept beside the approved ones, comma-separated (e.g. REFUND,SHIP)")
    .option("--timeout <ms>", "request deadline of every tool call in milliseconds (error code timeout past it)", "10000")
    .option("--allow-origin <origin...>", "with --http: browser origins allowed besides the server's own (e.g. https://app.example)")
    .option(
      "--accept-dialects <policy>",
      "dialects the negotiate tool takes from clients by content hash: none (default), any, or REF,... (x-name@sha256:<hex>)",
    )
    .option("--tokenizer <family>", "the tokenizer family the server's model reads with, told in its //pong (gpt-4o, llama-2, ...)")
    .option("--order <order>", "listed (default): clients send the server's first mutual frontend; cost: the cheapest lossless one for --tokenizer")
    .action((flags: McpFlags) =>
      runCommand(false, async () => {
        const { serveSilpMcpHttp, serveSilpMcpStdio, checkDialectFlags, checkHostFlag, checkPortFlag, checkTimeoutFlag } = await loadMcp("silpc mcp");
        const flagValue = <T>(check: FlagCheck<T>): T => {
          if (!check.ok) throw new UsageError(check.problem);
          return check.value;
        };
        const timeoutMs = flagValue(checkTimeoutFlag(flags.timeout));
        const dialects = flagValue(checkDialectFlags(flags));
        const options = {
          countTokens: flags.countTokens,
          structuredContent: flags.structuredContent,
          whitelist: whitelistOption(flags.whitelist, flags.extraVerbs),
          timeoutMs,
          ...dialects,
        };
        if (flags.http === undefined) {
          const running = await serveSilpMcpStdio(options);
          // The process lives while stdin is open; a signal closes the connection first.
          onStopSignal(() => running.close());
          return;
        }
        const port = flagValue(checkPortFlag(flags.http));
        flagValue(checkHostFlag(flags.host));
        const allowedOrigins = flags.allowOrigin ?? [];
        for (const entry of allowedOrigins) {
          if (!isOrigin(entry)) throw new UsageError(`--allow-origin ${entry}: not an origin (scheme://host[:port], no path)`);
        }
        const running = await listenOn("--http", port, flags.host, () => serveSilpMcpHttp({ ...options, port, host: flags.host, allowedOrigins }));
        writeOut(`silp MCP server (Streamable HTTP) listening at ${running.url}`);
        await new Promise<void>((resolve) =>
          onStopSignal(async () => {
            await running.close();
            resolve();
          }),
        );
      }),
    );
}

function onStopSignal(stop: () => Promise<void>): void {
  const handle = (): void => {
    process.off("SIGINT", handle);
    process.off("SIGTERM", handle);
    void stop();
  };
  process.once("SIGINT", handle);
  process.once("SIGTERM", handle);
}

function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return url.origin !== "null" && (url.origin === entry || `${url.origin}/` === entry);
  } catch {
    return false;
  }
}
