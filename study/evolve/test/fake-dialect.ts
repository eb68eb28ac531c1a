/**
 * Test doubles for the dialect fitness: `FakeDialectCodec` (a test double of a dialect: prints
 * an IR as its verb and entity values joined by a separator gene, and parses by remembering what
 * it printed, optionally returning another IR so the dialect is lossy) and `FakeTokenCounter` (a
 * test double of the six tokenizers: two "tokenizers", words separated by a space and
 * characters, so every count in a test can be worked out by hand).
 */
import type { CountTokens, DialectCodec, GeneSpace, Genome } from "@silp/evolve";
import type { SilpIR } from "silp";

export const FAKE_SPACE: GeneSpace = [
  { name: "separator", options: ["space", "comma", "throws"] },
  { name: "lossy", options: ["no", "yes"] },
];

export class FakeDialectCodec implements DialectCodec {
  readonly #printed = new Map<string, SilpIR>();
  constructor(private readonly genes: Genome) {}

  print(ir: SilpIR): string {
    if (this.genes.separator === "throws") throw new Error("this dialect cannot print");
    const separator = this.genes.separator === "comma" ? "," : " ";
    const text = [ir.intent.slice(1).toLowerCase(), ...ir.entities.map((entity) => String(entity.value))].join(separator);
    this.#printed.set(text, ir);
    return text;
  }

  parse(text: string): SilpIR {
    const ir = this.#printed.get(text);
    if (ir === undefined) throw new Error(`never printed ${text}`);
    return this.genes.lossy === "yes" ? { ...ir, intent: "!STOP" } : ir;
  }

  roundTrip(ir: SilpIR, payload: string): string | undefined {
    return this.parse(payload).intent === ir.intent ? undefined : `${payload} lost its intent`;
  }
}

export class FakeTokenCounter implements CountTokens {
  readonly tokenizers = ["words", "chars"];
  counts(text: string): readonly number[] {
    return [text.split(" ").length, text.length];
  }
}
