/**
 * Runs async jobs with at most `limit` in flight. Jobs start in order; a job that throws stops
 * new jobs from starting and its error is rethrown once the running ones have settled. An
 * aborted signal also stops new jobs from starting (running ones finish).
 */
export async function runPool<T>(jobs: readonly T[], limit: number, worker: (job: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (next < jobs.length && failure === undefined && !signal?.aborted) {
      const index = next++;
      try {
        await worker(jobs[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
  if (failure) throw failure.error;
}
