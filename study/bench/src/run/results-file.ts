/**
 * The resumable results file: JSON Lines, one record per run, in the study's record format.
 *
 * Opening reads what is there, so a re-run skips work already done. A last line cut short by a
 * crash is dropped and the file truncated to its last complete line before anything is appended
 * (appending after half a line would corrupt the next record). Each record is written with one
 * append of one line. A run that ended in a model error (`judge: "error"`) or a judge error
 * (`judge: "judge_error"`) does not count as done: it is retried on the next run, and the newer
 * record supersedes it (`latestRecords`). Run headers (records.ts) are kept apart from records.
 *
 * A writing run holds an exclusive lock on the file (`openLocked`: proper-lockfile, an atomic
 * `mkdir` of `<file>.lock`, refreshed while the run lives and taken over when stale), so two runs
 * on one file never interleave their appends; the second is refused with a clear message.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SilpError } from "silp";
import { parseRecords, parseRunHeaders, type RecordByKind, type RecordKind, type RunHeader } from "../records.js";

/** How long a crashed writer's lock survives before another run may take it over. */
const LOCK_STALE_MS = 10_000;

/** Records that do not count as done: the next run retries them. */
const RETRIED_JUDGES: ReadonlySet<string> = new Set(["error", "judge_error"]);

export function recordKey(kind: RecordKind, r: Record<string, unknown>): string {
  switch (kind) {
    case "matrix":
      return `${r.case_id}|${r.frontend}|${r.model}`;
    case "heartbeat":
      return `${r.model}|${r.n_value}|${r.seed}|${r.turn}`;
    case "ablation":
      return `${r.case_id}|${r.condition}|${r.model}`;
  }
}

/** The last record per key, in the order keys first appeared. */
export function latestRecords<K extends RecordKind>(kind: K, records: ReadonlyArray<RecordByKind[K]>): Array<RecordByKind[K]> {
  const latest = new Map<string, RecordByKind[K]>();
  for (const r of records) latest.set(recordKey(kind, r), r);
  return [...latest.values()];
}

export class ResultsFile<K extends RecordKind> {
  readonly records: Array<RecordByKind[K]>;
  readonly headers: RunHeader[] = [];
  #release: (() => Promise<void>) | undefined;
  readonly #done = new Set<string>();
  readonly #latest = new Map<string, RecordByKind[K]>();

  private constructor(
    readonly path: string,
    readonly kind: K,
    records: Array<RecordByKind[K]>,
  ) {
    this.records = records;
    for (const r of records) this.#index(r);
  }

  #index(record: RecordByKind[K]): void {
    const key = recordKey(this.kind, record);
    this.#latest.set(key, record);
    if (RETRIED_JUDGES.has(record.judge)) this.#done.delete(key);
    else this.#done.add(key);
  }

  /**
   * Opens the file for writing under an exclusive lock (created empty if missing); `release`
   * frees it. A file another live run holds is refused with `lock_violation`.
   */
  static async openLocked<K extends RecordKind>(path: string, kind: K): Promise<ResultsFile<K>> {
    mkdirSync(dirname(path), { recursive: true });
    if (!existsSync(path)) writeFileSync(path, "", { flag: "a" });
    // Loaded on first use: proper-lockfile installs exit handlers when imported.
    const lockfile = await import("proper-lockfile");
    let compromised: Error | undefined;
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(path, {
        realpath: false,
        stale: LOCK_STALE_MS,
        retries: 0,
        onCompromised: (error) => {
          compromised = error;
        },
      });
    } catch (error) {
      const busy = (error as { code?: string }).code === "ELOCKED";
      throw new SilpError(
        "lock_violation",
        busy
          ? `results file ${path} is in use by another run (lock ${path}.lock); wait for it to finish or choose another --out`
          : `cannot lock ${path}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, details: { path } },
      );
    }
    const file = ResultsFile.open(path, kind);
    file.#release = async () => {
      await release().catch(() => undefined);
      if (compromised) throw new SilpError("lock_violation", `lost the lock on ${path}: ${compromised.message}`, { cause: compromised });
    };
    return file;
  }

  /** Frees the lock taken by `openLocked` (a no-op for a file opened without one). */
  async release(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    await release?.();
  }

  /** Appends a run header (written before a run's first record). */
  writeHeader(header: RunHeader): void {
    appendFileSync(this.path, `${JSON.stringify(header)}\n`);
    this.headers.push(header);
  }

  /** Marks keys as not done, so the next run re-runs them (e.g. records of a changed case). */
  reopen(keys: Iterable<string>): void {
    for (const key of keys) this.#done.delete(key);
  }

  static open<K extends RecordKind>(path: string, kind: K): ResultsFile<K> {
    if (!existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      return new ResultsFile(path, kind, []);
    }
    const text = readFileSync(path, "utf8");
    const records = parseRecords(text, kind, path, true);
    const end = text.lastIndexOf("\n") + 1;
    const tail = text.slice(end);
    if (tail.trim() !== "") {
      // The unterminated tail either parsed (a writer died before the newline) or was dropped.
      let complete = true;
      try {
        JSON.parse(tail);
      } catch {
        complete = false;
      }
      if (complete) appendFileSync(path, "\n");
      else truncateSync(path, Buffer.byteLength(text.slice(0, end)));
    }
    const file = new ResultsFile(path, kind, records);
    file.headers.push(...parseRunHeaders(text, path));
    return file;
  }

  has(key: string): boolean {
    return this.#done.has(key);
  }

  /** The latest record stored for a key (used to rebuild heartbeat history on resume). */
  find(key: string): RecordByKind[K] | undefined {
    return this.#latest.get(key);
  }

  append(record: RecordByKind[K]): void {
    appendFileSync(this.path, `${JSON.stringify(record)}\n`);
    this.records.push(record);
    this.#index(record);
  }
}
