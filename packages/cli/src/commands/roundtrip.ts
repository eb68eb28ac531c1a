/**
 * `silpc roundtrip FILE`: compiles the IR with each lossless frontend, decodes it back and
 * checks the result equals the IR's normal form (meta travels inline so it is compared too).
 */
import { isDeepStrictEqual } from "node:util";
import type { Command } from "commander";
import { compile, decode } from "silp";
import { LOSSLESS_FRONTENDS, resolveOptions } from "silp/util";
import type { SilpIRInput } from "silp";
import { assertValid } from "silp";
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
      const rows = (flags.frontend ? [flags.frontend] : LOSSLESS_FRONTENDS).map((frontend) => {
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
