/**
 * `silpc schema --vendor openai|anthropic|gemini|jsonschema`: the IR schema the vendor's strict
 * mode accepts, with the verbs in force baked in (docs/schemas.md). By default the request
 * fragment (OpenAI response_format, Anthropic strict tool, Gemini function declaration); `--bare`
 * prints the schema alone.
 */
import { Option, type Command } from "commander";
import type { WhitelistMode } from "silp";
import { whitelistOption } from "../codec-flags.js";
import { runCommand, writeJson } from "../io.js";

interface SchemaFlags {
  vendor: "openai" | "anthropic" | "gemini" | "jsonschema";
  whitelist: WhitelistMode;
  extraVerbs?: string;
  bare?: boolean;
}

export function register(program: Command): void {
  program
    .command("schema")
    .description("print the IR schema for a vendor's structured output or tool calling, verbs in force baked in")
    .addOption(new Option("--vendor <name>", "schema variant").choices(["openai", "anthropic", "gemini", "jsonschema"]).default("jsonschema"))
    .addOption(
      new Option("--whitelist <mode>", "verb whitelist mode: strict bakes the verbs in as an enum").choices(["strict", "advisory", "off"]).default("strict"),
    )
    .option("--extra-verbs <verbs>", "application verbs in force beside the approved ones, comma-separated (e.g. REFUND,SHIP)")
    .option("--bare", "the schema alone, without the vendor's request wrapper")
    .action((flags: SchemaFlags) =>
      runCommand(true, async () => {
        const { vendorRequestFragment, vendorSchema } = await import("@silp/schemas");
        const options = { whitelist: whitelistOption(flags.whitelist, flags.extraVerbs) };
        writeJson(flags.bare ? vendorSchema(flags.vendor, options) : vendorRequestFragment(flags.vendor, options));
      }),
    );
}
