/**
 * The token classifier behind LLMLingua-2: a Hugging Face tokenizer (tokenizer.json, run by
 * @huggingface/tokenizers, the tokenizer code of transformers.js) and an ONNX
 * `*ForTokenClassification` graph run on CPU by onnxruntime-node or onnxruntime-web, whichever
 * the user installed (runtime.ts chooses). Both are imported only when a model is loaded, so
 * importing the frontend costs nothing.
 *
 * Neither package has any download code path: the tokenizer is built from the JSON we read and
 * onnxruntime opens the file path we give it, so there is no remote loading to switch off and
 * no way for a run to reach the network (docs/llmlingua2.md explains the choice of stack).
 */
import { readFileSync } from "node:fs";
import { importOptional } from "silp/util";
import { locateModelFiles, unusableModel, type ModelFiles, type ModelLocation } from "./model-files.js";
import {
  loadOnnxRuntime,
  resolveRuntimeChoice,
  type OnnxRuntime,
  type OnnxRuntimeChoice,
  type OnnxRuntimeName,
  type OrtSession,
  type OrtTensor,
} from "./runtime.js";
import type { WordBoundaryStyle } from "./words.js";

/** LLMLingua-2's `max_seq_len`: one model call sees at most 512 tokens, CLS and SEP included. */
export const MAX_SEQUENCE_LENGTH = 512;

/** Label 1 of the LLMLingua-2 classifiers means "preserve" (the original reads `probs[..., 1]`). */
export const KEEP_LABEL = 1;

export interface TokenizedText {
  ids: number[];
  /** Token strings as the tokenizer spells them ("▁order", "##ing"). */
  tokens: string[];
  /** Whether each token is a special token (<s>, </s>, <unk>, [CLS], ...). */
  special: boolean[];
}

export interface TokenClassifier {
  readonly dir: string;
  readonly style: WordBoundaryStyle;
  /** The ONNX runtime running the graph: onnxruntime-node ("node") or onnxruntime-web ("web"). */
  readonly runtime: OnnxRuntimeName;
  /** Content tokens one model call can take: MAX_SEQUENCE_LENGTH minus CLS and SEP. */
  readonly maxContentTokens: number;
  /** Tokens of `text` without special tokens around it (the original's `tokenizer.tokenize`). */
  tokenize(text: string): TokenizedText;
  /** Keep probability of each token of one chunk, from one model call on [CLS] chunk [SEP]. */
  keepProbabilities(ids: readonly number[]): Promise<Float64Array>;
  /** Text of the given tokens, as `convert_tokens_to_string` spells it (no clean-up pass). */
  decode(ids: readonly number[]): string;
  release(): Promise<void>;
}

export interface LoadModelOptions extends ModelLocation {
  /**
   * onnxruntime intra-op threads. Default: onnxruntime's choice (the physical cores). With
   * onnxruntime-web the count is process-wide and fixed by the first session created.
   */
  threads?: number;
  /**
   * The ONNX runtime: "node" (onnxruntime-node), "web" (onnxruntime-web) or "auto" (the first of
   * the two that is installed). Default: $SILP_LLMLINGUA2_RUNTIME, else "auto".
   */
  runtime?: OnnxRuntimeChoice;
}

/**
 * The part of @huggingface/tokenizers' Tokenizer we use. Declared here because the package's
 * own declaration files use extensionless relative imports that NodeNext cannot follow.
 */
interface Tokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): { ids: number[]; tokens: string[] };
  decode(ids: number[], options: { skip_special_tokens: boolean; clean_up_tokenization_spaces: boolean }): string;
  token_to_id(token: string): number | undefined;
  get_added_tokens_decoder(): Map<number, { special?: boolean }>;
}

interface TokenizersModule {
  Tokenizer: new (tokenizerJson: object, tokenizerConfig: object) => Tokenizer;
}

