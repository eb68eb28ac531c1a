/**
 * `silpc tokens FILE...`: what each frontend's payload of an IR costs on each tokenizer, next
 * to two outside baselines (the IR as compact JSON, and TOON). With several files, the table is
 * the mean over them (per tokenizer), which is how docs/tokens.md measures the study's cases.
 */
import { deliveredTable, deliveredTexts, renderDelivered } from "../delivered.js";
import { loadTokens } from "../optional-packages.js";
import type { Command } from "commander";
import { readJsonInput, runCommand, writeJson, writeOut } from "../io.js";
import { addTokenizerOptions, loadTokenizersWithProgress, type TokenizerFlags } from "../tokenizer-progress.js";

interface TokensFlags extends TokenizerFlags {
  json?: boolean;
  each?: boolean;
  delivered?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("tokens")
    .description("token cost of an IR's payload in every frontend, plus compact-JSON and TOON baselines, on six tokenizers")
    .argument("<files...>", "IR JSON file(s), - for stdin")
    .option("--json", "machine-readable output")
    .option("--each", "with several files, also print each file's table")
    .option("--delivered", "what each carrier delivers (default compile, compact, MCP arguments and result text, A2A parts) as ratios to the compact payload");
  addTokenizerOptions(command).action((files: string[], flags: TokensFlags) =>
    runCommand(Boolean(flags.json), async () => {
      // Read and compile everything before loading tokenizers: a bad IR fails fast.
      const inputs = files.map((file) => ({ file, ir: readJsonInput(file) }));
      const tokens = await loadTokens("silpc tokens");
      if (flags.delivered) {
        const sets = await Promise.all(inputs.map(({ ir }) => deliveredTexts(ir)));
        const tokenizers = await loadTokenizersWithProgress(flags);
        const rows = deliveredTable(sets, tokenizers);
        const names = tokenizers.map((tokenizer) => tokenizer.name);
        if (flags.json) writeJson({ tokenizers: names, files: inputs.map((input) => input.file), rows });
        else writeOut(`delivered tokens, mean over ${inputs.length} IR${inputs.length === 1 ? "" : "s"}\n${renderDelivered(rows, names, tokens.textTable)}`);
        return;
      }
      const texts = await Promise.all(inputs.map(async ({ file, ir }) => ({ file, texts: await tokens.payloadTexts(ir) })));
      const tokenizers = await loadTokenizersWithProgress(flags);
      const reports = texts.map(({ file, texts: payloads }) => ({ file, payloads: tokens.measureTexts(payloads, tokenizers) }));
      const average = reports.length > 1 ? tokens.averageCosts(reports.map((report) => report.payloads)) : undefined;
      if (flags.json) {
        writeJson({ tokenizers: tokenizers.map((tokenizer) => tokenizer.name), files: reports, ...(average ? { average } : {}) });
        return;
      }
      const sections: string[] = [];
      if (average === undefined || flags.each) {
        for (const report of reports) sections.push(`${report.file}\n${tokens.renderCosts(report.payloads)}`);
      }
      if (average !== undefined) sections.push(`mean over ${reports.length} IRs\n${tokens.renderCosts(average)}`);
      writeOut(sections.join("\n\n"));
    }),
  );
}
