#!/usr/bin/env node
/**
 * `silpc`: the command-line front door. Each command lives in ./commands/<name>.ts and exports
 * `register(program)`. Commands that need heavy optional parts (tokenizers, SDKs, models) import
 * them inside their action, so `silpc compile` never pays for them.
 */
import { CommanderError } from "commander";
import { EXIT_USAGE } from "./io.js";
import { buildProgram } from "./program.js";

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
