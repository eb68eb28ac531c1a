/**
 * File access for the compile lock: an exclusive lock held by the operating system on the lock
 * file itself, reading, and durable appends. Everything that appends reads the chain tail inside
 * the lock, so two writers never link to the same previous record. Paths are canonicalized and
 * links refused first (path.ts), and every open uses O_NOFOLLOW, so a link swapped in after the
 * checks is refused too.
 *
 * Why an operating-system lock and not a lock directory refreshed by a timer (proper-lockfile):
 * such a lock is only as alive as the holder's event loop. A holder whose loop is blocked by a
 * long synchronous verify, or whose process is paused (SIGSTOP, a suspended VM), stops
 * refreshing it; a second writer then presumes it dead, takes it over and appends, and the first
 * writer, resuming, appends a record with the same seq and prev: a fork acknowledged to both. An
 * open file description lock (fcntl F_OFD_SETLK on Linux, flock on macOS, LockFileEx on Windows,
 * through fs-native-extensions) cannot go stale: it belongs to the open file until that is
 * closed, and the kernel releases it the instant the holder dies (kill -9 included). A paused
 * holder keeps it, so the others wait (and give up with lock_violation after waitMs): waiting is
 * safe, taking over a live holder is not.
 */
import { type Stats, closeSync, constants, fdatasyncSync, fstatSync, ftruncateSync, lstatSync, openSync, readSync, realpathSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SilpError } from "silp";
import { assertPlainLockFile, canonicalLockPath } from "./path.js";

/** Where a lock lives when the caller names no path (relative to the working directory). */
export const DEFAULT_LOCK_PATH = ".silp/compile.lock";

export interface FileLockOptions {
  /**
   * Not used any more, kept so existing callers compile: the lock is held by the operating
   * system, which never presumes a live holder dead and frees a dead one at once.
   * @deprecated
   */
  staleMs?: number;
  /** How long to keep retrying for a contended lock before giving up with lock_violation. */
  waitMs?: number;
}

/** The lock file as a writer holds it: reads and appends go through the locked descriptor. */
export interface LockedFile {
  /** The canonical path (path.ts). */
  readonly path: string;
  /** The whole file as it is now. */
  read(): Buffer;
  /**
   * Appends `text` in one write and flushes it to disk, after checking that the file still has
   * exactly `expectedLength` bytes: the length this writer verified. Anything else means someone
   * wrote without the lock (or edited the file), and nothing is appended (lock_violation).
   */
  append(text: string, expectedLength: number): void;
  /** Cuts the file to `length` bytes and flushes it (repair of a torn last line). */
  truncate(length: number): void;
}

const DEFAULT_WAIT_MS = 30_000;
const RETRY_MIN_DELAY_MS = 2;
const RETRY_MAX_DELAY_MS = 25;

type NativeLocks = Pick<typeof import("fs-native-extensions"), "tryLock">;

/**
 * The native module is loaded on first use, so `import "@silp/lock"` loads no addon in programs
 * that never lock a file.
 */
let nativeModule: Promise<NativeLocks> | undefined;

function nativeLocks(): Promise<NativeLocks> {
  nativeModule ??= import("fs-native-extensions").then((loaded) => (loaded as { default?: NativeLocks }).default ?? loaded);
  return nativeModule;
}

/** Where supported (not on Windows), opening a symbolic link fails with ELOOP instead of following it. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Runs `body` while holding the exclusive lock on the canonical path of `path` (path.ts),
 * creating the file and its directory if needed. The lock is released when `body` returns or
 * throws (the descriptor is closed), or by the kernel if the process dies.
 */
