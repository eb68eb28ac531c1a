/**
 * The resumable results file: JSON Lines, one record per run, in the study's record format.
 *
 * Opening reads what is there, so a re-run skips work already done. A last line cut short by a
 * crash is dropped and the file truncated to its last complete line before anything is appended
 * (appending after half a line would corrupt the next record). Each record is written with one
 * append of one line. A run that ended in a model error (`judge: "error"`) does not count as
 * done: it is retried on the next run, and the newer record supersedes it (`latestRecords`).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync } from "node:fs";
import { dirname } from "node:path";
import { parseRecords, type RecordByKind, type RecordKind } from "../records.js";

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
    if (record.judge !== "error") this.#done.add(key);
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
    return new ResultsFile(path, kind, records);
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
