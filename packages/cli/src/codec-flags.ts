/** The codec flags shared by validate, compile, decode and roundtrip, and their translation into options. */
import { Option, type Command } from "commander";
import { UsageError } from "./io.js";
import type { SilpOptions, WhitelistMode } from "silp";

export interface CodecFlags {
  whitelist?: WhitelistMode;
  /** `--extra-verbs REFUND,ESCALATE_TICKET`: application verbs in force beside the approved ones. */
  extraVerbs?: string;
  strict?: boolean;
  scopeLimited?: boolean;
  inlineMeta?: boolean;
  /** compile: the compact surface, without meta, even when that drops meta (explicit only). */
  compact?: boolean;
  json?: boolean;
}

export function addCodecFlags(command: Command): Command {
  return command
    .addOption(new Option("--whitelist <mode>", "verb whitelist mode").choices(["strict", "advisory", "off"]).default("strict"))
    .option("--extra-verbs <verbs>", "application verbs in force beside the approved ones, comma-separated (e.g. REFUND,!TICKET)")
    .option("--strict", "decode only the canonical surface (no lenient repairs)")
    .option("--scope-limited", "declare a scope-limited session: 4-hex req_ids")
    .option("--json", 'machine-readable output (errors as {"error":{...}})');
}

export function codecOptions(flags: CodecFlags): SilpOptions {
  if (flags.inlineMeta && flags.compact) throw new UsageError("--inline-meta and --compact exclude each other");
  return {
    whitelist: whitelistOption(flags.whitelist ?? "strict", flags.extraVerbs),
    strict: Boolean(flags.strict),
    scopeLimited: Boolean(flags.scopeLimited),
    // Neither flag: "auto", meta travels whenever the payload could not give it back (spec 4.6).
    inlineMeta: flags.inlineMeta ? true : flags.compact ? false : "auto",
  };
}

/** `--extra-verbs A,B` -> ["A", "B"]; the codec checks each verb (invalid_options). */
export function parseVerbList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(",")
    .map((verb) => verb.trim())
    .filter((verb) => verb !== "");
}

/** The whitelist option: the mode alone, or `{ mode, extra }` when extra verbs are given. */
export function whitelistOption(mode: WhitelistMode, extraVerbs: string | undefined): SilpOptions["whitelist"] {
  const extra = parseVerbList(extraVerbs);
  return extra.length === 0 ? mode : { mode, extra };
}

/** A payload read from a file: one final newline is the file's, not the payload's. */
export function payloadFromFile(text: string): string {
  return text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
}
