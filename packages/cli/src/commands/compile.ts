/** `silpc compile FILE -f NAME`: prints the surface text (or the envelope with --envelope). */
import { rateFlag } from "../flag-values.js";
import { loadLlmlingua2 } from "../optional-packages.js";
import type { Command } from "commander";
import { compile, compileAsync, completeMeta } from "silp";
import { getFrontend, listFrontends, SilpError } from "silp";
import type { SilpIRInput } from "silp";
import { toEnvelope } from "silp";
import { addCodecFlags, codecOptions, type CodecFlags } from "../codec-flags.js";
import { registerDialectFiles } from "../dialect-files.js";
import { UsageError, readJsonInput, runCommand, writeJson, writeOut } from "../io.js";

interface CompileFlags extends CodecFlags {
  frontend: string;
  envelope?: boolean;
  model?: string;
  rate?: string;
  allowLossy?: boolean;
  precisionCritical?: boolean;
  dialect?: string[];
}

export function register(program: Command): void {
  addCodecFlags(
    program
      .command("compile")
      .description("compile an IR (JSON file or -) to a frontend's surface text")
      .argument("<file>")
      .option("-f, --frontend <name>", "frontend: code, json, natural, nl_json, llmlingua2", "code")
      .option(
        "--inline-meta",
        'always append meta to code/json payloads (#meta / "meta"); by default only when the IR has meta beyond a req_id and the defaults',
      )
      .option("--compact", "never append meta: the compact surface of the reference (drops meta other than a derivable req_id)")
      .option("--envelope", "print the envelope {silp, silp_encoding, silp_payload, silp_meta}")
      .option(
        "--dialect <files...>",
        "dialect files (or x-evolved, the dialect @silp/dialects ships) to register first; -f may then name them (e.g. --dialect x-evolved -f x-evolved)",
      )
      .option("--model <dir>", "llmlingua2: local model folder (or SILP_LLMLINGUA2_MODEL)")
      .option("--rate <rate>", "llmlingua2: share of words to keep (default 0.5)")
      .option("--allow-lossy", "llmlingua2: accept lossy output for precision-critical payloads")
      .option("--precision-critical", "llmlingua2: mark the payload precision-critical (refused unless --allow-lossy)"),
  ).action((file: string, flags: CompileFlags) =>
    runCommand(Boolean(flags.json), async () => {
      await registerDialectFiles(flags.dialect);
      const written = readJsonInput(file) as SilpIRInput;
      const options = codecOptions(flags);
      if (flags.envelope && flags.frontend === "llmlingua2") throw new UsageError("--envelope carries lossless payloads; llmlingua2 output cannot be decoded");
      if (flags.frontend === "llmlingua2") await loadLlmlingua2("the llmlingua2 frontend");
      else if (!listFrontends().some((frontend) => frontend.name === flags.frontend)) throw unknownFrontend(flags.frontend);
      // An IR without meta.req_id gets the one decode would derive (docs/ir.md); say so on stderr.
      const { ir, filled } = completeMeta(written, flags.frontend, options);
      if (filled) process.stderr.write(`note: ${filled.path} was missing: generated req_id ${filled.reqId} from the compiled text (spec 4.6)\n`);
      if (flags.envelope) {
        writeJson(toEnvelope(ir, flags.frontend, options));
        return;
      }
      const frontend = getFrontend(flags.frontend);
      const rate = rateFlag(flags.rate);
      const text = frontend.async
        ? await compileAsync(ir, flags.frontend, {
            ...options,
            frontendOptions: {
              ...(flags.model ? { modelDir: flags.model } : {}),
              ...(rate !== undefined ? { rate } : {}),
              allowLossy: Boolean(flags.allowLossy),
              precisionCritical: Boolean(flags.precisionCritical),
            },
          })
        : compile(ir, flags.frontend, options);
      if (flags.json) writeJson({ frontend: flags.frontend, payload: text });
      else writeOut(text);
    }),
  );
}

/**
 * The codec's unknown-frontend error, listing what this command can compile to: the registry's
 * frontends and llmlingua2, which is registered only once its package is loaded for `-f llmlingua2`.
 */
function unknownFrontend(name: string): SilpError {
  const known = [...listFrontends().map((frontend) => frontend.name), "llmlingua2"];
  return new SilpError("unsupported_frontend", `unknown frontend "${name}" (known: ${known.join(", ")})`, { details: { frontend: name, known } });
}
