/**
 * System prompts for writing and reading SILP, derived from the grammar source (its shape, its
 * operators, the verbs baked into it), the verb set in force and our worked examples compiled by
 * the codec. Nothing here lists verbs by hand: a deployment's verbs flow in through `verbs`.
 */
import { compile, type SilpIRInput } from "silp";
import { approvedVerbCodes, codeGrammar, verbCodes } from "./code-grammar.js";
import { examplesFor } from "./examples.js";
import { literalChoices, sketchRule } from "./sketch.js";

export type PromptRole = "write" | "read";
export type PromptFrontend = "code" | "json";

export interface PromptOptions {
  readonly role: PromptRole;
  /** Default "code". */
  readonly frontend?: PromptFrontend;
  /** Verbs in force (action codes); default: the spec's whitelist. */
  readonly verbs?: readonly string[];
}

export interface PromptExample {
  readonly request: string;
  readonly ir: SilpIRInput;
  /** The IR as the frontend prints it (what the prompt shows). */
  readonly payload: string;
}

export interface Prompt {
  readonly role: PromptRole;
  readonly frontend: PromptFrontend;
  readonly verbs: readonly string[];
  readonly examples: readonly PromptExample[];
  /** The system prompt. Example payloads sit on lines starting with `SILP: `. */
  readonly text: string;
}

/** Marks an example payload's line in a prompt (tests and readers find them by it). */
export const EXAMPLE_MARK = "SILP: ";

export function buildPrompt(options: PromptOptions): Prompt {
  const frontend = options.frontend ?? "code";
  if (frontend !== "code" && frontend !== "json") throw new TypeError(`prompts exist for the code and json frontends, not ${JSON.stringify(frontend)}`);
  if (options.role !== "write" && options.role !== "read") throw new TypeError(`role must be write or read, not ${JSON.stringify(options.role)}`);
  const verbs = verbCodes(options.verbs ?? approvedVerbCodes());
  // The examples are compiled with the whitelist off: the verbs in force are the caller's, checked above.
  const examples = examplesFor(verbs).map((example) => ({ ...example, payload: compile(example.ir, frontend, { whitelist: "off" }) }));
  const body = frontend === "code" ? codeRules(verbs, options.role) : jsonRules(verbs, options.role);
  const shown = examples.map((example) =>
    options.role === "write"
      ? `Request: ${example.request}\n${EXAMPLE_MARK}${example.payload}`
      : `${EXAMPLE_MARK}${example.payload}\nMeaning: ${example.request}`,
  );
  const opening =
    options.role === "write"
      ? `You write SILP (Semantic Interlingua Layer Protocol) payloads in its ${frontend} form: a compact statement of a task for another agent. Answer with the payload only: no prose, no code fence, nothing after it.`
      : `Messages you receive are SILP (Semantic Interlingua Layer Protocol) payloads in its ${frontend} form: a compact statement of a task from another agent. Read each one as the task it states.`;
  const text = [opening, "", ...body, "", "Examples:", ...shown.flatMap((example) => [example, ""])].join("\n").trimEnd();
  return { role: options.role, frontend, verbs, examples, text: `${text}\n` };
}

function functionNames(verbs: readonly string[]): string[] {
  return verbs.map((code) => code.slice(1).toLowerCase());
}

function codeRules(verbs: readonly string[], role: PromptRole): string[] {
  const grammar = codeGrammar({ verbs });
  const operators = literalChoices(grammar, "operator");
  const shape = sketchRule(grammar, "payload", ["meta-part"]).replace("ACTIONS", "VERB(ARGS)[; VERB(ARGS)]...");
  const verbLine =
    role === "write"
      ? `Verbs (the only function names allowed): ${functionNames(verbs).join(", ")}.`
      : `Verbs: ${functionNames(verbs).join(", ")} (each is the action ${verbs.map((code) => code).join(", ")} in that order).`;
  const lines = [
    `Shape: ${shape}`,
    `  CONDITION = ${sketchRule(grammar, "condition")}`,
    `  ELSE-PART = ${sketchRule(grammar, "else-part").trimStart()}`,
    verbLine,
    "- The first call is the main action; each later call is a further action and has arguments.",
    "- A plain argument is the thing acted on; key=value names an argument (to=Korean).",
    `- A constraint is name(value), name(value,time), !name(time) for "not", or name OP value with OP one of ${operators.join(" ")}.`,
    "- Times are relative: t+1 is the next period, t+1am tomorrow morning, t-2 two periods ago.",
    "- In the else-part, target@place gives a place.",
    '- Words of letters, digits and _ - + . % / stay bare; anything else (spaces, commas, quotes, parentheses) goes in double quotes with JSON escapes: "old town".',
    '- Spaces only where the shape shows them: after ": ", "; ", " else: ", around " and ". None inside parentheses or after commas.',
  ];
  if (role === "read") {
    lines.push(
      "- `#{...}` at the end, if present, carries message metadata, not part of the task: p2 priority 2, c.75 confidence 0.75, sid= the session, seq=[...] the order of steps, next= the next agent, id= the request id.",
    );
  }
  return lines;
}

function jsonRules(verbs: readonly string[], role: PromptRole): string[] {
  const lines = [
    "Shape: one JSON object on one line.",
    `- "intent": the main action, one of ${verbs.join(", ")}${role === "write" ? " (no other value is allowed)" : ""}.`,
    '- "act": the thing acted on (a string, or a list of strings); other string fields name further arguments ("to": "Korean").',
    '- "action_<verb>": the arguments of a further action, e.g. "action_notify": ["Priya"].',
    '- "constraints": conditions that must hold, each {"type", "value", optional "time", optional "operator"}; a type starting with "!" means "not".',
    '- "alternatives": what to do instead when a condition fails, each {"action", optional "target", optional "location"}.',
    "- Times are relative: t+1 is the next period, t+1am tomorrow morning.",
  ];
  return lines;
}