function readJson(path: string, dir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object");
    return value as Record<string, unknown>;
  } catch (error) {
    throw unusableModel(dir, `${path} is not a readable JSON object`, error);
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Does a tokenizer.json component (possibly a "Sequence" of components) contain a Metaspace step? */
function hasMetaspace(component: unknown): boolean {
  const step = record(component);
  if (step === undefined) return false;
  if (step.type === "Metaspace") return true;
  const parts = step.pretokenizers ?? step.decoders;
  return Array.isArray(parts) && parts.some(hasMetaspace);
}

/** The LLMLingua-2 models are XLM-RoBERTa (SentencePiece, "▁") or multilingual BERT (WordPiece, "##"). */
function detectStyle(tokenizerJson: Record<string, unknown>, dir: string): WordBoundaryStyle {
  if (record(tokenizerJson.model)?.type === "WordPiece") return "wordpiece";
  if (hasMetaspace(tokenizerJson.pre_tokenizer) || hasMetaspace(tokenizerJson.decoder)) return "metaspace";
  throw unusableModel(
    dir,
    "tokenizer.json is neither SentencePiece with a Metaspace step (XLM-RoBERTa) nor WordPiece (BERT), the two tokenizer families LLMLingua-2 ships",
  );
}

function tokenName(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const content = record(value)?.content;
  return typeof content === "string" ? content : undefined;
}

/** CLS and SEP: named by tokenizer_config.json, else by the post-processor, else by family convention. */
function boundaryTokens(
  tokenizer: Tokenizer,
  tokenizerJson: Record<string, unknown>,
  config: Record<string, unknown>,
  style: WordBoundaryStyle,
  dir: string,
): { cls: number; sep: number } {
  const post = record(tokenizerJson.post_processor);
  const postToken = (key: "cls" | "sep"): string | undefined => {
    const pair = post?.[key];
    return Array.isArray(pair) && typeof pair[0] === "string" ? pair[0] : undefined;
  };
  const fallback = style === "metaspace" ? { cls: "<s>", sep: "</s>" } : { cls: "[CLS]", sep: "[SEP]" };
  const pick = (key: "cls" | "sep"): number => {
    const name = tokenName(config[`${key}_token`]) ?? postToken(key) ?? fallback[key];
    const id = tokenizer.token_to_id(name);
    if (id === undefined) throw unusableModel(dir, `its ${key.toUpperCase()} token ${name} is not in the vocabulary`);
    return id;
  };
  return { cls: pick("cls"), sep: pick("sep") };
}

function softmaxAt(logits: Float32Array, offset: number, size: number, label: number): number {
  let max = -Infinity;
  for (let k = 0; k < size; k++) max = Math.max(max, logits[offset + k] ?? -Infinity);
  let sum = 0;
  for (let k = 0; k < size; k++) sum += Math.exp((logits[offset + k] ?? -Infinity) - max);
  return Math.exp((logits[offset + label] ?? -Infinity) - max) / sum;
}

const KNOWN_INPUTS = new Set(["input_ids", "attention_mask", "token_type_ids"]);

class OnnxTokenClassifier implements TokenClassifier {
  readonly maxContentTokens = MAX_SEQUENCE_LENGTH - 2;

  readonly runtime: OnnxRuntimeName;

  constructor(
    readonly dir: string,
    readonly style: WordBoundaryStyle,
    private readonly ort: OnnxRuntime,
    private readonly session: OrtSession,
    private readonly tokenizer: Tokenizer,
    private readonly cls: number,
    private readonly sep: number,
    private readonly specialIds: ReadonlySet<number>,
    private readonly outputName: string,
  ) {
    this.runtime = ort.name;
  }

  tokenize(text: string): TokenizedText {
    const encoding = this.tokenizer.encode(text, { add_special_tokens: false });
    return {
      ids: encoding.ids,
      tokens: encoding.tokens,
      special: encoding.ids.map((id) => this.specialIds.has(id)),
    };
  }

  decode(ids: readonly number[]): string {
    return this.tokenizer.decode([...ids], { skip_special_tokens: true, clean_up_tokenization_spaces: false });
  }

  async keepProbabilities(ids: readonly number[]): Promise<Float64Array> {
    if (ids.length > this.maxContentTokens) {
      throw new RangeError(`a chunk holds at most ${this.maxContentTokens} tokens, got ${ids.length}`);
    }
    const sequence = [this.cls, ...ids, this.sep];
    const shape = [1, sequence.length];
    const feeds: Record<string, OrtTensor> = {};
    for (const name of this.session.inputNames) {
      const values =
        name === "input_ids" ? BigInt64Array.from(sequence, (id) => BigInt(id)) : new BigInt64Array(sequence.length).fill(name === "attention_mask" ? 1n : 0n);
      feeds[name] = this.ort.int64Tensor(values, shape);
    }
    const output = (await this.session.run(feeds))[this.outputName];
    const dims = output?.dims ?? [];
    const labels = dims[2] ?? 0;
    if (output === undefined || output.type !== "float32" || dims.length !== 3 || dims[1] !== sequence.length || labels <= KEEP_LABEL) {
      throw unusableModel(this.dir, `output ${this.outputName} has shape [${dims.join(", ")}], expected float [1, ${sequence.length}, labels >= 2]`);
    }
    const logits = output.data as Float32Array;
    const probabilities = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      // Position 0 is CLS, so content token i sits at position i + 1.
      probabilities[i] = softmaxAt(logits, (i + 1) * labels, labels, KEEP_LABEL);
    }
    return probabilities;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

async function createClassifier(files: ModelFiles, threads: number | undefined, runtime: OnnxRuntimeChoice): Promise<TokenClassifier> {
  const [ort, tokenizers] = await Promise.all([
    loadOnnxRuntime(runtime),
    importOptional<TokenizersModule>(
      "@huggingface/tokenizers",
      "the llmlingua2 frontend",
      () => import("@huggingface/tokenizers") as Promise<TokenizersModule>,
    ),
  ]);
  const tokenizerJson = readJson(files.tokenizer, files.dir);
  const config = files.tokenizerConfig === undefined ? {} : readJson(files.tokenizerConfig, files.dir);
  const style = detectStyle(tokenizerJson, files.dir);
  let tokenizer: Tokenizer;
  try {
    tokenizer = new tokenizers.Tokenizer(tokenizerJson, config);
  } catch (error) {
    throw unusableModel(files.dir, `tokenizer.json was rejected by @huggingface/tokenizers (${String(error)})`, error);
  }
  const { cls, sep } = boundaryTokens(tokenizer, tokenizerJson, config, style, files.dir);
  const specialIds = new Set<number>();
  for (const [id, token] of tokenizer.get_added_tokens_decoder()) if (token.special === true) specialIds.add(id);

  let session: OrtSession;
  try {
    session = await ort.createSession(files.onnx, threads);
  } catch (error) {
    throw unusableModel(files.dir, `${ort.package} could not open ${files.onnx} (${String(error)})`, error);
  }
  const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
  if (!session.inputNames.includes("input_ids") || unknown.length > 0) {
    await session.release();
    throw unusableModel(
      files.dir,
      `the graph's inputs are [${session.inputNames.join(", ")}]; a token classifier takes input_ids, attention_mask and optionally token_type_ids`,
    );
  }
  const outputName = session.outputNames.includes("logits") ? "logits" : session.outputNames[0];
  if (outputName === undefined) {
    await session.release();
    throw unusableModel(files.dir, "the graph has no output");
  }
  return new OnnxTokenClassifier(files.dir, style, ort, session, tokenizer, cls, sep, specialIds, outputName);
}

const loaded = new Map<string, Promise<TokenClassifier>>();

/**
 * Loads (once per process and model file) the classifier of a local model folder. A failed load
 * is not remembered, so fixing the folder and retrying works.
 */
export function loadTokenClassifier(options: LoadModelOptions = {}): Promise<TokenClassifier> {
  let files: ModelFiles;
  let runtime: OnnxRuntimeChoice;
  try {
    files = locateModelFiles(options);
    runtime = resolveRuntimeChoice(options.runtime);
  } catch (error) {
    return Promise.reject(error);
  }
  const key = `${files.onnx}\u0000${options.threads ?? ""}\u0000${runtime}`;
  let pending = loaded.get(key);
  if (pending === undefined) {
    pending = createClassifier(files, options.threads, runtime);
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Releases every loaded model (their onnxruntime sessions hold the weights in memory). */
export async function releaseTokenClassifiers(): Promise<void> {
  const pending = [...loaded.values()];
  loaded.clear();
  for (const classifier of await Promise.allSettled(pending)) {
    if (classifier.status === "fulfilled") await classifier.value.release();
  }
}
