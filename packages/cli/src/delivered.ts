/**
 * What each carrier delivers of one IR, as the texts a model would read (docs/tokens.md,
 * "Delivered tokens"): built by the carriers' own functions with their default options, never
 * re-assembled here, so the figures are what a user gets. `silpc tokens --delivered` and
 * `npm run bench:tokens` count them; the bench script adds the JSON-RPC bodies on the wire.
 *
 * Every text a model reads is also read back the way a receiver would (`keeps`): the rule is that
 * it gives the whole IR, the req_id aside (docs/integrations.md, "What a model reads").
 */
import { isDeepStrictEqual } from "node:util";
import { compile, decode, fromEnvelope, modelText, toEnvelope, validate, type SilpIR, type SilpIRInput } from "silp";
import { unwrapSilp } from "silp/carriage";
import { loadA2a, loadMcp } from "./optional-packages.js";

/** One delivered text: what a model reads, a whole message on the wire, a reference or a baseline (the IR itself). */
export interface DeliveredText {
  label: string;
  description: string;
  kind: "model" | "reference" | "wire" | "baseline";
  text: string;
  /**
   * Whether the text, read by itself as its receiver reads it, gives back the IR: "ir" whole,
   * "ir-but-req-id" (the req_id is derived or rides beside it), "no" (something is lost).
   * Absent for texts nobody reads back (the wire rows).
   */
  keeps?: Keeps;
}

export type Keeps = "ir" | "ir-but-req-id" | "no";

const OFF = { whitelist: "off" } as const;

/** What `read` gives back of `expected`: the whole IR, all but the req_id, or less; a failing read keeps nothing. */
function keeps(expected: SilpIR, read: () => unknown): Keeps {
  let got: SilpIR;
  try {
    got = validate(read(), OFF).ir as SilpIR;
  } catch {
    return "no";
  }
  if (isDeepStrictEqual(got, expected)) return "ir";
  return isDeepStrictEqual({ ...got, meta: { ...got.meta, req_id: expected.meta.req_id } }, expected) ? "ir-but-req-id" : "no";
}

/** The text blocks of a tool result, joined as a client that shows its model one string does (nothing between them). */
function contentText(result: { content: { text: string }[] }): string {
  return result.content.map((block) => block.text).join("");
}

/** The texts of one IR, in the order of the delivered table; whitelist "off" so any IR is measured. */
export async function deliveredTexts(ir: unknown): Promise<DeliveredText[]> {
  const [mcp, a2a, toon] = await Promise.all([loadMcp("silpc tokens --delivered"), loadA2a("silpc tokens --delivered"), import("@toon-format/toon")]);
  const input = ir as SilpIRInput;
  const expected = validate(input, OFF).ir as SilpIR;
  /** One row: its text, and how its receiver reads it back (a code payload unless said otherwise). */
  const row = (label: string, kind: DeliveredText["kind"], description: string, text: string, read = (t: string): unknown => decode(t, "code", OFF).ir) => ({
    label,
    description,
    kind,
    text,
    keeps: keeps(expected, () => read(text)),
  });
  const envelope = toEnvelope(input, "code", OFF);
  const tools = mcp.silpTools(OFF);
  const tool = (name: string) => tools.find((candidate) => candidate.name === name) as (typeof tools)[number];
  const compiled = await tool("compile").handler({ ir: expected as unknown as Record<string, unknown> });
  const decodedTool = await tool("decode").handler({ ...mcp.wrapSilpArguments(input, {}, OFF) });
  // SilpPeer.send builds the same envelope (envelopeOf) and parts; the data part's payload is compact.
  const dataPart = JSON.stringify(partData(a2a.envelopePart(envelope, "data")));
  return [
    row("compile_default", "model", "compile(ir): the payload with its meta trailer", compile(input, "code", OFF)),
    row(
      "compact",
      "reference",
      'compile(ir, "code", {inlineMeta: false}): the task alone, the meta dropped; no carrier delivers it',
      compile(input, "code", { ...OFF, inlineMeta: false }),
    ),
    row(
      "mcp_arguments",
      "model",
      "MCP tool-call arguments (wrapSilpArguments), as JSON",
      JSON.stringify(mcp.wrapSilpArguments(input, {}, OFF)),
      (t) => unwrapSilp(JSON.parse(t), OFF).ir,
    ),
    row("mcp_result_text", "model", "MCP tool result, its text content (silpToolResult)", contentText(mcp.silpToolResult(input, OFF))),
    row("mcp_compile_text", "model", "the MCP compile tool's text content", contentText(compiled)),
    // The notes block opens with a newline of its own: the first line is the payload.
    row(
      "mcp_decode_text",
      "model",
      "the MCP decode tool's text content: the decoded IR, req_id included",
      contentText(decodedTool),
      (t) => decode(t.split("\n")[0] as string, "code", OFF).ir,
    ),
    row("a2a_text_part", "model", "A2A text part (SilpPeer's default form): its text", partText(a2a.envelopePart(envelope, "text"))),
    row("a2a_data_part", "model", "A2A data part (form: data): the envelope as JSON", dataPart, (t) => fromEnvelope(JSON.parse(t), OFF).ir),
    row("model_text", "model", "modelText(decoded): what a receiving agent or adapter hands its model", modelText(fromEnvelope(envelope, OFF))),
    row("ir_json", "baseline", "the IR as compact JSON (baseline)", JSON.stringify(ir), (t) => JSON.parse(t)),
    row("toon", "baseline", "the IR as TOON (baseline)", toon.encode(ir), (t) => toon.decode(t)),
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
  /** Over the IRs: how many texts read back whole, whole but the req_id, or lossy; absent for texts nobody reads back. */
  kept?: Record<Keeps, number>;
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
    const row: Omit<DeliveredRow, "ratios" | "meanRatio"> = {
      label: entry.label,
      description: entry.description,
      kind: entry.kind,
      tokens,
      mean: average(tokens),
    };
    if (entry.keeps !== undefined) {
      const kept: Record<Keeps, number> = { ir: 0, "ir-but-req-id": 0, no: 0 };
      for (const texts of sets) kept[(texts[index] as DeliveredText).keeps ?? "no"]++;
      row.kept = kept;
    }
    return row;
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
  const header = ["what is delivered", ...names, "mean", "x compact (mean)", `x compact (${names[0]})`, "reads back as"];
  const lines = rows.map((row) => [
    row.kind === "model" ? row.label : `${row.label} (${row.kind})`,
    ...row.tokens.map((count) => count.toFixed(1)),
    row.mean.toFixed(2),
    `${row.meanRatio.toFixed(2)}x`,
    `${(row.ratios[0] as number).toFixed(2)}x`,
    keptCell(row.kept),
  ]);
  return [table(header, lines), "", ...rows.map((row) => `${row.label}: ${row.description}`)].join("\n");
}

/** "27/27 IR" (whole), "27/27 IR but req_id", or how many lost something; "" for texts nobody reads back. */
export function keptCell(kept: DeliveredRow["kept"]): string {
  if (kept === undefined) return "";
  const total = kept.ir + kept["ir-but-req-id"] + kept.no;
  if (kept.no > 0) return `${kept.no}/${total} lose meta or more`;
  return kept["ir-but-req-id"] === 0 ? `${total}/${total} IR` : `${total}/${total} IR but req_id${kept.ir > 0 ? ` (${kept.ir} whole)` : ""}`;
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
