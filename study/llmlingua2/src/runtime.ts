/**
 * Which ONNX runtime runs the classifier, and how each one is asked to open a graph.
 *
 * Neither runtime is a dependency of @silp/llmlingua2; both are optional peers that the user
 * installs knowingly (docs/llmlingua2.md, "Which ONNX runtime"):
 *   - onnxruntime-node: native CPU runtime, fast; its postinstall fetches CUDA libraries from
 *     outside the npm registry on linux x64 unless ONNXRUNTIME_NODE_INSTALL=skip;
 *   - onnxruntime-web: WebAssembly, nothing fetched at install, slower and far heavier in memory
 *     on the large model.
 * "auto" (the default) takes onnxruntime-node when it loads, else onnxruntime-web, else fails
 * with one `dependency_missing` naming both install lines.
 *
 * Where the two differ in use, this file hides it: onnxruntime-web ignores `intraOpNumThreads`
 * (its threads are the process-wide `env.wasm.numThreads`, read when its first session is
 * created) and does not follow a graph's external weights file by itself (it must be named in
 * `externalData`, an option onnxruntime-node rejects).
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { isSilpError, SilpError } from "silp";
import { importOptional } from "silp/util";

export type OnnxRuntimeName = "node" | "web";
export type OnnxRuntimeChoice = OnnxRuntimeName | "auto";

export const RUNTIME_ENV_VAR = "SILP_LLMLINGUA2_RUNTIME";
export const RUNTIME_CHOICES: readonly OnnxRuntimeChoice[] = ["auto", "node", "web"];

/** The npm package of each runtime. */
export const RUNTIME_PACKAGES: Readonly<Record<OnnxRuntimeName, string>> = {
  node: "onnxruntime-node",
  web: "onnxruntime-web",
};

/** The lines a user runs to install each runtime, and why they would pick it. */
const INSTALL_LINES: Readonly<Record<OnnxRuntimeName, readonly string[]>> = {
  node: [
    "npm install onnxruntime-node    native CPU runtime, fast; recommended for the real model",
    "    on linux x64: ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node  (skips its CUDA download from outside the npm registry)",
  ],
  web: ["npm install onnxruntime-web     WebAssembly, nothing fetched at install; about 2x slower, far more memory on the large model"],
};

/** A tensor as both runtimes return it (onnxruntime-common's Tensor, reduced to what we read). */
export interface OrtTensor {
  readonly type: string;
  readonly dims: readonly number[];
  readonly data: unknown;
}

/** An inference session, reduced to what the classifier uses. */
export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Readonly<Record<string, OrtTensor | undefined>>>;
  release(): Promise<void>;
}

/** A loaded runtime: opens graphs on CPU and builds the int64 input tensors of its own kind. */
export interface OnnxRuntime {
  readonly name: OnnxRuntimeName;
  readonly package: string;
  /** Opens the graph file; `threads` is the intra-op thread count (undefined: the runtime's choice). */
  createSession(onnxPath: string, threads: number | undefined): Promise<OrtSession>;
  int64Tensor(values: BigInt64Array, dims: readonly number[]): OrtTensor;
}

/** The `import()` of each runtime package. Tests replace them to simulate a missing package. */
export type RuntimeImporters = Readonly<Record<OnnxRuntimeName, () => Promise<unknown>>>;

/** What both packages export and we call (their shared onnxruntime-common API). */
export interface OrtModule {
  InferenceSession: { create(path: string, options: Record<string, unknown>): Promise<OrtSession> };
  Tensor: new (type: "int64", data: BigInt64Array, dims: readonly number[]) => OrtTensor;
  env: { wasm: { numThreads?: number } };
}

// The package names go through a variable: the runtimes are optional peers, which the product
// lane does not install, so their types are not there to compile against. runtime-types.test.ts
// (lab) checks at compile time that both packages provide OrtModule.
const importPackage = (name: string): Promise<unknown> => import(name);
const DEFAULT_IMPORTERS: RuntimeImporters = {
  node: () => importPackage("onnxruntime-node"),
  web: () => importPackage("onnxruntime-web"),
};

/** The option, else $SILP_LLMLINGUA2_RUNTIME, else "auto". */
export function resolveRuntimeChoice(option: OnnxRuntimeChoice | undefined, env: NodeJS.ProcessEnv = process.env): OnnxRuntimeChoice {
  if (option !== undefined) {
    if (!RUNTIME_CHOICES.includes(option)) throw new TypeError(`llmlingua2 option runtime must be "auto", "node" or "web", got ${JSON.stringify(option)}`);
    return option;
  }
  const value = env[RUNTIME_ENV_VAR]?.trim();
  if (value === undefined || value === "") return "auto";
  if (!(RUNTIME_CHOICES as readonly string[]).includes(value)) {
    throw new TypeError(`${RUNTIME_ENV_VAR} must be "auto", "node" or "web", got ${JSON.stringify(value)}`);
  }
  return value as OnnxRuntimeChoice;
}

