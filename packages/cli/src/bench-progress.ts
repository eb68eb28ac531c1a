/**
 * Progress of `silpc bench run` on stderr: a cli-progress bar on a terminal; without one (CI, a
 * log file) plain lines, one per tenth of the run and at least every 30 s, so a log shows the run
 * advancing without a bar's control codes. Every failure category is shown, and the pass count
 * includes the passes already in a resumed file.
 */
import cliProgress from "cli-progress";
import type { RunProgress, RunSummary } from "@silp/bench";

export interface ProgressView {
  update: (p: RunProgress) => void;
  stop: () => void;
}

/** Longest gap between two plain lines, ms. */
const PLAIN_INTERVAL_MS = 30_000;

function counts(s: Readonly<RunSummary>) {
  return {
    pass: s.skippedPassed + s.passed,
    fail: s.failed,
    errors: s.modelErrors,
    judgeErrors: s.judgeErrors,
    fallbacks: s.judgeFallbacks,
    compileErrors: s.compileErrors,
  };
}

export function plainLine(p: RunProgress): string {
  const c = counts(p.summary);
  return `bench ${p.done}/${p.total} runs | pass ${c.pass} | fail ${c.fail} | model errors ${c.errors} | judge errors ${c.judgeErrors} | judge fallbacks ${c.fallbacks} | compile errors ${c.compileErrors}`;
}

export function progressView(enabled: boolean, stream: NodeJS.WriteStream = process.stderr): ProgressView {
  if (!enabled) return { update: () => {}, stop: () => {} };
  if (!stream.isTTY) {
    let lastStep = -1;
    let lastAt = 0;
    let last: RunProgress | undefined;
    let printed: RunProgress | undefined;
    const print = (p: RunProgress): void => {
      stream.write(`${plainLine(p)}\n`);
      printed = p;
      lastAt = Date.now();
    };
    return {
      update: (p) => {
        last = { ...p, summary: { ...p.summary } };
        const step = p.total > 0 ? Math.floor((10 * p.done) / p.total) : 10;
        if (step !== lastStep || Date.now() - lastAt >= PLAIN_INTERVAL_MS) {
          lastStep = step;
          print(last);
        }
      },
      stop: () => {
        if (last && (!printed || plainLine(printed) !== plainLine(last))) print(last);
      },
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      hideCursor: true,
      format:
        "bench |{bar}| {value}/{total} runs | pass {pass} | fail {fail} | model errors {errors} | judge errors {judgeErrors} | fallbacks {fallbacks} | compile errors {compileErrors} | ETA {eta_formatted}",
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: (p) => {
      if (!started) {
        bar.start(p.total, p.done, counts(p.summary));
        started = true;
      } else bar.update(p.done, counts(p.summary));
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
