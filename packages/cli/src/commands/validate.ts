/** `silpc validate FILE`: schema and semantic rules, every issue with its rule id and path. */
import type { Command } from "commander";
import { validate } from "silp";
import { addCodecFlags, codecOptions, type CodecFlags } from "../codec-flags.js";
import { EXIT_INVALID, EXIT_OK, readJsonInput, runCommand, writeJson, writeOut } from "../io.js";

export function register(program: Command): void {
  addCodecFlags(program.command("validate").description("validate an IR (JSON file or - for stdin)").argument("<file>")).action(
    (file: string, flags: CodecFlags) =>
      runCommand(Boolean(flags.json), () => {
        const result = validate(readJsonInput(file), codecOptions(flags));
        if (flags.json) {
          writeJson(result);
        } else {
          for (const issue of result.issues) {
            writeOut(`${issue.severity}[${issue.rule}] ${issue.path || "/"}: ${issue.message}${issue.hint ? ` (hint: ${issue.hint})` : ""}`);
          }
          writeOut(result.ok ? "valid" : "invalid");
        }
        return result.ok ? EXIT_OK : EXIT_INVALID;
      }),
  );
}