/**
 * onnxruntime-web does not look beside the graph for its external weights: name the file
 * optimum writes (`model.onnx` -> `model.onnx_data`) when it is there.
 */
function externalDataOf(onnxPath: string): Array<{ path: string; data: string }> {
  const data = `${onnxPath}_data`;
  return existsSync(data) ? [{ path: basename(data), data }] : [];
}

function wrap(name: OnnxRuntimeName, ort: OrtModule): OnnxRuntime {
  return {
    name,
    package: RUNTIME_PACKAGES[name],
    async createSession(onnxPath, threads) {
      const common = { executionProviders: ["cpu"], graphOptimizationLevel: "all" };
      if (name === "node") {
        // onnxruntime-node follows model.onnx_data by itself and rejects `externalData`.
        return ort.InferenceSession.create(onnxPath, { ...common, ...(threads !== undefined ? { intraOpNumThreads: threads } : {}) });
      }
      // onnxruntime-web ignores intraOpNumThreads; its thread count is process-wide and only
      // read when its first session is created, so a later different value has no effect.
      if (threads !== undefined) ort.env.wasm.numThreads = threads;
      const externalData = externalDataOf(onnxPath);
      return ort.InferenceSession.create(onnxPath, { ...common, ...(externalData.length > 0 ? { externalData } : {}) });
    },
    int64Tensor: (values, dims) => new ort.Tensor("int64", values, dims),
  };
}

async function importRuntime(name: OnnxRuntimeName, importers: RuntimeImporters): Promise<OnnxRuntime> {
  const ort = await importOptional(RUNTIME_PACKAGES[name], "the llmlingua2 frontend", importers[name]);
  return wrap(name, ort as OrtModule);
}

/** The one error for "no usable runtime": both install lines, and why each attempt failed. */
function noRuntime(choice: OnnxRuntimeChoice, failures: ReadonlyArray<[OnnxRuntimeName, SilpError]>): SilpError {
  const tried = failures.map(([name, error]) => `${RUNTIME_PACKAGES[name]}: ${error.message}`).join("\n  ");
  const headline =
    choice === "auto"
      ? "llmlingua2 needs an ONNX runtime, and neither onnxruntime-node nor onnxruntime-web could be loaded. Install one"
      : `llmlingua2 was told to use ${RUNTIME_PACKAGES[choice]} (option runtime "${choice}" or ${RUNTIME_ENV_VAR}=${choice}), which could not be loaded. ` +
        "Install it, or install the other runtime and drop that setting";
  const order: OnnxRuntimeName[] = choice === "web" ? ["web", "node"] : ["node", "web"];
  const first = failures[0]?.[1];
  const missing = (first?.details?.package as string | undefined) ?? RUNTIME_PACKAGES[order[0] ?? "node"];
  return new SilpError(
    "dependency_missing",
    [
      `${headline} (docs/llmlingua2.md, "Which ONNX runtime"):`,
      ...order.flatMap((name) => INSTALL_LINES[name].map((line) => `  ${line}`)),
      `Tried:`,
      `  ${tried}`,
    ].join("\n"),
    {
      cause: first,
      details: {
        reason: failures.every(([, error]) => error.details?.reason === "missing_package") ? "missing_package" : "load_failed",
        package: missing,
        install: `npm install ${missing}`,
        runtime: choice,
        installs: order.map((name) => `npm install ${RUNTIME_PACKAGES[name]}`),
        attempts: failures.map(([name, error]) => ({ runtime: name, ...error.details })),
      },
    },
  );
}

/**
 * Loads the chosen runtime: "node" or "web" only that one; "auto" onnxruntime-node, else
 * onnxruntime-web. Fails with `dependency_missing` naming both install lines.
 */
export async function loadOnnxRuntime(choice: OnnxRuntimeChoice, importers: RuntimeImporters = DEFAULT_IMPORTERS): Promise<OnnxRuntime> {
  const candidates: OnnxRuntimeName[] = choice === "auto" ? ["node", "web"] : [choice];
  const failures: Array<[OnnxRuntimeName, SilpError]> = [];
  for (const name of candidates) {
    try {
      return await importRuntime(name, importers);
    } catch (error) {
      if (!isSilpError(error)) throw error;
      failures.push([name, error]);
    }
  }
  throw noRuntime(choice, failures);
}
