/**
 * `silpc roundtrip FILE`: compiles the IR with each lossless frontend, decodes it back and
 * checks the result equals the IR's normal form (meta travels inline so it is compared too).
 */
import { isDeepStrictEqual } from "node:util";
import type { Command } from "commander";
import { assertValid, compile, decode, listFrontends, type SilpIRInput } from "silp";
import { resolveOptions } from "silp/util";
import { addCodecFlags, codecOptions, type CodecFlags } from "../codec-flags.js";
import { EXIT_INVALID, EXIT_OK, readJsonInput, runCommand, writeJson, writeOut } from "../io.js";

interface RoundtripFlags extends CodecFlags {
  frontend?: string;
}

export function register(program: Command): void {
  addCodecFlags(
    program
      .command("roundtrip")
      .description("compile then decode with the lossless frontends and compare with the IR")
      .argument("<file>")
      .option("-f, --frontend <name>", "only this frontend"),
  ).action((file: string, flags: RoundtripFlags) =>
    runCommand(Boolean(flags.json), () => {
      const options = resolveOptions({ ...codecOptions(flags), inlineMeta: true });
      const expected = assertValid(readJsonInput(file), options).ir;
      const rows = (flags.frontend ? [flags.frontend] : losslessFrontends()).map((frontend) => {
        const payload = compile(expected as SilpIRInput, frontend, options);
        const decoded = decode(payload, frontend, options).ir;
        return { frontend, payload, lossless: isDeepStrictEqual(decoded, expected) };
      });
      if (flags.json) writeJson(rows);
      else for (const row of rows) writeOut(`${row.lossless ? "ok  " : "FAIL"} ${row.frontend.padEnd(5)} ${row.payload}`);
      return rows.every((row) => row.lossless) ? EXIT_OK : EXIT_INVALID;
    }),
  );
}

/** The registered frontends that decode what they compile back to the same IR (spec 4.6), in registration order. */
function losslessFrontends(): string[] {
  return listFrontends()
    .filter((frontend) => frontend.lossless && frontend.decodes)
    .map((frontend) => frontend.name);
}