export async function withFileLock<T>(path: string, options: FileLockOptions, body: (file: LockedFile) => T): Promise<T> {
  let canonical: string;
  try {
    canonical = canonicalLockPath(path, true);
  } catch (error) {
    // Creating `.silp/` on a full or read-only disk: a typed refusal, not the system's error.
    throw cannotLock(resolve(path), error);
  }
  let fd: number;
  try {
    fd = openNoFollow(canonical, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT);
  } catch (error) {
    throw cannotLock(canonical, error);
  }
  try {
    await acquire(fd, canonical, false, options.waitMs ?? DEFAULT_WAIT_MS);
    return body(lockedFile(fd, canonical));
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the file while holding a shared lock, so a concurrent append is never seen half-written.
 * A shared lock needs only read access, so this works on read-only media too.
 */
export async function readLockTextConsistent(path: string, options: FileLockOptions = {}): Promise<string> {
  const canonical = canonicalLockPath(path, false);
  try {
    lstatSync(canonical); // a missing file has no records; do not create its directory just to read
  } catch (error) {
    if (isErrno(error, "ENOENT")) return "";
    throw error;
  }
  let fd: number;
  try {
    fd = openNoFollow(canonical, constants.O_RDONLY);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return "";
    throw error;
  }
  try {
    await acquire(fd, canonical, true, options.waitMs ?? DEFAULT_WAIT_MS);
    return readAll(fd).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

function lockedFile(fd: number, path: string): LockedFile {
  return {
    path,
    read: () => readAll(fd),
    append(text, expectedLength) {
      const size = fstatSync(fd).size;
      if (size !== expectedLength) {
        throw new SilpError(
          "lock_violation",
          `the lock file ${path} changed while this writer held the lock (${expectedLength} bytes verified, ${size} now): something wrote to it without the lock; nothing was appended`,
          { details: { path, expectedLength, length: size } },
        );
      }
      const bytes = Buffer.from(text, "utf8");
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
        fdatasyncSync(fd);
      } catch (error) {
        // A full disk or an I/O error mid-line: the part of the line that reached the file is cut
        // back while this writer still holds the lock, so the next seal finds the chain as it was
        // and needs no repair. If even that fails, the next seal finds a torn last line and names
        // `silpc lock repair`, as after a kill -9.
        try {
          ftruncateSync(fd, expectedLength);
          fdatasyncSync(fd);
        } catch {}
        throw writeFailed(path, "append to", error);
      }
    },
    truncate(length) {
      try {
        ftruncateSync(fd, length);
        fdatasyncSync(fd);
      } catch (error) {
        throw writeFailed(path, "cut", error);
      }
    },
  };
}

/**
 * Takes the lock on `fd` (shared for readers, exclusive for writers), retrying with randomized
 * backoff while another holds it, up to `waitMs`. The native call never blocks the event loop:
 * it is a non-blocking try (a blocking wait would hold a libuv thread and could not time out).
 */
async function acquire(fd: number, path: string, shared: boolean, waitMs: number): Promise<void> {
  let native: NativeLocks;
  try {
    native = await nativeLocks();
  } catch (error) {
    throw cannotLock(path, error);
  }
  const until = Date.now() + waitMs;
  let delay = RETRY_MIN_DELAY_MS;
  for (;;) {
    let taken: boolean;
    try {
      taken = native.tryLock(fd, { shared });
    } catch (error) {
      throw cannotLock(path, error);
    }
    if (taken) return;
    if (Date.now() >= until) {
      throw new SilpError("lock_violation", `cannot lock ${path}: another process holds the lock (waited ${waitMs} ms)`, {
        details: { path, waitMs },
      });
    }
    await sleep(delay / 2 + Math.random() * (delay / 2));
    delay = Math.min(delay * 2, RETRY_MAX_DELAY_MS);
  }
}

/**
 * The disk refused a write (ENOSPC, EIO, EDQUOT, EROFS...): a lock_violation saying so, with the
 * system's code and no stack, since nothing was sealed and the lock is as it was.
 */
function writeFailed(path: string, what: "append to" | "cut", error: unknown): SilpError {
  const errno = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const reason = typeof errno === "string" ? `${errno}: ${systemMessage(errno)}` : error instanceof Error ? error.message : String(error);
  return new SilpError("lock_violation", `cannot ${what} the lock file ${path} (${reason}); nothing was sealed, and the file is as it was`, {
    details: { path, reason: "write failed", errno },
  });
}

/** The usual meaning of the errors a write meets, in words (Node's messages carry the path and syscall too). */
function systemMessage(errno: string): string {
  const words: Record<string, string> = {
    ENOSPC: "no space left on the device",
    EDQUOT: "the disk quota is used up",
    EIO: "an input/output error",
    EROFS: "the file system is read-only",
    EFBIG: "the file is too large",
  };
  return words[errno] ?? "the system refused the write";
}

function cannotLock(path: string, error: unknown): SilpError {
  if (error instanceof SilpError) return error;
  return new SilpError("lock_violation", `cannot lock ${path}: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
    details: { path },
  });
}

/** The whole file through `fd`, by position (the descriptor's offset and O_APPEND do not matter). */
function readAll(fd: number): Buffer {
  const size = fstatSync(fd).size;
  const buffer = Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const got = readSync(fd, buffer, read, size - read, read);
    if (got === 0) break;
    read += got;
  }
  return read === size ? buffer : buffer.subarray(0, read);
}

/**
 * Opens without following a final symbolic link, then checks what was opened (fstat of the open
 * descriptor, so nothing can be swapped between check and use): lock_violation for a link, a
 * non-regular file or a file with a second hard link, or a file that is not the one `path` names
 * (`assertOpenedInPlace`).
 */
export function openNoFollow(path: string, flags: number): number {
  // `path` is canonical (path.ts): its directory is its own realpath, which assertOpenedInPlace checks again after the open.
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
    const opened = fstatSync(fd);
    assertPlainLockFile(path, opened);
    assertOpenedInPlace(path, opened);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/**
 * O_NOFOLLOW guards only the last component of a path: a directory above it (`.silp/`, or the
 * project's) swapped for a symbolic link after the checks of path.ts and before the open sends
 * the open wherever the link points. Node has no openat to pin the checked directory, so the
 * opened file is checked against the path instead, after the open: the directory must still be
 * real all the way up (realpath is itself), and the path must now name the very file opened
 * (device and inode). A swap that stays is caught by the first, one undone in time by the second;
 * a swap after the check no longer matters, since every read and write goes through the
 * descriptor. What such a race can leave is an empty file created where the link pointed: the
 * open's O_CREAT, before any check could run. Nothing is written to it.
 */
function assertOpenedInPlace(path: string, opened: Stats): void {
  const directory = dirname(path);
  let now: Stats;
  try {
    if (realpathSync(directory) !== directory) throw new Error("a directory on the path is a symbolic link now");
    now = lstatSync(path);
  } catch (error) {
    throw swapped(path, error instanceof Error ? error.message : String(error));
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) throw swapped(path, "the path names another file than the one opened");
}

function swapped(path: string, reason: string): SilpError {
  return new SilpError(
    "lock_violation",
    `refusing the lock file ${path}: its directory changed while it was opened (${reason}); a lock is only kept in a real directory`,
    { details: { path, reason: "directory swapped" } },
  );
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}
