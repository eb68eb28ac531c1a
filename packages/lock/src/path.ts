/**
 * Where a lock file really is. A lock reached through a symbolic link writes wherever the link
 * points, and a file reachable under two names is one file checked under two paths, which no
 * writer should have to reason about. Every lock operation therefore starts here:
 * symbolic links at the lock file and at the directory holding it are refused, a file with a
 * second hard link is refused, and the directory is canonicalized (realpath) so that aliases
 * through symlinked ancestor directories name, and lock, one path.
 */
import { lstatSync, mkdirSync, realpathSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { SilpError } from "silp";

/**
 * The canonical path of the lock file at `path`: realpath of its directory + its own name.
 * With `create`, the directory is created when missing (a seal creates `.silp/`). Throws
 * `lock_violation` for a symlinked lock file or directory, or a lock file that is not a regular
 * file or has more than one hard link.
 */
export function canonicalLockPath(path: string, create: boolean): string {
  const absolute = resolve(path);
  const directory = dirname(absolute);
  if (create) mkdirSync(directory, { recursive: true });
  const directoryStats = lstatOrUndefined(directory);
  if (directoryStats?.isSymbolicLink()) {
    throw refusal(path, `its directory ${directory} is a symbolic link; a lock is only kept in a real directory`);
  }
  // Ancestors above the lock's own directory may be links (e.g. /tmp -> /private/tmp); realpath
  // folds them so every alias of the directory maps to one lock path. The directory realpath
  // reaches must be the one just checked (device and inode): swapped for a link in between, it
  // would name where the link points, and every later check would then look there, where the
  // seal would write.
  const real = directoryStats ? realpathSync(directory) : undefined;
  if (directoryStats && real !== undefined && !sameFile(directoryStats, lstatOrUndefined(real))) {
    throw refusal(path, `its directory ${directory} changed while it was checked; a lock is only kept in a real directory`);
  }
  const canonical = real !== undefined ? join(real, basename(absolute)) : absolute;
  assertPlainLockFile(path, lstatOrUndefined(canonical));
  return canonical;
}

/**
 * Refuses what must never be a lock file: a symbolic link, a non-regular file, or a file with a
 * second hard link (another name for the same bytes, hence another lock). `undefined`: no file yet.
 */
export function assertPlainLockFile(path: string, stats: Stats | undefined): void {
  if (stats === undefined) return;
  if (stats.isSymbolicLink()) throw refusal(path, "it is a symbolic link; the lock never follows links");
  if (!stats.isFile()) throw refusal(path, "it is not a regular file");
  if (stats.nlink > 1) {
    throw refusal(path, `it has ${stats.nlink} hard links; another name for the same file would take another lock`);
  }
}

function sameFile(a: Stats, b: Stats | undefined): boolean {
  return b !== undefined && a.dev === b.dev && a.ino === b.ino;
}

function refusal(path: string, reason: string): SilpError {
  return new SilpError("lock_violation", `refusing the lock file ${path}: ${reason}`, { details: { path, reason } });
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT") return undefined;
    throw error;
  }
}
