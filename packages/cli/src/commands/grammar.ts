/**
 * `silpc grammar --format gbnf|xgrammar|lark [--dialect <file>]`: the code frontend's canonical grammar, or
 * a dialect's, for constrained decoding, with the verbs in force baked in (docs/models.md,
 * docs/grammar.md "Dialects").
 */
import type { Command } from "commander";
import { readDialectFile } from "../dialect-files.js";
import { runCommand, UsageError, writeOut } from "../io.js";
import { loadGrammar } from "../optional-packages.js";
import { addVerbsOption, verbsFromFlags } from "../verbs-flag.js";

interface GrammarFlags {
  format: string;
  frontend: string;
  dialect?: string;
  verbs?: string;
  extraVerbs?: string;
}

export function register(program: Command): void {
  const command = program
    .command("grammar")
    .description(
      "the code frontend's grammar, or a dialect's, as GBNF (llama.cpp), GBNF for XGrammar (vLLM, SGLang) or Lark (OpenAI custom tools, vLLM, Outlines), verbs baked in",
    )
    .requiredOption("--format <format>", "gbnf, xgrammar (GBNF as XGrammar reads it) or lark")
    .option("--frontend <frontend>", "the frontend the grammar describes (code)", "code")
    .option("--dialect <file>", "a dialect file, or x-evolved (shipped by @silp/dialects): the grammar of that dialect of the code frontend");
  addVerbsOption(command).action((flags: GrammarFlags) =>
    runCommand(false, async () => {
      if (flags.format !== "gbnf" && flags.format !== "xgrammar" && flags.format !== "lark") {
        throw new UsageError(`--format must be gbnf, xgrammar or lark, not ${JSON.stringify(flags.format)}`);
      }
      if (flags.frontend !== "code") {
        throw new UsageError(
          `--frontend ${flags.frontend}: only the code frontend has a grammar; for json use a JSON schema (structured outputs), e.g. silpc schema --vendor openai`,
        );
      }
      const verbs = verbsFromFlags(flags);
      const grammar = await loadGrammar("silpc grammar");
      const options = verbs === undefined ? {} : { verbs };
      const source = flags.dialect === undefined ? grammar.codeGrammar(options) : grammar.dialectGrammar(await readDialectFile(flags.dialect), options);
      const text =
        flags.format === "lark" ? grammar.toLark(source) : grammar.toGbnf(source, { engine: flags.format === "xgrammar" ? "xgrammar" : "llama.cpp" });
      writeOut(text.trimEnd());
    }),
  );
}
