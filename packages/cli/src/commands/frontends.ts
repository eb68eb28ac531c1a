/** `silpc frontends`: the registry: name, lossless, decodes, async. */
import type { Command } from "commander";
import { listFrontends } from "silp";
import { runCommand, writeJson, writeOut } from "../io.js";

export function register(program: Command): void {
  program
    .command("frontends")
    .description("list the frontends and what each can do")
    .option("--json", "machine-readable output")
    .action((flags: { json?: boolean }) =>
      runCommand(Boolean(flags.json), async () => {
        // llmlingua2 registers itself when its module loads; listing it costs no model load.
        await import("@silp/llmlingua2").catch(() => undefined);
        const frontends = listFrontends();
        if (flags.json) return writeJson(frontends);
        const yesNo = (value: boolean): string => (value ? "yes" : "no");
        writeOut(
          ["name        lossless  decodes  async  description"]
            .concat(
              frontends.map(
                (f) => `${f.name.padEnd(11)} ${yesNo(f.lossless).padEnd(9)} ${yesNo(f.decodes).padEnd(8)} ${yesNo(f.async).padEnd(6)} ${f.description}`,
              ),
            )
            .join("\n"),
        );
      }),
    );
}
