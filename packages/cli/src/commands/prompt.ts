/**
 * `silpc prompt --role write|read`: a system prompt for writing or reading SILP, made from the
 * grammar, the verbs in force and our worked examples; `--tokens` adds its cost on the
 * tokenizers (docs/models.md).
 */
import type { Command } from "commander";
import { runCommand, UsageError, writeJson, writeOut } from "../io.js";
import { loadGrammar, loadTokens } from "../optional-packages.js";
import { addTokenizerOptions, loadTokenizersWithProgress, type TokenizerFlags } from "../tokenizer-progress.js";
import { addVerbsOption, verbsFromFlags } from "../verbs-flag.js";

interface PromptFlags extends TokenizerFlags {
  role: string;
  frontend: string;
  verbs?: string;
  extraVerbs?: string;
  tokens?: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("prompt")
    .description("a system prompt that makes a model write or read SILP, from the grammar, the verbs in force and worked examples")
    .requiredOption("--role <role>", "write or read")
    .option("--frontend <frontend>", "code or json", "code")
    .option("--tokens", "also print the prompt's token count on each tokenizer (loads tokenizers)")
    .option("--json", "machine-readable output: {text, verbs, tokens?}");
  addVerbsOption(addTokenizerOptions(command)).action((flags: PromptFlags) =>
    runCommand(Boolean(flags.json), async () => {
      if (flags.role !== "write" && flags.role !== "read") throw new UsageError(`--role must be write or read, not ${JSON.stringify(flags.role)}`);
      if (flags.frontend !== "code" && flags.frontend !== "json")
        throw new UsageError(`--frontend must be code or json, not ${JSON.stringify(flags.frontend)}`);
      const verbs = verbsFromFlags(flags);
      const { buildPrompt } = await loadGrammar("silpc prompt");
      const prompt = buildPrompt({ role: flags.role, frontend: flags.frontend, ...(verbs === undefined ? {} : { verbs }) });
      let tokens: Record<string, number> | undefined;
      if (flags.tokens) {
        const { countTokens } = await loadTokens("silpc prompt --tokens");
        const tokenizers = await loadTokenizersWithProgress(flags);
        tokens = Object.fromEntries(tokenizers.map((tokenizer) => [tokenizer.name, countTokens(tokenizer, prompt.text)]));
      }
      if (flags.json) return writeJson({ role: prompt.role, frontend: prompt.frontend, verbs: prompt.verbs, text: prompt.text, ...(tokens ? { tokens } : {}) });
      writeOut(prompt.text.trimEnd());
      if (tokens) {
        process.stderr.write(
          `tokens: ${Object.entries(tokens)
            .map(([name, count]) => `${name} ${count}`)
            .join(", ")}\n`,
        );
      }
    }),
  );
}
