#!/usr/bin/env node
/**
 * `silpc`: the command-line front door. Each command lives in ./commands/<name>.ts and exports
 * `register(program)`. Commands that need heavy optional parts (tokenizers, SDKs, models) import
 * them inside their action, so `silpc compile` never pays for them.
 */
import { VERSION } from "silp/util";
import { Command, CommanderError } from "commander";
import { EXIT_USAGE } from "./io.js";
import { commands } from "./commands/index.js";

export function buildProgram(): Command {
  const program = new Command("silpc")
    .description("SILP codec: compile, decode and check Semantic Interlingua Layer Protocol payloads")
    .version(VERSION)
    .showHelpAfterError()
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" to commander; they already printed what they had to.
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
      return;
    }
    throw error;
  }
}

await main(process.argv);
