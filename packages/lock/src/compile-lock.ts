/**
 * First-pass freezing (spec design principle 4): the first output sealed for an (IR, frontend)
 * is the output, for good. Sealing again returns the frozen text; recording a different text is
 * refused with `lock_violation` until the caller appends an explicit `unlock` record. History is
 * only ever appended to, never rewritten.
 */
import { resolve } from "node:path";
import { SilpError } from "silp";
import { assertValid } from "silp";
import type { SilpIR } from "silp";
import type { SilpOptions } from "silp";
import { pickCodecOptions, resolveOptions } from "silp/util";
import { coreCompile, type CompileFunction } from "./codec.js";
import { DEFAULT_LOCK_PATH, readLockTextConsistent, withFileLock, type FileLockOptions } from "./file.js";
import { assertLockReport, type LockReport } from "./problems.js";
import { hashNormalIr, linkRecord, lockKey, outputHash, type LockRecord, type SealRecord, type UnlinkedRecord, type UnlockRecord } from "./record.js";
import { serializeRecord } from "./serialize.js";
import { LIBRARY_VERSION, LOCK_PROTOCOL_VERSION } from "./version.js";
import { ChainChecker, inspectLock, type LockInspection, type VerifyOptions } from "./verify.js";

export interface CompileLockOptions extends FileLockOptions {
  /** Lock file path; default `.silp/compile.lock` under the working directory. */
  path?: string;
  /** Compile used when a seal is not given its text; default the core's compileAsync(). */
  compile?: CompileFunction;
  /** Clock for record timestamps. */
  now?: () => Date;
}

export interface SealOptions extends SilpOptions {
  /**
   * The text to seal, when it was produced elsewhere (another process, an async frontend such
   * as llmlingua2). Without it the lock compiles the IR itself, and only when nothing is frozen.
   */
  compiled?: string;
}

export interface SealResult {
  /** "sealed": this call wrote the record. "frozen": the key was already locked; nothing was written. */
  status: "sealed" | "frozen";
  /** The frozen output: what callers must send. */
  compiled: string;
  record: SealRecord;
}

/** What `repair` did: the torn last line it dropped, if there was one, and the report after it. */
export interface RepairResult {
  dropped?: {
    /** 1-based line number of the dropped line. */
    line: number;
    /** Its length in bytes. */
    bytes: number;
    /** Its text (UTF-8, invalid sequences replaced). */
    text: string;
  };
  report: LockReport;
}

export interface UnlockOptions extends SilpOptions {
  reason?: string;
}

