/**
 * `silpc demo`: starts two A2A agents on loopback that negotiate a frontend (one has no code
 * frontend), exchange the spec's appendix examples as SILP payloads over a session with
 * heartbeat, validate and dispatch them, and prints the transcript. Offline, a few seconds; both
 * agents are stopped and their ports closed before it prints.
 */
import { loadDemo } from "../optional-packages.js";
import type { Command } from "commander";
import { isHeartbeat, HEARTBEAT_VALUES } from "silp/session";
import { UsageError, runCommand, writeJson, writeOut } from "../io.js";

interface DemoFlags {
  heartbeat: string;
  tokenizers: string;
  tokens: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command("demo")
    .description("two local A2A agents negotiate and exchange the spec's appendix examples as SILP payloads")
    .option("--heartbeat <n>", `heartbeat N of the receiving agent's sessions (${HEARTBEAT_VALUES.join(", ")})`, "5")
    .option("--tokenizers <list>", "tokenizers for the token counts (comma-separated)", "gpt-4o")
    .option("--no-tokens", "do not count tokens")
    .option("--json", "machine-readable transcript")
    .action((flags: DemoFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const heartbeat = Number(flags.heartbeat);
        if (!isHeartbeat(heartbeat)) throw new UsageError(`--heartbeat must be one of ${HEARTBEAT_VALUES.join(", ")}`);
        const { runDemo, renderTranscript } = await loadDemo("silpc demo");
        const tokenizers = flags.tokens
          ? flags.tokenizers
              .split(",")
              .map((name) => name.trim())
              .filter(Boolean)
          : [];
        const transcript = await runDemo({ heartbeat, tokenizers });
        if (flags.json) writeJson(transcript);
        else writeOut(renderTranscript(transcript));
      }),
    );
}
