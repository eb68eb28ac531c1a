/**
 * The shared verb flags of `silpc grammar` and `silpc prompt`: the verb set in force, either whole
 * (`--verbs`) or as the spec's whitelist plus a deployment's application verbs (`--extra-verbs`,
 * the same flag and the same checks as compile/decode/validate: the codec's verbsInForce).
 */
import type { Command } from "commander";
import { verbsInForce } from "silp";
import { UsageError } from "./io.js";

export function addVerbsOption(command: Command): Command {
  return command
    .option("--verbs <list>", "comma-separated verbs in force (REFUND or !REFUND); default: the spec's whitelist")
    .option(
      "--extra-verbs <list>",
      "application verbs in force beside the spec's whitelist, comma-separated (e.g. REFUND,SHIP); checked as compile checks them",
    );
}

/** The verbs in force from `--verbs` / `--extra-verbs`; undefined when neither is given (the package default applies). */
export function verbsFromFlags(flags: { verbs?: string; extraVerbs?: string }): string[] | undefined {
  if (flags.verbs !== undefined && flags.extraVerbs !== undefined)
    throw new UsageError("--verbs and --extra-verbs exclude each other: --verbs names the whole set");
  if (flags.extraVerbs === undefined) return parseVerbs(flags.verbs);
  const extra = flags.extraVerbs
    .split(",")
    .map((verb) => verb.trim())
    .filter((verb) => verb.length > 0);
  if (extra.length === 0) throw new UsageError("--extra-verbs needs at least one verb");
  // Throws invalid_options for a malformed or excluded verb (spec 3.8), like compile's flag.
  return [...verbsInForce({ whitelist: { mode: "strict", extra } })];
}

/** undefined when the flag is absent (the package default applies). */
export function parseVerbs(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const verbs = list
    .split(",")
    .map((verb) => verb.trim())
    .filter((verb) => verb.length > 0);
  for (const verb of verbs) {
    if (!/^!?[A-Za-z][A-Za-z_]*$/.test(verb)) throw new UsageError(`--verbs: ${JSON.stringify(verb)} is not a verb (letters and _, e.g. REFUND)`);
  }
  if (verbs.length === 0) throw new UsageError("--verbs needs at least one verb");
  return verbs;
}