const FRONTEND_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export class CompileLock {
  readonly path: string;
  readonly #compile: CompileFunction;
  readonly #now: () => Date;
  readonly #fileOptions: FileLockOptions;
  /** The file bytes this instance last verified, and the checker's state at their end. */
  #verified: { bytes: Buffer; checker: ChainChecker } | undefined;

  constructor(options: CompileLockOptions = {}) {
    this.path = resolve(options.path ?? DEFAULT_LOCK_PATH);
    this.#compile = options.compile ?? coreCompile;
    this.#now = options.now ?? (() => new Date());
    this.#fileOptions = { staleMs: options.staleMs, waitMs: options.waitMs };
  }

  /**
   * Seals `ir` in `frontend`, or returns the output already frozen for them. Throws invalid_ir
   * for an invalid IR, lock_violation when `options.compiled` differs from the frozen output or
   * when the lock file fails verification (nothing is appended to a damaged chain).
   *
   * Without `options.compiled` the IR is compiled only when nothing is frozen, and outside the
   * file lock (a model-backed frontend may take seconds); if another writer sealed the same key
   * meanwhile, its output is the first pass and is returned instead.
   */
  async seal(ir: unknown, frontend = "code", options: SealOptions = {}): Promise<SealResult> {
    const { normal, irHash } = this.#bind(ir, frontend, options);
    const key = lockKey(irHash, frontend);
    const offered = options.compiled;
    if (offered !== undefined && typeof offered !== "string") throw new TypeError("options.compiled must be a string");
    if (offered === undefined) {
      const frozen = await this.#underLock((inspection) => inspection.frozen.get(key));
      if (frozen !== undefined) return { status: "frozen", compiled: frozen.compiled, record: frozen };
      const { compiled: _none, ...compileOptions } = options;
      const compiled = await this.#compile(normal, frontend, compileOptions);
      if (typeof compiled !== "string") throw new TypeError("the compile function must return a string");
      return this.#sealText(normal, irHash, frontend, compiled, false);
    }
    return this.#sealText(normal, irHash, frontend, offered, true);
  }

  /** Under the lock: returns the frozen output, refuses a different offered one, or appends the seal. */
  #sealText(normal: SilpIR, irHash: string, frontend: string, compiled: string, offeredByCaller: boolean): Promise<SealResult> {
    return this.#underLock((inspection, append) => {
      const frozen = inspection.frozen.get(lockKey(irHash, frontend));
      if (frozen !== undefined) {
        if (offeredByCaller && compiled !== frozen.compiled) {
          throw new SilpError("lock_violation", `a different output is frozen for this IR in frontend ${frontend} (seq ${frozen.seq}); unlock it first`, {
            details: { frozen: frozen.compiled, offered: compiled, seq: frozen.seq, ir_hash: irHash, frontend },
          });
        }
        return { status: "frozen", compiled: frozen.compiled, record: frozen };
      }
      const record = append({
        kind: "seal",
        frontend,
        ir_hash: irHash,
        output_hash: outputHash(compiled),
        compiled,
        ir: normal,
        ...this.#stamp(),
      });
      return { status: "sealed", compiled, record: record as SealRecord };
    });
  }

  /** Appends an `unlock` record for (ir, frontend). Throws lock_violation when nothing is frozen for them. */
  async unlock(ir: unknown, frontend = "code", options: UnlockOptions = {}): Promise<UnlockRecord> {
    const { irHash } = this.#bind(ir, frontend, options);
    return this.#underLock((inspection, append) => {
      if (!inspection.frozen.has(lockKey(irHash, frontend))) {
        throw new SilpError("lock_violation", `nothing is frozen for this IR in frontend ${frontend}`, {
          details: { ir_hash: irHash, frontend },
        });
      }
      const record = append({ kind: "unlock", frontend, ir_hash: irHash, reason: options.reason ?? "", ...this.#stamp() });
      return record as UnlockRecord;
    });
  }

  /**
   * Drops an unterminated last line: what a writer killed inside its append leaves behind. Such
   * a line was never acknowledged (a seal returns only after its whole line, newline included, is
   * on disk), so removing it loses no record anyone was told about. Nothing else is changed: any
   * other problem stays and is reported. Runs under the exclusive lock.
   */
  async repair(): Promise<RepairResult> {
    return withFileLock(this.path, this.#fileOptions, (file) => {
      const bytes = file.read();
      let dropped: RepairResult["dropped"];
      if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) {
        const keep = bytes.lastIndexOf(0x0a) + 1;
        let line = 1;
        for (let i = 0; i < keep; i++) if (bytes[i] === 0x0a) line++;
        dropped = { line, bytes: bytes.length - keep, text: bytes.toString("utf8", keep) };
        file.truncate(keep);
        this.#verified = undefined;
      }
      const report = inspectLock(file.read().toString("utf8")).report;
      return dropped ? { dropped, report } : { report };
    });
  }

  /** The seal in force for (ir, frontend), if any. */
  async lookup(ir: unknown, frontend = "code", options: SilpOptions = {}): Promise<SealRecord | undefined> {
    const { irHash } = this.#bind(ir, frontend, options);
    return (await this.inspect()).frozen.get(lockKey(irHash, frontend));
  }

  /** Parses and verifies the whole file: records with their lines, the report, the frozen outputs. */
  async inspect(options: VerifyOptions = {}): Promise<LockInspection> {
    return inspectLock(await readLockTextConsistent(this.path, this.#fileOptions), options);
  }

  async verify(options: VerifyOptions = {}): Promise<LockReport> {
    return (await this.inspect(options)).report;
  }

  /** Like verify, but throws lock_violation listing every problem. */
  async verifyOrThrow(options: VerifyOptions = {}): Promise<LockReport> {
    const report = await this.verify(options);
    assertLockReport(report, `compile lock ${this.path}`);
    return report;
  }

  #bind(ir: unknown, frontend: string, options: SilpOptions): { normal: SilpIR; irHash: string } {
    if (typeof frontend !== "string" || !FRONTEND_NAME.test(frontend)) {
      throw new SilpError("unsupported_frontend", `not a frontend name: ${JSON.stringify(frontend)}`);
    }
    // Seal's `compiled` and unlock's `reason` are the lock's own options.
    const { ir: normal } = assertValid(ir, resolveOptions(pickCodecOptions(options)));
    return { normal, irHash: hashNormalIr(normal) };
  }

  #stamp(): { timestamp: string; silp: string; library_version: string } {
    return { timestamp: this.#now().toISOString(), silp: LOCK_PROTOCOL_VERSION, library_version: LIBRARY_VERSION };
  }

  /**
   * Runs `body` under the file lock with the chain as it is on disk, verified; `append` links a
   * record to the tail and writes it. Reading inside the lock is what keeps concurrent writers
   * from forking the chain; refusing a damaged file keeps new records from burying the damage.
   */
  #underLock<T>(body: (inspection: LockInspection, append: (record: UnlinkedRecord) => LockRecord) => T): Promise<T> {
    return withFileLock(this.path, this.#fileOptions, (file) => {
      const bytes = file.read();
      const checker = this.#checkerFor(bytes);
      const inspection = checker.inspection();
      assertTailTerminated(inspection, this.path);
      assertLockReport(inspection.report, `compile lock ${this.path} (refusing to append)`);
      let tail = checker.entries.at(-1)?.record;
      let length = bytes.length;
      return body(inspection, (unlinked) => {
        const record = linkRecord(unlinked, tail);
        const line = `${serializeRecord(record as unknown as Record<string, unknown>)}\n`;
        // The file must still be exactly what was verified: the lock keeps other writers out,
        // and this check catches anyone writing without it before a second record could share a seq.
        file.append(line, length);
        length += Buffer.byteLength(line, "utf8");
        tail = record; // the next read verifies this line like any other
        return record;
      });
    });
  }

  /**
   * A checker for the file's current bytes. When the file only grew since this instance last
   * verified it (its old bytes are an exact prefix, compared with memcmp), only the new lines are
   * checked; any change to earlier bytes fails the comparison and the whole file is verified
   * again. So tampering is still caught before every write, while n seals cost O(n) hashing
   * instead of O(n^2).
   */
  #checkerFor(bytes: Buffer): ChainChecker {
    const cached = this.#verified;
    if (
      cached?.checker.ok &&
      cached.checker.complete &&
      bytes.length >= cached.bytes.length &&
      bytes.compare(cached.bytes, 0, cached.bytes.length, 0, cached.bytes.length) === 0
    ) {
      // The old bytes end with a newline, so the new part starts on a character boundary.
      cached.checker.addText(bytes.toString("utf8", cached.bytes.length));
      cached.bytes = bytes;
      return cached.checker;
    }
    const checker = new ChainChecker();
    checker.addText(bytes.toString("utf8"));
    this.#verified = { bytes, checker };
    return checker;
  }
}

/**
 * A torn last line (the writer died inside its append) gets its own refusal naming the repair,
 * instead of the generic list of problems: it is the one damage a person can fix without judgment.
 */
function assertTailTerminated(inspection: LockInspection, path: string): void {
  const problems = inspection.report.problems;
  const torn = problems[0];
  // Only when it is the sole problem: other damage needs a person, and the full report says so.
  if (torn?.kind !== "truncated" || problems.length !== 1 || inspection.report.problemsDropped > 0) return;
  throw new SilpError(
    "lock_violation",
    `the last line of compile lock ${path} (line ${torn.line ?? "?"}) has no newline: a write cut off before it was acknowledged; run \`silpc lock repair --lock ${path}\` to drop it (nothing is appended until then)`,
    { details: { path, line: torn.line, problems, repair: `silpc lock repair --lock ${path}` } },
  );
}
