/**
 * A system prompt for a model that writes or reads one dialect: the dialect's spellings in words,
 * and the draft's Appendix A examples printed by the dialect's own printer (so the prompt shows
 * nothing the decoder would refuse). @silp/grammar writes the code and json frontends' prompts
 * from their grammar; a dialect's prompt is written from its spellings instead.
 */
import { APPROVED_VERBS, type SilpIRInput } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { createDialect } from "./dialect.js";
import type { DialectSpec } from "./spec.js";
import { resolveSpellings } from "./spellings.js";

export interface DialectPromptOptions {
  readonly role: "write" | "read";
  /** Verbs in force (action codes such as "!START"); default: the spec's whitelist. */
  readonly verbs?: readonly string[];
}

export interface DialectPrompt {
  readonly text: string;
  /** The examples the prompt shows, each with its payload in the dialect. */
  readonly examples: readonly { readonly title: string; readonly ir: SilpIRInput; readonly payload: string }[];
}

/** Marks an example payload's line, as in @silp/grammar's prompts. */
export const DIALECT_EXAMPLE_MARK = "SILP: ";

/** A spelling as the prompt quotes it: visible spaces and line feeds. */
const show = (text: string): string => JSON.stringify(text);

export function buildDialectPrompt(spec: DialectSpec, options: DialectPromptOptions): DialectPrompt {
  if (options.role !== "write" && options.role !== "read") throw new TypeError(`role must be write or read, not ${JSON.stringify(options.role)}`);
  const s = resolveSpellings(spec);
  const dialect = createDialect(spec);
  const verbs = (options.verbs ?? APPROVED_VERBS.map((verb) => verb.code)).map((code) => code.slice(1).toLowerCase());
  const call = s.spacesCall
    ? "VERB ARG ARG ... (each argument after one space; nothing closes the list; a call without arguments is the bare VERB)"
    : `VERB(ARG,ARG,...)${s.omitEmptyArgs ? " (a call without arguments is the bare VERB)" : ""}`;
  const rules = [
    `Shape: [${show(s.if)} CONDITION [${show(s.and)} CONDITION]... ${show(s.thenWord)}] CALL [${show(s.actions)} CALL]... [${show(s.else)} CALL [${show(s.alternatives)} CALL]...]`,
    `  CALL = ${call}`,
    `  ARG = value, or key${s.equals}value; in the alternatives, target${s.location}place`,
    `  CONDITION = name with arguments written like a call's (value; subject value; value time), ${show(s.negation)} before a name for "not", or name OP value [${show(s.time)} time]`,
    `  OP = ${Object.entries(s.operators)
      .map(([operator, text]) => `${show(text)} for ${operator}`)
      .join(", ")}`,
    `Verbs${options.role === "write" ? " (the only function names allowed)" : ""}: ${verbs.join(", ")}.`,
    "- The first call is the main action; each later call is a further action and has arguments.",
    "- Times are relative: t+1 is the next period, t+1am tomorrow morning, t-2 two periods ago.",
    '- Words of letters, digits and _ - + . % / stay bare; anything else (spaces, punctuation, quotes) goes in double quotes with JSON escapes: "old town".',
    `- These words are structure, so as values they go in double quotes: ${[...s.reserved].sort().join(" ")}.`,
    "- Spaces and line breaks only where the shape shows them.",
  ];
  const ordered = Object.entries(s.argumentOrder);
  if (ordered.length > 0) {
    rules.push(
      `- Argument order agreed for these verbs: ${ordered.map(([verb, names]) => `${verb.slice(1).toLowerCase()}(${names.join(", ")})`).join("; ")}. In a main or further action (not after ${show(s.else)}), arguments given in that order from the first one on are written without their names (act is a plain value); from the first argument out of that order on, every name is written, and a plain value there is written act${s.equals}value while the order still has names left.`,
    );
  }
  if (options.role === "read") {
    rules.push(
      `- ${show(`${s.meta}…}`)} at the end, if present, carries message metadata, not part of the task: p2 priority 2, c.75 confidence 0.75, sid= the session, seq=[…] the order of steps, next= the next agent, id= the request id.`,
    );
  }
  const examples = APPENDIX_EXAMPLES.map(({ title, ir }) => ({ title, ir, payload: dialect.print(ir, { whitelist: "off", inlineMeta: false }) }));
  const opening =
    options.role === "write"
      ? `You write SILP (Semantic Interlingua Layer Protocol) payloads in the dialect ${spec.name}: a compact statement of a task for another agent. Answer with the payload only: no prose, no code fence, nothing after it.`
      : `Messages you receive are SILP (Semantic Interlingua Layer Protocol) payloads in the dialect ${spec.name}: a compact statement of a task from another agent. Read each one as the task it states.`;
  const shown = examples.map(
    (example) => `Example (${example.title}):\n${DIALECT_EXAMPLE_MARK}${example.payload.replaceAll("\n", `\n${DIALECT_EXAMPLE_MARK}`)}`,
  );
  return { text: `${[opening, "", ...rules, "", ...shown].join("\n")}\n`, examples };
}
