/**
 * The `silpc` program: every command of ./commands/, on one commander program. Apart from main.ts,
 * which runs it, so that what the program offers (its commands and their options) can be read
 * without running it (the docs' command lines are checked against it).
 */
import { VERSION } from "silp/util";
import { Command } from "commander";
import { commands } from "./commands/index.js";

export function buildProgram(): Command {
  const program = new Command("silpc")
    .description("SILP codec: compile, decode and check Semantic Interlingua Layer Protocol payloads")
    .version(VERSION)
    // A mistyped command or option gets its error, commander's "did you mean", and one line: the
    // whole help (60 lines) buried the error.
    .showHelpAfterError("(silpc --help lists the commands; silpc <command> --help, its options)")
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}
