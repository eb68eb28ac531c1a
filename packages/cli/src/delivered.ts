/**
 * What each carrier delivers of one IR, as the texts a model would read (docs/tokens.md,
 * "Delivered tokens"): built by the carriers' own functions with their default options, never
 * re-assembled here, so the figures are what a user gets. `silpc tokens --delivered` and
 * `npm run bench:tokens` count them; the bench script adds the JSON-RPC bodies on the wire.
 */
import { compile, toEnvelope, type SilpIRInput } from "silp";
import { loadA2a, loadMcp } from "./optional-packages.js";

/** One delivered text: `readable` marks what a model reads; the others are for programs. */
export interface DeliveredText {
  label: DeliveredLabel;
  description: string;
  readable: boolean;
  text: string;
}

export type DeliveredLabel = "compile_default" | "compact" | "mcp_arguments" | "mcp_result_text" | "a2a_text_part" | "a2a_data_part" | "ir_json" | "toon";

/** The texts of one IR, in the order of the delivered table; whitelist "off" so any IR is measured. */
export async function deliveredTexts(ir: unknown): Promise<DeliveredText[]> {
  const [mcp, a2a, toon] = await Promise.all([loadMcp("silpc tokens --delivered"), loadA2a("silpc tokens --delivered"), import("@toon-format/toon")]);
  const input = ir as SilpIRInput;
  const options = { whitelist: "off" } as const;
  // SilpPeer.send builds the same envelope (envelopeOf with the compact payload) and parts.
  const textPart = a2a.envelopePart(toEnvelope(input, "code", options), "text");
  const dataPart = a2a.envelopePart(toEnvelope(input, "code", options), "data");
  const result = mcp.silpToolResult(input, options);
  return [
    { label: "compile_default", description: "compile(ir): the payload with its meta trailer", readable: true, text: compile(input, "code", options) },
    {
      label: "compact",
      description: 'compile(ir, "code", {inlineMeta: false})',
      readable: true,
      text: compile(input, "code", { ...options, inlineMeta: false }),
    },
    {
      label: "mcp_arguments",
      description: "MCP tool-call arguments (wrapSilpArguments), as JSON",
      readable: true,
      text: JSON.stringify(mcp.wrapSilpArguments(input, {}, options)),
    },
    {
      label: "mcp_result_text",
      description: "MCP tool result, its text content (silpToolResult)",
      readable: true,
      text: result.content.map((block) => block.text).join("\n"),
    },
    { label: "a2a_text_part", description: "A2A text part (SilpPeer's default form): its text", readable: true, text: partText(textPart) },
    { label: "a2a_data_part", description: "A2A data part (form: data): the envelope as JSON", readable: true, text: JSON.stringify(partData(dataPart)) },
    { label: "ir_json", description: "the IR as compact JSON (baseline)", readable: false, text: JSON.stringify(ir) },
    { label: "toon", description: "the IR as TOON (baseline)", readable: false, text: toon.encode(ir) },
  ];
}

function partText(part: { content?: { $case: string; value: unknown } }): string {
  return part.content?.$case === "text" ? (part.content.value as string) : "";
}

function partData(part: { content?: { $case: string; value: unknown } }): unknown {
  return part.content?.$case === "data" ? part.content.value : undefined;
}
