/**
 * The payloads shown to the models: one per (case, frontend).
 *
 * code, json, natural and nl_json are compiled by the core `compile()` with the whitelist off
 * (a benchmark measures understanding, not policy) and on the compact surface (`inlineMeta:
 * false`): the study's stimuli carried no meta, and the models are asked about the task, not it. Our lossless code/json keep secondary-action
 * entity ids that the reference dropped, so on the study's cases 1 and 7 they differ from the
 * study's strings; `source: "study"` replays the study's recorded strings instead, for an exact
 * re-run of its stimuli. llmlingua2 uses the study's recorded string when one exists for the
 * case; otherwise it is compiled only when `silp/llmlingua2` finds a local model, and skipped
 * (with the reason) when it does not. Nothing is downloaded.
 */
import { importOptional } from "silp/util";
import { compile, compileAsync } from "silp";
import { SilpError } from "silp";
import type { BenchCase } from "../cases.js";
import type { CompiledPayload } from "../study.js";

export interface Payload {
  caseId: string;
  frontend: string;
  /** The payload text; absent when compiling failed or the frontend was skipped. */
  text?: string;
  /** Why compiling failed: recorded as a "compile_error" result, as the study did. */
  compileError?: string;
  /** Why the frontend is not run for this case at all (no record is written). */
  skipped?: string;
}

export interface PayloadOptions {
  /** The study's recorded strings (phase2/compile.lock.jsonl). */
  studyPayloads?: readonly CompiledPayload[];
  /** "compile" (default): the core compiles; "study": recorded strings first. */
  source?: "compile" | "study";
  /** Folder of the LLMLingua-2 ONNX model (default $SILP_LLMLINGUA2_MODEL). */
  llmlingua2ModelDir?: string;
}

const LLMLINGUA2 = "llmlingua2";

/** Whether a local LLMLingua-2 model is configured; the reason when it is not. */
async function llmlingua2Availability(modelDir: string | undefined): Promise<string | undefined> {
  let module: typeof import("@silp/llmlingua2");
  try {
    module = await importOptional("@silp/llmlingua2", "the llmlingua2 frontend", () => import("@silp/llmlingua2"));
  } catch (error) {
    if (error instanceof SilpError) return `no recorded llmlingua2 payload for this case and ${error.message}`;
    throw error;
  }
  try {
    module.locateModelFiles(modelDir === undefined ? {} : { modelDir });
    return undefined;
  } catch (error) {
    if (error instanceof SilpError && error.code === "dependency_missing") {
      return `no recorded llmlingua2 payload for this case and no local model (${module.MODEL_ENV_VAR} unset or incomplete)`;
    }
    throw error;
  }
}

export async function preparePayloads(cases: readonly BenchCase[], frontends: readonly string[], options: PayloadOptions = {}): Promise<Payload[]> {
  const recorded = new Map((options.studyPayloads ?? []).map((p) => [`${p.case_id}\u0000${p.frontend}`, p.compiled]));
  let llmlingua2Missing: string | undefined | null = null; // null: not checked yet
  const out: Payload[] = [];
  for (const c of cases) {
    for (const frontend of frontends) {
      const base = { caseId: c.id, frontend };
      const replay = recorded.get(`${c.id}\u0000${frontend}`);
      if (replay !== undefined && (options.source === "study" || frontend === LLMLINGUA2)) {
        out.push({ ...base, text: replay });
        continue;
      }
      try {
        if (frontend === LLMLINGUA2) {
          if (llmlingua2Missing === null) llmlingua2Missing = await llmlingua2Availability(options.llmlingua2ModelDir);
          if (llmlingua2Missing !== undefined) {
            out.push({ ...base, skipped: llmlingua2Missing });
            continue;
          }
          const frontendOptions = { allowLossy: true, ...(options.llmlingua2ModelDir ? { modelDir: options.llmlingua2ModelDir } : {}) };
          out.push({ ...base, text: await compileAsync(c.ir, LLMLINGUA2, { whitelist: "off", frontendOptions }) });
        } else {
          out.push({ ...base, text: compile(c.ir, frontend, { whitelist: "off", inlineMeta: false }) });
        }
      } catch (error) {
        if (!(error instanceof SilpError)) throw error;
        if (error.code === "unsupported_frontend") throw error; // a typo in --frontends is a usage problem
        out.push({ ...base, compileError: `${error.code}: ${error.message}` });
      }
    }
  }
  return out;
}
