/**
 * Milliseconds of CPU time this process spends in `run` (user + system, the garbage collector's
 * threads included), not wall time: on a shared, loaded machine the wall time of a run mostly
 * measures the other processes, while CPU time stays the work the run caused. The one clock of the
 * linear-time checks (linear-time.ts) and of the benchmarks that compare runs (perf/).
 */
export function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}
