/** The shape of a cost table (costs.ts), apart so that the generated table can name it without a cycle. */
export interface CostTable {
  /** What the means are over (a payload set anyone can re-measure). */
  readonly reference: string;
  readonly payloads: number;
  /** How a payload was written: the compact payload (no meta), as the token tables cost it. */
  readonly surface: string;
  /** Tokenizer family -> frontend name or dialect reference -> mean tokens per payload. */
  readonly tokens: Readonly<Record<string, Readonly<Record<string, number>>>>;
}
