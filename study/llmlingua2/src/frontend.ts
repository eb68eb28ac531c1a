/**
 * The llmlingua2 frontend (spec section 4.5): the natural frontend's prose, compressed by
 * LLMLingua-2 at rate 0.5 unless configured. Lossy, compile-only and asynchronous; guarded by
 * spec section 8.5 (guard.ts).
 *
 * Pipeline: natural prose (whitelist "off" unless the caller sets one) -> lossy guard -> input
 * limit -> local model -> compression. When compression keeps no word (very short prose, all
 * words tied, rate 0) the prose itself is returned, as the reference implementation does.
 */
import { compile, SilpError } from "silp";

import type { SilpIR, SilpIRInput } from "silp";
import type { SilpOptions } from "silp";
import { pickCodecOptions, resolveOptions, type ResolvedOptions } from "silp/util";
import type { FrontendDefinition } from "silp";
import { compressText, type Compression, type CompressOptions } from "./compressor.js";
import { assertLossyAllowed, type LossyConsent } from "./guard.js";
import { loadTokenClassifier, type LoadModelOptions, type TokenClassifier } from "./model.js";
import { RUNTIME_CHOICES } from "./runtime.js";

export const LLMLINGUA2 = "llmlingua2";

export interface Llmlingua2Options extends SilpOptions, CompressOptions, LossyConsent, LoadModelOptions {
  /** A classifier the caller loaded already (loadTokenClassifier); overrides modelDir. */
  classifier?: TokenClassifier;
}

export interface Llmlingua2Compilation extends Compression {
  /** The natural frontend's prose that was compressed. */
  prose: string;
  /** The payload: the compressed text, or the prose when nothing survived (`fallback`). */
  output: string;
  fallback: boolean;
}

const OPTION_TYPES: Readonly<Record<string, "string" | "number" | "boolean" | "string[]" | "tokenToWord" | "runtime">> = {
  modelDir: "string",
  modelFile: "string",
  threads: "number",
  runtime: "runtime",
  rate: "number",
  allowLossy: "boolean",
  precisionCritical: "boolean",
  forceReserveDigit: "boolean",
  forceTokens: "string[]",
  chunkEndTokens: "string[]",
  tokenToWord: "tokenToWord",
};

/** Options may come from untrusted callers (CLI, compileAsync's untyped extras): check their types. */
export function checkLlmlingua2Options(options: Record<string, unknown>): void {
  for (const [name, kind] of Object.entries(OPTION_TYPES)) {
    const value = options[name];
    if (value === undefined) continue;
    const ok =
      kind === "string[]"
        ? Array.isArray(value) && value.every((item) => typeof item === "string")
        : kind === "tokenToWord"
          ? value === "mean" || value === "first"
          : kind === "runtime"
            ? (RUNTIME_CHOICES as readonly unknown[]).includes(value)
            : typeof value === kind;
    const expected = kind === "tokenToWord" ? '"mean" or "first"' : kind === "runtime" ? '"auto", "node" or "web"' : `a ${kind}`;
    if (!ok) throw new TypeError(`llmlingua2 option ${name} must be ${expected}`);
  }
  if (options.threads !== undefined && !(Number.isInteger(options.threads) && (options.threads as number) > 0)) {
    throw new TypeError("llmlingua2 option threads must be a positive integer");
  }
}

/** Compiles and reports everything: prose, per-word probabilities, token counts. */
export async function compileLlmlingua2Detailed(ir: SilpIRInput, options: Llmlingua2Options = {}): Promise<Llmlingua2Compilation> {
  checkLlmlingua2Options(options as Record<string, unknown>);
  const resolved = resolveOptions({ ...pickCodecOptions(options), whitelist: options.whitelist ?? "off" });
  const prose = compile(ir, "natural", resolved);
  assertLossyAllowed(ir, options, LLMLINGUA2);
  if (prose.length > resolved.limits.maxInputLength) {
    throw new SilpError("limit_exceeded", `natural prose of ${prose.length} characters exceeds the limit of ${resolved.limits.maxInputLength}`, {
      details: { limit: "maxInputLength", value: resolved.limits.maxInputLength, actual: prose.length },
    });
  }
  const classifier = options.classifier ?? (await loadTokenClassifier(options));
  return compressProse(prose, classifier, options);
}

/**
 * Compresses prose the way the frontend does: LLMLingua-2, then the reference's fallback to the
 * prose itself when no word survives.
 */
export async function compressProse(prose: string, classifier: TokenClassifier, options: CompressOptions = {}): Promise<Llmlingua2Compilation> {
  const compression = await compressText(prose, classifier, options);
  const fallback = compression.text === "" && prose.trim() !== "";
  return { ...compression, prose, output: fallback ? prose.trim() : compression.text, fallback };
}

/** `compile(ir, "llmlingua2")`, asynchronously: the compressed payload text. */
export async function compileLlmlingua2(ir: SilpIRInput, options: Llmlingua2Options = {}): Promise<string> {
  return (await compileLlmlingua2Detailed(ir, options)).output;
}

/** llmlingua2 has no decoder (spec 4.5): compressed prose cannot be turned back into an IR. */
export function decodeLlmlingua2(_text: string): never {
  throw new SilpError("unsupported_frontend", 'frontend "llmlingua2" is compile-only: it is lossy and has no decoder (spec section 4.5)', {
    details: { frontend: LLMLINGUA2, operation: "decode" },
  });
}

/** The registry entry (src/frontends/registry.ts). Negotiation must never choose it by default. */
export const llmlingua2Frontend: FrontendDefinition = {
  name: LLMLINGUA2,
  lossless: false,
  description: "the natural prose compressed by LLMLingua-2 from a local model (lossy baseline; refuses negation without allowLossy)",
  // compileAsync(ir, "llmlingua2", { whitelist, frontendOptions: { rate, modelDir, allowLossy } }):
  // the codec's options and this frontend's own, checked by compileLlmlingua2.
  compileAsync: (ir: SilpIR, resolved) => compileLlmlingua2(ir, { ...(resolved.frontendOptions as Llmlingua2Options), ...codecPart(resolved) }),
};

/** The codec options a resolved object carries, as options again (frontendOptions left out). */
function codecPart(resolved: ResolvedOptions): SilpOptions {
  const { frontendOptions: _frontendOptions, ...codec } = resolved;
  return codec;
}
