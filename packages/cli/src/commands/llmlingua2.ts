/**
 * `silpc llmlingua2 ...`: tools around the LLMLingua-2 frontend (compiling an IR with it is
 * `silpc compile FILE -f llmlingua2`).
 *   - `overlap`: compresses the study's natural prose with the local model and scores each
 *     result against the study's llmlingua2 string (word-level precision, recall, F1);
 *   - `compress`: compresses any prose file, showing each word's keep probability with --json.
 * The model and onnxruntime are imported inside the actions only.
 */
import { rateFlag } from "../flag-values.js";
import { loadLlmlingua2 } from "../optional-packages.js";
import { defaultStudyDir } from "../study-dir.js";
import type { Command } from "commander";
import { resolve } from "node:path";

import { resolveOptions } from "silp/util";
import { payloadFromFile } from "../codec-flags.js";
import { readInput, runCommand, writeJson, writeOut } from "../io.js";
import { SilpError } from "silp";

interface ModelFlags {
  model?: string;
  rate?: string;
  json?: boolean;
}

interface OverlapFlags extends ModelFlags {
  corpus?: string;
}

function addModelFlags(command: Command): Command {
  return command
    .option("--model <dir>", "local model folder (default: $SILP_LLMLINGUA2_MODEL)")
    .option("--rate <rate>", "share of the text to keep, within [0, 1] (default 0.5)")
    .option("--json", "machine-readable output");
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

export function register(program: Command): void {
  const group = program.command("llmlingua2").description("LLMLingua-2 frontend tools (local model, lossy)");

  addModelFlags(
    group
      .command("overlap")
      .description("compare the local model's output with the study's llmlingua2 strings (word-level F1)")
      .option("--corpus <dir>", "study folder (default: $SILP_CORPUS, else the repository's data/study)"),
  ).action((flags: OverlapFlags) =>
    runCommand(Boolean(flags.json), async () => {
      const rate = rateFlag(flags.rate);
      const lib = await loadLlmlingua2("silpc llmlingua2");
      const corpus = flags.corpus !== undefined ? resolve(flags.corpus) : defaultStudyDir();
      const cases = lib.readStudyCases(resolve(corpus, lib.LOCK_FILE));
      const classifier = await lib.loadTokenClassifier({ ...(flags.model !== undefined ? { modelDir: flags.model } : {}) });
      const report = await lib.measureOverlap(
        cases,
        async (prose) => (await lib.compressProse(prose, classifier, { ...(rate !== undefined ? { rate } : {}) })).output,
      );
      await lib.releaseTokenClassifiers();
      if (flags.json) {
        writeJson({ model: classifier.dir, rate: rate ?? lib.DEFAULT_RATE, ...report });
        return;
      }
      for (const c of report.cases) {
        writeOut(`${c.caseId.padEnd(8)} F1 ${percent(c.f1).padStart(6)}  ours: ${c.ours}\n${" ".repeat(21)}study: ${c.llmlingua2}`);
      }
      const { precision, recall, f1 } = report.mean;
      writeOut(
        `mean over ${report.cases.length} cases: precision ${percent(precision)}, recall ${percent(recall)}, F1 ${percent(f1)}; exact matches ${report.exactMatches}`,
      );
    }),
  );

  addModelFlags(group.command("compress").description("compress prose (a file, or - for stdin) with the local model").argument("<file>")).action(
    (file: string, flags: ModelFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const rate = rateFlag(flags.rate);
        const prose = payloadFromFile(readInput(file));
        const limit = resolveOptions(undefined).limits.maxInputLength;
        if (prose.length > limit) {
          throw new SilpError("limit_exceeded", `prose of ${prose.length} characters exceeds the limit of ${limit}`, {
            details: { limit: "maxInputLength", value: limit, actual: prose.length },
          });
        }
        const lib = await loadLlmlingua2("silpc llmlingua2");
        const classifier = await lib.loadTokenClassifier({ ...(flags.model !== undefined ? { modelDir: flags.model } : {}) });
        const result = await lib.compressProse(prose, classifier, { ...(rate !== undefined ? { rate } : {}) });
        await lib.releaseTokenClassifiers();
        if (flags.json) writeJson(result);
        else writeOut(result.output);
      }),
  );
}
