/**
 * Where the LLMLingua-2 model lives on disk, and what to tell a person whose disk lacks it.
 *
 * Nothing is ever downloaded: the model folder is given by the `modelDir` option or the
 * SILP_LLMLINGUA2_MODEL environment variable, and every file is read from that folder.
 */
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { SilpError } from "silp";

export const MODEL_ENV_VAR = "SILP_LLMLINGUA2_MODEL";
export const MODEL_ID = "microsoft/llmlingua-2-xlm-roberta-large-meetingbank";

/** ONNX graph locations tried in order: optimum's export layout, then transformers.js's. */
export const ONNX_CANDIDATES = ["model.onnx", join("onnx", "model.onnx")] as const;

export interface ModelFiles {
  dir: string;
  onnx: string;
  tokenizer: string;
  /** tokenizer_config.json, when present (names the CLS/SEP tokens). */
  tokenizerConfig: string | undefined;
}

export interface ModelLocation {
  /** The model folder. Default: $SILP_LLMLINGUA2_MODEL. */
  modelDir?: string;
  /** The ONNX file, relative to the folder (e.g. "onnx/model_quantized.onnx"). Default: model.onnx, then onnx/model.onnx. */
  modelFile?: string;
}

/** The instructions every "model missing" error carries. */
export function downloadInstructions(): string {
  return [
    `The llmlingua2 frontend runs ${MODEL_ID} locally and never downloads it.`,
    `That Hugging Face repository ships PyTorch weights only (model.safetensors, 2.24 GB), so export it to ONNX once, on a machine with network access:`,
    `  pip install optimum-onnx        (older Optimum releases: pip install "optimum[exporters]")`,
    `  optimum-cli export onnx --model ${MODEL_ID} --task token-classification DIR`,
    `DIR then holds model.onnx (with model.onnx_data beside it when the exporter stores the 2.24 GB of weights outside the graph; keep them together), tokenizer.json, tokenizer_config.json, special_tokens_map.json and config.json.`,
    `Point silp at DIR with --model DIR (option modelDir) or the environment variable ${MODEL_ENV_VAR}=DIR.`,
    `See docs/llmlingua2.md.`,
  ].join("\n");
}

function missing(message: string, details: Record<string, unknown>): SilpError {
  return new SilpError("dependency_missing", `${message}\n${downloadInstructions()}`, {
    details: { ...details, model: MODEL_ID, envVar: MODEL_ENV_VAR },
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Resolves the model folder and its files, or explains exactly what is missing. */
export function locateModelFiles(location: ModelLocation = {}, env: NodeJS.ProcessEnv = process.env): ModelFiles {
  const given = location.modelDir ?? env[MODEL_ENV_VAR];
  if (given === undefined || given.trim() === "") {
    throw missing(`llmlingua2: no model folder given (option modelDir / --model, or ${MODEL_ENV_VAR}).`, { reason: "no_model_dir" });
  }
  const dir = resolve(given);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw missing(`llmlingua2: model folder ${dir} does not exist or is not a folder.`, { reason: "no_such_dir", dir });
  }
  const candidates = location.modelFile !== undefined ? [location.modelFile] : [...ONNX_CANDIDATES];
  const onnx = candidates.map((name) => resolve(dir, name)).find(isFile);
  const tokenizer = join(dir, "tokenizer.json");
  const absent = [...(onnx === undefined ? [candidates.join(" or ")] : []), ...(isFile(tokenizer) ? [] : ["tokenizer.json"])];
  if (onnx === undefined || absent.length > 0) {
    throw missing(`llmlingua2: model folder ${dir} lacks ${absent.join(" and ")}.`, { reason: "missing_files", dir, missing: absent });
  }
  const config = join(dir, "tokenizer_config.json");
  return { dir, onnx, tokenizer, tokenizerConfig: isFile(config) ? config : undefined };
}

/** A model folder that exists but cannot be used (corrupt JSON, not a token classifier, ...). */
export function unusableModel(dir: string, problem: string, cause?: unknown): SilpError {
  return new SilpError("dependency_missing", `llmlingua2: the model in ${dir} is not usable: ${problem}\n${downloadInstructions()}`, {
    cause,
    details: { reason: "unusable_model", dir, problem, model: MODEL_ID },
  });
}
