/** `silpc decode FILE -f NAME`: prints the IR as JSON; repairs and warnings go to stderr. */
import type { Command } from "commander";
import { decode } from "silp";
import { fromEnvelope } from "silp";
import { addCodecFlags, codecOptions, payloadFromFile, type CodecFlags } from "../codec-flags.js";
import { registerDialectFiles } from "../dialect-files.js";
import { readInput, readJsonInput, runCommand, writeJson } from "../io.js";

interface DecodeFlags extends CodecFlags {
  frontend: string;
  envelope?: boolean;
  dialect?: string[];
}

export function register(program: Command): void {
  addCodecFlags(
    program
      .command("decode")
      .description("decode a payload (file or -) back to the IR")
      .argument("<file>")
      .option("-f, --frontend <name>", "frontend: code or json", "code")
      .option("--envelope", "the input is an envelope JSON {silp, silp_encoding, silp_payload, silp_meta}")
      .option("--dialect <files...>", "dialect files to register first; -f (or an envelope's encoding) may then name them"),
  ).action((file: string, flags: DecodeFlags) =>
    runCommand(Boolean(flags.json), async () => {
      await registerDialectFiles(flags.dialect);
      const options = codecOptions(flags);
      const result = flags.envelope ? fromEnvelope(readJsonInput(file), options) : decode(payloadFromFile(readInput(file)), flags.frontend, options);
      if (flags.json) {
        writeJson(result);
        return;
      }
      writeJson(result.ir);
      for (const repair of result.repairs) process.stderr.write(`repair[${repair.kind}] at offset ${repair.offset}: ${repair.message}\n`);
      if (result.repairsDropped > 0) process.stderr.write(`(${result.repairsDropped} more repairs not listed)\n`);
      for (const warning of result.warnings) process.stderr.write(`warning[${warning.rule}] ${warning.path}: ${warning.message}\n`);
    }),
  );
}
