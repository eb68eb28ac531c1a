/** `silpc whitelist [--verify]`: the approved and excluded verbs; --verify recomputes the census live. */
import type { Command } from "commander";
import { APPROVED_VERBS, EXCLUDED_VERBS } from "silp";
import { UsageError, runCommand, writeJson, writeOut } from "../io.js";
import { addTokenizerOptions } from "../tokenizer-progress.js";
import { runWhitelistVerify, type WhitelistVerifyFlags } from "./whitelist-verify.js";

interface WhitelistFlags extends WhitelistVerifyFlags {
  verify?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("whitelist")
    .description("show the verb whitelist (spec 3.8); --verify recomputes its census on the tokenizers")
    .option("--verify", "recompute the census live (loads tokenizers: seconds, hundreds of MB)")
    .option("--json", "machine-readable output")
    .option("--extra <verbs>", "with --verify: check these application verbs (comma-separated, e.g. REFUND,ESCALATE_TICKET) for one UNK-free token");
  addTokenizerOptions(command).action((flags: WhitelistFlags) =>
    runCommand(Boolean(flags.json), async () => {
      if (flags.verify) return runWhitelistVerify(flags);
      if (flags.extra !== undefined) throw new UsageError("--extra goes with --verify");
      if (flags.json) return writeJson({ approved: APPROVED_VERBS, excluded: EXCLUDED_VERBS });
      const lines = ["approved (single-token on all six tokenizers):"];
      for (const verb of APPROVED_VERBS) lines.push(`  ${verb.code.padEnd(12)} ${verb.functionName}`);
      lines.push("excluded (MUST NOT be used):");
      for (const verb of EXCLUDED_VERBS) {
        const counts = Object.entries(verb.tokenCounts)
          .map(([name, count]) => `${name}: ${count}`)
          .join(", ");
        lines.push(`  ${verb.code.padEnd(12)} use ${verb.hint}; ${verb.reason} (${counts})`);
      }
      writeOut(lines.join("\n"));
    }),
  );
}
