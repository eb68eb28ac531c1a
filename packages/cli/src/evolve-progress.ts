/**
 * Progress of `silpc evolve` on stderr, as `silpc bench run` shows its own: a cli-progress bar on
 * a terminal; without one, a plain line per tenth of the generations (and the last), so a log
 * shows the search advancing without a bar's control codes.
 */
import type { DialectEvaluation, GenerationProgress } from "@silp/evolve";
import cliProgress from "cli-progress";

export interface EvolveProgressView {
  start: (done: number, total: number) => void;
  update: (p: GenerationProgress<DialectEvaluation>) => void;
  stop: () => void;
}

function fields(p: GenerationProgress<DialectEvaluation>) {
  const best = p.best?.evaluation;
  return { evaluated: p.evaluated, feasible: p.feasible, tokens: best && Number.isFinite(best.meanTokens) ? best.meanTokens.toFixed(2) : "-" };
}

export function plainEvolveLine(p: GenerationProgress<DialectEvaluation>): string {
  const f = fields(p);
  return `evolve generation ${p.generation}/${p.generations} | evaluated ${f.evaluated} | feasible ${f.feasible} | best mean tokens ${f.tokens}`;
}

export function evolveProgressView(enabled: boolean, stream: NodeJS.WriteStream = process.stderr): EvolveProgressView {
  if (!enabled) return { start: () => {}, update: () => {}, stop: () => {} };
  if (!stream.isTTY) {
    let lastStep = -1;
    return {
      start: () => {},
      update: (p) => {
        const step = p.generations > 0 ? Math.floor((10 * p.generation) / p.generations) : 10;
        if (step !== lastStep || p.generation === p.generations) {
          lastStep = step;
          stream.write(`${plainEvolveLine(p)}\n`);
        }
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      hideCursor: true,
      format: "evolve |{bar}| generation {value}/{total} | evaluated {evaluated} | feasible {feasible} | best mean tokens {tokens} | ETA {eta_formatted}",
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    start: (done, total) => {
      bar.start(total, done, { evaluated: 0, feasible: 0, tokens: "-" });
      started = true;
    },
    update: (p) => bar.update(p.generation, fields(p)),
    stop: () => {
      if (started) bar.stop();
    },
  };
}
