/** The compile lock (docs/lock.md): tamper-evident, append-only, first-pass freezing. */
export { CompileLock, type CompileLockOptions, type SealOptions, type RepairResult, type SealResult, type UnlockOptions } from "./compile-lock.js";
export type { CompileFunction } from "./codec.js";
export { DEFAULT_LOCK_PATH, type FileLockOptions } from "./file.js";
export { canonicalJson, sha256 } from "./hash.js";
export { verifyLegacyLockText, legacyRecordProblem, type LegacyRecord } from "./legacy.js";
export { assertLockReport, describeProblem, MAX_LISTED_PROBLEMS, type LockProblem, type LockProblemKind, type LockReport } from "./problems.js";
export { hashIr, lockKey, type LockRecord, type SealRecord, type UnlockRecord } from "./record.js";
export { inspectLock, verifyLockText, type LockEntry, type LockInspection, type VerifyOptions } from "./verify.js";
export { LIBRARY_VERSION, LOCK_PROTOCOL_VERSION } from "./version.js";
