/**
 * `silpc census`: recomputes the spec's tokenizer census offline (Tables 7, 8, 12 and the
 * 144 probes of section 8.1). Exit 1 when a claim of the spec fails on the loaded tokenizers.
 */
import { loadTokens } from "../optional-packages.js";
import type { Command } from "commander";
import { EXIT_INVALID, EXIT_OK, UsageError, runCommand, writeJson, writeOut } from "../io.js";
import { addTokenizerOptions, loadTokenizersWithProgress, type TokenizerFlags } from "../tokenizer-progress.js";

const CSV_TABLES = ["census", "study", "probes"] as const;

interface CensusFlags extends TokenizerFlags {
  json?: boolean;
  csv?: string | true;
}

export function register(program: Command): void {
  const command = program
    .command("census")
    .description("recompute the verb, structural-token and zero-width/homoglyph census on six offline tokenizers")
    .option("--json", "machine-readable output")
    .option(
      "--csv [table]",
      "CSV instead of text: census (verbs and structural tokens, default), study (the study's tokenizer_census_verbs.csv, same bytes) or probes (its probe_zerowidth.csv)",
    );
  addTokenizerOptions(command).action((flags: CensusFlags) =>
    runCommand(Boolean(flags.json), async () => {
      const table = flags.csv === true ? "census" : flags.csv;
      if (table !== undefined && !(CSV_TABLES as readonly string[]).includes(table)) {
        throw new UsageError(`--csv takes one of ${CSV_TABLES.join(", ")}, got "${table}"`);
      }
      if (table !== undefined && flags.json) throw new UsageError("--json and --csv exclude each other");
      const tokenizers = await loadTokenizersWithProgress(flags);
      const tokens = await loadTokens("silpc census");
      const report = tokens.runCensus(tokenizers);
      if (table === "study") process.stdout.write(tokens.studyCensusCsv(tokens.studyCensus(tokenizers)));
      else if (table === "probes") process.stdout.write(tokens.probeCsv(report.probes));
      else if (table === "census") process.stdout.write(tokens.censusCsv(report.verbs, report.structural));
      else if (flags.json) writeJson(report);
      else writeOut(tokens.renderCensus(report));
      return report.claims.every((claim) => claim.holds) ? EXIT_OK : EXIT_INVALID;
    }),
  );
}
