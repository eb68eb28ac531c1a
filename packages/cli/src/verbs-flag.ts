/** The shared `--verbs` flag of `silpc grammar` and `silpc prompt`: the verb set in force. */
import type { Command } from "commander";
import { UsageError } from "./io.js";

export function addVerbsOption(command: Command): Command {
  return command.option("--verbs <list>", "comma-separated verbs in force (REFUND or !REFUND); default: the spec's whitelist");
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
