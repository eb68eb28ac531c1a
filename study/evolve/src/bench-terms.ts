/**
 * Task success and cross-model fidelity (spec 6.1's alpha and alpha' terms), measured, never
 * guessed: they come from `silpc bench run` results in which a dialect was a frontend (the
 * records' `frontend` is the dialect's name). A dialect without records has no such terms; the
 * search says so instead of inventing a value.
 *
 * - cross_model_fidelity: the dialect's pass rate (first_pass) pooled over every model;
 * - task_success: its pass rate on one model: the one named, else the only one, else the proxy
 *   that Layer 5 screening accepts (spec 6.2: the model whose frontend ranking preserves every
 *   other model's, best mean rho first), else, with no proxy accepted, the pooled rate (and the
 *   report says which).
 * Both through bench's `measure`, the same numbers `silpc bench report` ranks with.
 */
import { latestRecords, type MatrixRecord, measure, type ScreeningResult, scoresFromRates, screenAllProxies } from "@silp/bench";

export interface SuccessSource {
  /** The model whose pass rate is task_success, or undefined for the pooled rate. */
  readonly model: string | undefined;
  readonly how: "named" | "only model" | "screened proxy" | "pooled: no proxy preserved the ranking";
  readonly models: readonly string[];
  readonly screening: readonly ScreeningResult[];
}

export interface SuccessMeasurements {
  readonly taskSuccess: number;
  readonly crossModelFidelity: number;
  readonly crossModelAmbiguity?: number;
}

export interface SuccessTerms {
  readonly source: SuccessSource;
  /** The measured frontends (dialect names among them) and their terms. */
  readonly byFrontend: ReadonlyMap<string, SuccessMeasurements>;
}

export function successTerms(records: readonly MatrixRecord[], model?: string): SuccessTerms {
  const latest = latestRecords("matrix", records);
  const perModel = measure(latest);
  const models = [...perModel.keys()];
  if (models.length === 0) throw new RangeError("the bench results hold no matrix record");
  if (model !== undefined && !perModel.has(model)) throw new RangeError(`no bench results for model ${model}; the results have ${models.join(", ")}`);
  let source: SuccessSource;
  let screening: ScreeningResult[] = [];
  if (model !== undefined) source = { model, how: "named", models, screening };
  else if (models.length === 1) source = { model: models[0], how: "only model", models, screening };
  else {
    const rates = [...perModel].flatMap(([m, list]) => list.map((entry) => ({ model: m, frontend: entry.frontend, rate: entry.taskSuccess ?? Number.NaN })));
    screening = screenAllProxies(scoresFromRates(rates));
    const proxy = screening.find((result) => result.preserved);
    source = proxy
      ? { model: proxy.proxy, how: "screened proxy", models, screening }
      : { model: undefined, how: "pooled: no proxy preserved the ranking", models, screening };
  }
  const anyModel = perModel.get(models[0] as string) ?? [];
  const byFrontend = new Map<string, SuccessMeasurements>();
  for (const { frontend, crossModelFidelity, crossModelAmbiguity } of anyModel) {
    const own = source.model === undefined ? undefined : perModel.get(source.model)?.find((entry) => entry.frontend === frontend);
    const taskSuccess = source.model === undefined ? crossModelFidelity : own?.taskSuccess;
    if (taskSuccess === undefined || Number.isNaN(taskSuccess) || crossModelFidelity === undefined) continue;
    byFrontend.set(frontend, {
      taskSuccess,
      crossModelFidelity,
      ...(crossModelAmbiguity === undefined || Number.isNaN(crossModelAmbiguity) ? {} : { crossModelAmbiguity }),
    });
  }
  return { source, byFrontend };
}
