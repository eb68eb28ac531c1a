/**
 * `silpc sanitize FILE|-`: shows what the sanitizer finds in a payload (docs/security.md). Hits
 * go to standard error, one per line with line:column in the original text; the cleaned text
 * goes to standard output, so `silpc sanitize in.txt > clean.txt` works. With --json both are one
 * JSON document on standard output. Exit 1 when the "reject" policy rejects the payload.
 *
 * Roles are unknown without decoding, so this command flags mixed-script words and folds
 * nothing; decoding (`silpc decode`) applies the homoglyph policy to verbs, keywords and names.
 */
import { Option, type Command } from "commander";
import { SilpError } from "silp";
import { EXIT_INVALID, readInput, renderError, runCommand, writeJson } from "../io.js";

interface SanitizeFlags {
  policy: "strip" | "reject" | "flag";
  joiners: "contextual" | "strip";
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command("sanitize")
    .description("strip and report invisible characters, bidi controls and mixed-script words in a payload")
    .argument("<file>", "payload file, or - for standard input")
    .addOption(
      new Option("--policy <policy>", "invisible and bidi controls other than the 4 zero-width characters")
        .choices(["strip", "reject", "flag"])
        .default("strip"),
    )
    .addOption(
      new Option("--joiners <mode>", "ZWJ/ZWNJ: keep them inside emoji and non-Latin words, or strip all")
        .choices(["contextual", "strip"])
        .default("contextual"),
    )
    .option("--json", "machine-readable output")
    .action((file: string, flags: SanitizeFlags) =>
      runCommand(flags.json === true, async () => {
        const { scanPayload, locateHits, describeCodePoint } = await import("silp/sanitizer");
        const original = readInput(file);
        let scanned: ReturnType<typeof scanPayload>;
        try {
          scanned = scanPayload(original, { invisible: flags.policy, joiners: flags.joiners });
        } catch (error) {
          // Render the rejection against the payload so the caret points at the character, with
          // each invisible character shown as U+FFFD: a raw bidi override would scramble the line.
          if (!(error instanceof SilpError) || flags.json === true) throw error;
          const visible = original.replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, "\uFFFD");
          process.stderr.write(`${renderError(error, visible)}\n`);
          return EXIT_INVALID;
        }
        const { text, report } = scanned;
        const hits = locateHits(original, report.hits);
        if (flags.json === true) {
          writeJson({ text, report: { ...report, hits } });
          return;
        }
        for (const hit of hits) {
          const what =
            hit.text === undefined
              ? describeCodePoint(hit.codePoint)
              : `${JSON.stringify(hit.text)} (${describeCodePoint(hit.codePoint)}${hit.replacement === undefined ? "" : `, looks like ${JSON.stringify(hit.replacement)}`})`;
          process.stderr.write(`${hit.line}:${hit.column}\t${hit.kind}\t${what}\t${hit.action}\n`);
        }
        const counted = Object.entries(report.counts).filter(([, n]) => n > 0);
        const total = counted.reduce((sum, [, n]) => sum + n, 0);
        const summary = total === 0 ? "no hits" : `${total} hit(s): ${counted.map(([kind, n]) => `${n} ${kind}`).join(", ")}`;
        process.stderr.write(`${summary}${report.truncated ? ` (only the first ${hits.length} listed)` : ""}\n`);
        process.stdout.write(text);
      }),
    );
}
