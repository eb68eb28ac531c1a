/**
 * What a SILP server offers to read besides its tools, so a client or its model can learn SILP
 * from the server it talks to: the IR's JSON Schema and the code frontend's grammar (for a
 * grammar-constrained decoder: Lark and GBNF) as resources, and the prompts for writing and
 * reading SILP as MCP prompts. All of them are derived for the server's verbs in force (its
 * whitelist and extra verbs), by the same code the rest of the project uses (@silp/grammar, the
 * codec's schema), so nothing here can disagree with what the tools accept.
 */
import { type McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import { buildPrompt, codeGrammar, type PromptFrontend, type PromptRole, toGbnf, toLark } from "@silp/grammar";
import { irSchema, type SilpOptions, verbsInForce } from "silp";

/** One resource: its URI, name, media type, what it is, and its text. */
export interface SilpResource {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
  text: string;
}

/** The resources a SILP server offers, for the verbs `options` puts in force. */
export function silpResources(options: SilpOptions = {}): SilpResource[] {
  const grammar = codeGrammar({ verbs: verbsInForce(options) });
  return [
    {
      uri: "silp://schema/ir",
      name: "ir-schema",
      title: "The SILP IR's JSON Schema (spec section 3.9, draft 2020-12)",
      mimeType: "application/schema+json",
      text: JSON.stringify(irSchema, null, 2),
    },
    {
      uri: "silp://grammar/code.lark",
      name: "code-grammar-lark",
      title: "The code frontend's grammar in Lark (what compile(ir, \"code\") writes), for the server's verbs",
      mimeType: "text/plain",
      text: toLark(grammar),
    },
    {
      uri: "silp://grammar/code.gbnf",
      name: "code-grammar-gbnf",
      title: "The code frontend's grammar in GBNF (llama.cpp), for the server's verbs",
      mimeType: "text/plain",
      text: toGbnf(grammar),
    },
  ];
}

const PROMPTS: { name: string; role: PromptRole; title: string }[] = [
  { name: "silp-write", role: "write", title: "Write SILP: a system prompt that teaches a model to answer in SILP payloads" },
  { name: "silp-read", role: "read", title: "Read SILP: a system prompt that teaches a model to read SILP payloads" },
];

/** A prompt and its text for each frontend. */
export interface SilpPrompt {
  name: string;
  title: string;
  texts: Record<PromptFrontend, string>;
}

/** The resources and prompts, built once: a server's verbs do not change while it runs. */
export interface SilpReferences {
  resources: SilpResource[];
  prompts: SilpPrompt[];
}

export function silpReferences(options: SilpOptions = {}): SilpReferences {
  const verbs = verbsInForce(options);
  const prompts = PROMPTS.map(({ name, role, title }) => ({
    name,
    title,
    texts: { code: buildPrompt({ role, frontend: "code", verbs }).text, json: buildPrompt({ role, frontend: "json", verbs }).text },
  }));
  return { resources: silpResources(options), prompts };
}

/** The prompts' one argument (MCP prompt arguments are strings). */
const promptArguments = fromJsonSchema<{ frontend?: PromptFrontend }>({
  type: "object",
  properties: { frontend: { type: "string", enum: ["code", "json"], description: 'the surface form: "code" (default) or "json"' } },
  additionalProperties: false,
});

/** Registers the resources and prompts on `server`. */
export function registerSilpReferences(server: McpServer, references: SilpReferences = silpReferences()): void {
  for (const { uri, name, title, mimeType, text } of references.resources) {
    server.registerResource(name, uri, { title, mimeType }, async () => ({ contents: [{ uri, mimeType, text }] }));
  }
  for (const { name, title, texts } of references.prompts) {
    server.registerPrompt(name, { title, description: title, argsSchema: promptArguments }, async (args) => ({
      description: title,
      messages: [{ role: "user", content: { type: "text", text: texts[args.frontend ?? "code"] } }],
    }));
  }
}
