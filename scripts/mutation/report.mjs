/**
 * What the mutation scripts share about Stryker JSON reports (mutation-testing-report-schema):
 * the score as Stryker computes it, and writing a run's results back into the baseline.
 *
 * Score = (killed + timed out) / (killed + timed out + survived + no coverage); ignored (static)
 * and compile-error mutants are not counted, as in Stryker's own score.
 */

export const DETECTED = new Set(["Killed", "Timeout"]);
export const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** Detected and undetected mutant counts of a report (all files, or those `paths` names). */
export function countMutants(report, paths = Object.keys(report.files)) {
  let detected = 0;
  let undetected = 0;
  for (const path of paths) {
    for (const mutant of report.files[path]?.mutants ?? []) {
      if (DETECTED.has(mutant.status)) detected++;
      else if (UNDETECTED.has(mutant.status)) undetected++;
    }
  }
  return { detected, undetected, score: detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected) };
}

/** A mutant's identity across runs of the same source: mutator, replacement and location. */
export function mutantKey(mutant) {
  const { start, end } = mutant.location;
  return `${mutant.mutatorName}|${mutant.replacement ?? ""}|${start.line}:${start.column}-${end.line}:${end.column}`;
}

/**
 * Writes the results of `run` into `baseline` (mutated in place) and says what changed.
 *
 * - `mode: "mutants"`: each mutant of the run replaces the baseline mutant with the same key; a
 *   run mutant the baseline lacks is `unmatched` (the source changed: the caller refuses). Used
 *   when the run mutated only some lines of unchanged files.
 * - `mode: "files"`: each file of the run replaces the baseline's file whole (the file changed, so
 *   its mutants are new). Used for a run over whole changed files.
 *
 * The run's test ids are its own, so a replaced mutant keeps only status, reason and tests
 * completed; `killedBy`/`coveredBy` are dropped and a later incremental run reruns it.
 */
export function applyRun(baseline, run, mode) {
  let replaced = 0;
  let newlyDetected = 0;
  const unmatched = [];
  for (const [path, file] of Object.entries(run.files)) {
    if (mode === "files") {
      baseline.files[path] = {
        ...file,
        mutants: file.mutants.map(({ killedBy, coveredBy, ...mutant }) => mutant),
      };
      replaced += file.mutants.length;
      continue;
    }
    const byKey = new Map((baseline.files[path]?.mutants ?? []).map((mutant) => [mutantKey(mutant), mutant]));
    for (const mutant of file.mutants) {
      const old = byKey.get(mutantKey(mutant));
      if (!old) {
        unmatched.push(`${path} ${mutantKey(mutant)}`);
        continue;
      }
      if (UNDETECTED.has(old.status) && DETECTED.has(mutant.status)) newlyDetected++;
      old.status = mutant.status;
      old.statusReason = mutant.statusReason;
      old.testsCompleted = mutant.testsCompleted;
      delete old.killedBy;
      delete old.coveredBy;
      replaced++;
    }
  }
  return { replaced, newlyDetected, unmatched };
}

/**
 * Which core files a baseline no longer speaks for: those whose text differs from the source the
 * baseline recorded for them, or that it has no entry for. The text is the test, not the commit
 * that last wrote the baseline: a run that writes only some files back leaves every other changed
 * file changed, and a commit that touches the baseline for another reason hides nothing.
 * `readSource(path)` gives a file's current text.
 */
export function staleFiles(baseline, corePaths, readSource) {
  return corePaths.filter((path) => baseline.files[path]?.source !== readSource(path));
}

/**
 * Drops from `baseline` the entries of files that are no longer core (deleted or moved), so the
 * core's score counts only code that exists.
 */
export function dropNonCoreFiles(baseline, corePaths) {
  const core = new Set(corePaths);
  for (const path of Object.keys(baseline.files)) if (!core.has(path)) delete baseline.files[path];
}

/**
 * The part of a Stryker run's report that speaks for `paths`, the files it was asked to mutate.
 * Its report also carries the other files of its incremental input, with the mutants of their
 * changed code dropped and none added: taking those would mark a file measured that was not. A
 * file of `paths` the report lacks (re-exports, types: no mutant) gets an entry with its text,
 * so that it stops counting as changed.
 */
export function runOfFiles(report, paths, readSource) {
  const files = {};
  for (const path of paths) files[path] = report.files[path] ?? { language: "typescript", mutants: [], source: readSource(path) };
  return { files };
}
