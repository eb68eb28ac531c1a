/**
 * What each carrier delivers of one IR, as the texts a model would read (docs/tokens.md,
 * "Delivered tokens"): built by the carriers' own functions with their default options, never
 * re-assembled here, so the figures are what a user gets. `silpc tokens --delivered` and
 * `npm run bench:tokens` count them; the bench script adds the JSON-RPC bodies on the wire.
 */
import { compile, toEnvelope, type SilpIRInput } from "silp";
import { loadA2a, loadMcp } from "./optional-packages.js";

/** One delivered text: what a model reads, a whole message on the wire, or a baseline (the IR itself). */
export interface DeliveredText {
  label: string;
  description: string;
  kind: "model" | "wire" | "baseline";
  text: string;
}

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
    { label: "compile_default", description: "compile(ir): the payload with its meta trailer", kind: "model", text: compile(input, "code", options) },
    {
      label: "compact",
      description: 'compile(ir, "code", {inlineMeta: false})',
      kind: "model",
      text: compile(input, "code", { ...options, inlineMeta: false }),
    },
    {
      label: "mcp_arguments",
      description: "MCP tool-call arguments (wrapSilpArguments), as JSON",
      kind: "model",
      text: JSON.stringify(mcp.wrapSilpArguments(input, {}, options)),
    },
    {
      label: "mcp_result_text",
      description: "MCP tool result, its text content (silpToolResult)",
      kind: "model",
      text: result.content.map((block) => block.text).join("\n"),
    },
    { label: "a2a_text_part", description: "A2A text part (SilpPeer's default form): its text", kind: "model", text: partText(textPart) },
    { label: "a2a_data_part", description: "A2A data part (form: data): the envelope as JSON", kind: "model", text: JSON.stringify(partData(dataPart)) },
    { label: "ir_json", description: "the IR as compact JSON (baseline)", kind: "baseline", text: JSON.stringify(ir) },
    { label: "toon", description: "the IR as TOON (baseline)", kind: "baseline", text: toon.encode(ir) },
  ];
}

function partText(part: { content?: { $case: string; value: unknown } }): string {
  return part.content?.$case === "text" ? (part.content.value as string) : "";
}

function partData(part: { content?: { $case: string; value: unknown } }): unknown {
  return part.content?.$case === "data" ? part.content.value : undefined;
}

/** One row of the delivered table: mean tokens over the IRs, per tokenizer, and ratios to the compact payload. */
export interface DeliveredRow {
  label: string;
  description: string;
  kind: DeliveredText["kind"];
  /** Mean tokens per IR, in the tokenizers' order. */
  tokens: number[];
  /** Mean over the tokenizers of `tokens`. */
  mean: number;
  /** `tokens` divided by the compact payload's, per tokenizer, and of the means. */
  ratios: number[];
  meanRatio: number;
}

export interface Counter {
  name: string;
  encode(text: string): ArrayLike<number>;
}

/**
 * Mean tokens of each delivered text over `sets` (one list of texts per IR, all in the same order
 * of labels), as ratios to the row labelled "compact".
 */
export function deliveredTable(sets: readonly (readonly DeliveredText[])[], tokenizers: readonly Counter[]): DeliveredRow[] {
  const first = sets[0];
  if (first === undefined) return [];
  const rows = first.map((entry, index) => {
    const tokens = tokenizers.map(
      (tokenizer) => sets.reduce((sum, texts) => sum + tokenizer.encode((texts[index] as { text: string }).text).length, 0) / sets.length,
    );
    return { label: entry.label, description: entry.description, kind: entry.kind, tokens, mean: average(tokens) };
  });
  const compact = rows.find((row) => row.label === "compact");
  if (compact === undefined) throw new RangeError("the delivered texts need a compact row to compare with");
  return rows.map((row) => ({
    ...row,
    ratios: row.tokens.map((count, position) => count / (compact.tokens[position] as number)),
    meanRatio: row.mean / compact.mean,
  }));
}

/** The table as text, laid out by `table` (@silp/tokens' textTable), then one line per row saying what it is. */
export function renderDelivered(
  rows: readonly DeliveredRow[],
  names: readonly string[],
  table: (header: readonly string[], rows: readonly (readonly string[])[]) => string,
): string {
  const header = ["what is delivered", ...names, "mean", "x compact (mean)", `x compact (${names[0]})`];
  const lines = rows.map((row) => [
    row.kind === "model" ? row.label : `${row.label} (${row.kind})`,
    ...row.tokens.map((count) => count.toFixed(1)),
    row.mean.toFixed(2),
    `${row.meanRatio.toFixed(2)}x`,
    `${(row.ratios[0] as number).toFixed(2)}x`,
  ]);
  return [table(header, lines), "", ...rows.map((row) => `${row.label}: ${row.description}`)].join("\n");
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
