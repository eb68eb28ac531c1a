/**
 * File access for the compile lock: an exclusive inter-process lock (proper-lockfile, an atomic
 * `mkdir` of `<file>.lock` that works across processes and on network file systems), reading,
 * and durable appends. Everything that appends reads the chain tail inside the lock, so two
 * writers never link to the same previous record. Paths are canonicalized and links refused
 * first (path.ts), and every open uses O_NOFOLLOW, so a link swapped in after the checks is
 * refused too.
 */
import { closeSync, constants, fdatasyncSync, fstatSync, lstatSync, openSync, readFileSync, writeSync } from "node:fs";
import { SilpError } from "silp";
import { assertPlainLockFile, canonicalLockPath } from "./path.js";

/** Where a lock lives when the caller names no path (relative to the working directory). */
export const DEFAULT_LOCK_PATH = ".silp/compile.lock";

export interface FileLockOptions {
  /**
   * After how long a holder that stopped refreshing its lock (a crashed process) is presumed
   * dead and its lock taken over. proper-lockfile refreshes a live lock every stale/2 ms.
   */
  staleMs?: number;
  /** How long to keep retrying for a contended lock before giving up with lock_violation. */
  waitMs?: number;
}

const DEFAULT_STALE_MS = 10_000;
const DEFAULT_WAIT_MS = 30_000;
const RETRY_MAX_DELAY_MS = 25;

/**
 * proper-lockfile is loaded on first use: at load time it installs process exit and signal
 * handlers (signal-exit), which `import "silp"` must not do to programs that never lock a file.
 */
let lockfileModule: Promise<typeof import("proper-lockfile")> | undefined;

/** Where supported (not on Windows), opening a symbolic link fails with ELOOP instead of following it. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Runs `body` while holding the exclusive lock on the canonical path of `path` (path.ts),
 * creating its directory if needed; `body` gets that canonical path to read and append.
 */
export async function withFileLock<T>(path: string, options: FileLockOptions, body: (canonical: string) => T): Promise<T> {
  return lockCanonical(canonicalLockPath(path, true), options, body);
}

async function lockCanonical<T>(path: string, options: FileLockOptions, body: (canonical: string) => T): Promise<T> {
  const stale = options.staleMs ?? DEFAULT_STALE_MS;
  const wait = options.waitMs ?? DEFAULT_WAIT_MS;
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    lockfileModule ??= import("proper-lockfile");
    const lockfile = await lockfileModule;
    release = await lockfile.lock(path, {
      realpath: false, // the lock file itself may not exist yet
      stale,
      retries: { retries: Math.ceil(wait / RETRY_MAX_DELAY_MS), minTimeout: 2, maxTimeout: RETRY_MAX_DELAY_MS, randomize: true },
      // The default throws from a timer and kills the process; record it and fail this write instead.
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    throw new SilpError("lock_violation", `cannot lock ${path}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
      details: { path },
    });
  }
  try {
    const result = body(path);
    if (compromised) throw new SilpError("lock_violation", `lost the lock on ${path}: ${compromised.message}`, { cause: compromised });
    return result;
  } finally {
    await release().catch(() => undefined); // a compromised lock may already be gone
  }
}

/** The file's text, or "" when it does not exist yet. */
export function readLockText(path: string): string {
  return readLockBytes(path).toString("utf8");
}

/** The file's bytes, or none when it does not exist yet. Never through a link. */
export function readLockBytes(path: string): Buffer {
  let fd: number;
  try {
    fd = openNoFollow(path, constants.O_RDONLY);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return Buffer.alloc(0);
    throw error;
  }
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the file while holding the lock, so a concurrent append is never seen half-written.
 * On read-only media (where the lock cannot be created) it reads without the lock: nobody can be
 * appending there.
 */
export async function readLockTextConsistent(path: string, options: FileLockOptions = {}): Promise<string> {
  const canonical = canonicalLockPath(path, false);
  try {
    lstatSync(canonical); // a missing file has no records; do not create its directory just to read
  } catch (error) {
    if (isErrno(error, "ENOENT")) return "";
    throw error;
  }
  try {
    return await lockCanonical(canonical, options, () => readLockText(canonical));
  } catch (error) {
    const cause = error instanceof SilpError ? error.cause : error;
    if (isErrno(cause, "EACCES") || isErrno(cause, "EROFS") || isErrno(cause, "EPERM")) return readLockText(canonical);
    throw error;
  }
}

/** Appends text in one write and flushes it to disk before the lock is released. Never through a link. */
export function appendText(path: string, text: string): void {
  const fd = openNoFollow(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT);
  try {
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens without following a final symbolic link, then checks what was opened (fstat of the open
 * descriptor, so nothing can be swapped between check and use): lock_violation for a link, a
 * non-regular file or a file with a second hard link.
 */
function openNoFollow(path: string, flags: number): number {
  let fd: number;
  try {
    fd = openSync(path, flags | O_NOFOLLOW, 0o666);
  } catch (error) {
    if (isErrno(error, "ELOOP") || isErrno(error, "EMLINK")) {
      throw new SilpError("lock_violation", `refusing the lock file ${path}: it is a symbolic link; the lock never follows links`, {
        cause: error,
        details: { path, reason: "symbolic link" },
      });
    }
    throw error;
  }
  try {
    assertPlainLockFile(path, fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}
