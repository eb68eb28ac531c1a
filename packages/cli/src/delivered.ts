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
import { compile, decode, fromEnvelope, modelText, toEnvelope, unwrapSilp, validate, type SilpIR, type SilpIRInput } from "silp";
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

/** The text blocks of a tool result, as a client that shows its model the content joins them. */
function contentText(result: { content: { text: string }[] }): string {
  return result.content.map((block) => block.text).join("\n");
}

/** The texts of one IR, in the order of the delivered table; whitelist "off" so any IR is measured. */
export async function deliveredTexts(ir: unknown): Promise<DeliveredText[]> {
  const [mcp, a2a, toon] = await Promise.all([loadMcp("silpc tokens --delivered"), loadA2a("silpc tokens --delivered"), import("@toon-format/toon")]);
  const input = ir as SilpIRInput;
  const expected = validate(input, OFF).ir as SilpIR;
  const code = (text: string) => () => decode(text, "code", OFF).ir;
  const envelope = toEnvelope(input, "code", OFF);
  // SilpPeer.send builds the same envelope (envelopeOf) and parts; the data part's payload is compact.
  const textPart = partText(a2a.envelopePart(envelope, "text"));
  const dataPart = JSON.stringify(partData(a2a.envelopePart(envelope, "data")));
  const compiledDefault = compile(input, "code", OFF);
  const compact = compile(input, "code", { ...OFF, inlineMeta: false });
  const args = JSON.stringify(mcp.wrapSilpArguments(input, {}, OFF));
  const result = contentText(mcp.silpToolResult(input, OFF));
  const tools = mcp.silpTools(OFF);
  const tool = (name: string) => tools.find((candidate) => candidate.name === name) as (typeof tools)[number];
  const compiled = (await tool("compile").handler({ ir: expected as unknown as Record<string, unknown> })).content[0]?.text ?? "";
  const decodedTool = await tool("decode").handler({ ...mcp.wrapSilpArguments(input, {}, OFF) });
  const decodedText = decodedTool.content[0]?.text ?? "";
  const handed = modelText(fromEnvelope(envelope, OFF));
  const json = JSON.stringify(ir);
  const toonText = toon.encode(ir);
  return [
    {
      label: "compile_default",
      description: "compile(ir): the payload with its meta trailer",
      kind: "model",
      text: compiledDefault,
      keeps: keeps(expected, code(compiledDefault)),
    },
    {
      label: "compact",
      description: 'compile(ir, "code", {inlineMeta: false}): the task alone, the meta dropped; no carrier delivers it',
      kind: "reference",
      text: compact,
      keeps: keeps(expected, code(compact)),
    },
    {
      label: "mcp_arguments",
      description: "MCP tool-call arguments (wrapSilpArguments), as JSON",
      kind: "model",
      text: args,
      keeps: keeps(expected, () => unwrapSilp(JSON.parse(args), OFF).ir),
    },
    {
      label: "mcp_result_text",
      description: "MCP tool result, its text content (silpToolResult)",
      kind: "model",
      text: result,
      keeps: keeps(expected, code(result)),
    },
    { label: "mcp_compile_text", description: "the MCP compile tool's text content", kind: "model", text: compiled, keeps: keeps(expected, code(compiled)) },
    {
      label: "mcp_decode_text",
      description: "the MCP decode tool's text content: the decoded IR, req_id included",
      kind: "model",
      text: contentText(decodedTool),
      keeps: keeps(expected, code(decodedText)),
    },
    {
      label: "a2a_text_part",
      description: "A2A text part (SilpPeer's default form): its text",
      kind: "model",
      text: textPart,
      keeps: keeps(expected, code(textPart)),
    },
    {
      label: "a2a_data_part",
      description: "A2A data part (form: data): the envelope as JSON",
      kind: "model",
      text: dataPart,
      keeps: keeps(expected, () => fromEnvelope(JSON.parse(dataPart), OFF).ir),
    },
    {
      label: "model_text",
      description: "modelText(decoded): what a receiving agent or adapter hands its model",
      kind: "model",
      text: handed,
      keeps: keeps(expected, code(handed)),
    },
    { label: "ir_json", description: "the IR as compact JSON (baseline)", kind: "baseline", text: json, keeps: keeps(expected, () => JSON.parse(json)) },
    { label: "toon", description: "the IR as TOON (baseline)", kind: "baseline", text: toonText, keeps: keeps(expected, () => toon.decode(toonText)) },
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
