/**
 * `silpc lock seal|unlock|verify|show|repair`: the compile lock from the command line (docs/lock.md).
 * The lock module is imported inside each action so other commands never load its native lock addon.
 */
import { loadLock } from "../optional-packages.js";
import { existsSync } from "node:fs";
import type { Command } from "commander";
import type { LockReport } from "@silp/lock";
import type { WhitelistMode } from "silp";
import { EXIT_INVALID, EXIT_OK, UsageError, readInput, readJsonInput, runCommand, writeJson, writeOut } from "../io.js";

const DEFAULT_PATH = ".silp/compile.lock";

interface CommonFlags {
  lock: string;
  json?: boolean;
}

interface SealFlags extends CommonFlags {
  frontend: string;
  compiled?: string;
  whitelist?: WhitelistMode;
}

interface UnlockFlags extends SealFlags {
  reason?: string;
}

interface VerifyFlags extends CommonFlags {
  anchor?: string;
  legacy?: boolean;
}

export function register(program: Command): void {
  const lock = program.command("lock").description("tamper-evident compile lock: seal, unlock, verify, show");

  irCommand(lock, "seal", "compile an IR and freeze the output, or print the output already frozen for it")
    .option("--compiled <file>", "seal this text instead of compiling (e.g. an llmlingua2 output)")
    .action((file: string, flags: SealFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const { CompileLock } = await loadLock("silpc lock");
        const ir = readJsonInput(file);
        // One trailing newline is the file's, not the payload's (editors and `echo` add it).
        const compiled = flags.compiled === undefined ? undefined : readInput(flags.compiled).replace(/\r?\n$/, "");
        const result = await new CompileLock({ path: flags.lock }).seal(ir, flags.frontend, { compiled, whitelist: checkWhitelist(flags.whitelist) });
        if (flags.json) {
          writeJson(result);
        } else {
          writeOut(result.compiled);
          const note = result.status === "sealed" ? "sealed as" : "already frozen at";
          process.stderr.write(`${note} seq ${result.record.seq} in ${flags.lock} (${result.record.hash})\n`);
        }
      }),
    );

  irCommand(lock, "unlock", "release the frozen output of an IR and frontend (appends an unlock record)")
    .option("--reason <text>", "why the output may change; kept in the record")
    .action((file: string, flags: UnlockFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const { CompileLock } = await loadLock("silpc lock");
        const ir = readJsonInput(file);
        const record = await new CompileLock({ path: flags.lock }).unlock(ir, flags.frontend, {
          reason: flags.reason,
          whitelist: checkWhitelist(flags.whitelist),
        });
        if (flags.json) writeJson(record);
        else writeOut(`unlocked as seq ${record.seq} in ${flags.lock} (${record.hash})`);
      }),
    );

  lock
    .command("verify")
    .description("check every record and the chain; exit 1 and list the problems when tampered")
    .option("--lock <path>", "lock file", DEFAULT_PATH)
    .option("--anchor <hash>", "a record hash recorded earlier that must still be in the chain")
    .option("--legacy", "the file is in the reference implementation's unchained format: check output hashes only")
    .option("--json", "machine-readable output")
    .action((flags: VerifyFlags) =>
      runCommand(Boolean(flags.json), async () => {
        requireLockFile(flags.lock);
        const lockModule = await loadLock("silpc lock");
        let report: LockReport;
        if (flags.legacy) {
          if (flags.anchor !== undefined) throw new UsageError("--anchor needs a chained lock; legacy files have no chain");
          report = lockModule.verifyLegacyLockText(readInput(flags.lock));
        } else {
          report = await new lockModule.CompileLock({ path: flags.lock }).verify({ anchor: flags.anchor });
        }
        if (flags.json) {
          writeJson(report);
        } else {
          for (const problem of report.problems) writeOut(lockModule.describeProblem(problem));
          if (report.problemsDropped > 0) writeOut(`... and ${report.problemsDropped} more problem(s), not listed (the first ${report.problems.length} are)`);
          writeOut(
            report.ok
              ? `ok: ${report.records} record(s) in ${flags.lock}${report.head ? `, head ${report.head}` : ""}`
              : `${report.problems.length + report.problemsDropped} problem(s) in ${flags.lock}`,
          );
        }
        return report.ok ? EXIT_OK : EXIT_INVALID;
      }),
    );

  lock
    .command("repair")
    .description("drop an unterminated last line (a write cut off before it was acknowledged) and say what was dropped")
    .option("--lock <path>", "lock file", DEFAULT_PATH)
    .option("--json", "machine-readable output")
    .action((flags: CommonFlags) =>
      runCommand(Boolean(flags.json), async () => {
        requireLockFile(flags.lock);
        const { CompileLock, describeProblem } = await loadLock("silpc lock");
        const { dropped, report } = await new CompileLock({ path: flags.lock }).repair();
        if (flags.json) {
          writeJson({ dropped: dropped ?? null, report });
        } else {
          writeOut(
            dropped
              ? `dropped line ${dropped.line} (${dropped.bytes} bytes without a newline, never acknowledged): ${preview(dropped.text)}`
              : `nothing to repair: the last line of ${flags.lock} is complete`,
          );
          for (const problem of report.problems) writeOut(describeProblem(problem));
          writeOut(
            report.ok
              ? `ok: ${report.records} record(s) in ${flags.lock}${report.head ? `, head ${report.head}` : ""}`
              : `${report.problems.length + report.problemsDropped} problem(s) left in ${flags.lock}; repair drops only a torn last line`,
          );
        }
        return report.ok ? EXIT_OK : EXIT_INVALID;
      }),
    );

  lock
    .command("show")
    .description("list the records of a lock file")
    .option("--lock <path>", "lock file", DEFAULT_PATH)
    .option("--json", "machine-readable output")
    .action((flags: CommonFlags) =>
      runCommand(Boolean(flags.json), async () => {
        requireLockFile(flags.lock);
        const { CompileLock, describeProblem } = await loadLock("silpc lock");
        const { entries, report } = await new CompileLock({ path: flags.lock }).inspect();
        if (flags.json) {
          writeJson({ records: entries, report });
          return;
        }
        for (const { line, record } of entries) {
          const head = `line ${line}  seq ${record.seq}  ${record.kind.padEnd(6)}  ${record.frontend.padEnd(8)}  ir ${record.ir_hash.slice(7, 19)}  ${record.timestamp}`;
          writeOut(record.kind === "seal" ? `${head}\n  ${preview(record.compiled)}` : `${head}\n  reason: ${preview(record.reason)}`);
        }
        writeOut(`${entries.length} record(s)${report.head ? `, head ${report.head}` : ""}`);
        if (!report.ok) {
          process.stderr.write(`warning: the lock does not verify (${report.problems.length + report.problemsDropped} problem(s)); run silpc lock verify\n`);
          for (const problem of report.problems) process.stderr.write(`  ${describeProblem(problem)}\n`);
        }
      }),
    );
}

/** A subcommand taking an IR file, with the options seal and unlock share. */
function irCommand(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .argument("<file>", "IR JSON file, - for stdin")
    .option("-f, --frontend <name>", "frontend", "code")
    .option("--whitelist <mode>", "verb whitelist mode: strict, advisory or off")
    .option("--lock <path>", "lock file", DEFAULT_PATH)
    .option("--json", "machine-readable output");
}

const WHITELIST_MODES: readonly string[] = ["strict", "advisory", "off"];

function checkWhitelist(mode: string | undefined): WhitelistMode | undefined {
  if (mode !== undefined && !WHITELIST_MODES.includes(mode)) {
    throw new UsageError(`--whitelist must be one of ${WHITELIST_MODES.join(", ")}, got ${mode}`);
  }
  return mode as WhitelistMode | undefined;
}

function requireLockFile(path: string): void {
  if (!existsSync(path)) throw new UsageError(`no lock file at ${path}`);
}

/** One display line: control characters escaped, long texts cut with an ellipsis. */
function preview(text: string, max = 100): string {
  const flat = JSON.stringify(text).slice(1, -1);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
