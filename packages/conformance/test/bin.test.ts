/**
 * `silp-conformance`, the bin of @silp/conformance (its built dist/bin.js, as npm links it): the
 * suite it finds by itself (the checkout's conformance/ here, the packed suite/ when installed)
 * against this repository's adapter passes every case; a bad option is a usage error (exit 2)
 * naming it; a failing adapter's cases fail (exit 1) with the adapter's text escaped.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "packages/conformance/package.json"), "utf8")) as { bin: Record<string, string> };
const BIN = join(REPO_ROOT, "packages/conformance", manifest.bin["silp-conformance"] as string);
const run = (args: string[], cwd = REPO_ROOT) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", timeout: 300_000 });

describe("silp-conformance", () => {
  test("finds its suite by itself and this repository's adapter passes all of it, from any folder", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "silp-conformance-"));
    try {
      const adapter = `"${process.execPath}" "${join(REPO_ROOT, "conformance/adapters/silp-ts.mjs")}"`;
      const result = run(["--adapter", adapter, "--json"], elsewhere);
      assert.equal(result.status, 0, result.stderr);
      const report = JSON.parse(result.stdout) as { suite: { version: string }; totals: { total: number; pass: number; fail: number } };
      const index = JSON.parse(readFileSync(join(REPO_ROOT, "conformance/index.json"), "utf8")) as { version: string };
      assert.equal(report.suite.version, index.version);
      assert.equal(report.totals.fail, 0);
      assert.equal(report.totals.pass, report.totals.total);
      assert.ok(report.totals.total >= 300, String(report.totals.total));
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test("usage errors exit 2 and name the problem", () => {
    const cases: [string[], RegExp][] = [
      [[], /--adapter is required/],
      [["--adapter", "x", "--timeout", "soon"], /--timeout must be a positive integer/],
      [["--adapter", "x", "--bogus"], /Unknown option '--bogus'/],
      [["--adapter", "x", "--suite", "/nonexistent/suite"], /cannot read the suite in \/nonexistent\/suite/],
      [["--adapter", "x", "--only", "nosuchsection"], /nosuchsection/],
    ];
    for (const [args, message] of cases) {
      const result = run(args);
      assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
  });

  test("an adapter that answers wrongly fails its cases (exit 1); one that quotes control characters has them shown escaped", () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-conformance-bad-"));
    try {
      // A test double of an implementation: answers every request with the same wrong output.
      const script = join(dir, "wrong.mjs");
      writeFileSync(
        script,
        'import { createInterface } from "node:readline";\nfor await (const line of createInterface({ input: process.stdin })) { const { id } = JSON.parse(line); process.stdout.write(JSON.stringify({ id, ok: true, output: "\\u001b[31mred" }) + "\\n"); }\n',
      );
      const result = run(["--adapter", `"${process.execPath}" "${script}"`, "--only", "probe"]);
      assert.equal(result.status, 1, result.stderr);
      assert.match(result.stdout, /probe +\d+ +0 +\d+ +0/);
      assert.ok(!result.stdout.includes("\u001b"), "no escape character reaches the terminal");
      // An adapter's own words (an unsupported case's reason) are printed as given, so escaped here.
      const raw = join(dir, "raw.mjs");
      writeFileSync(
        raw,
        'import { createInterface } from "node:readline";\nfor await (const line of createInterface({ input: process.stdin })) { const { id } = JSON.parse(line); process.stdout.write(JSON.stringify({ id, unsupported: true, reason: "\\u001b[2Jgone \\u202e" }) + "\\n"); }\n',
      );
      const verbose = run(["--adapter", `"${process.execPath}" "${raw}"`, "--only", "probe", "--verbose"]);
      assert.equal(verbose.status, 0, verbose.stderr);
      assert.ok(!verbose.stdout.includes("\u001b") && !verbose.stdout.includes("\u202e"), verbose.stdout.slice(0, 300));
      assert.match(verbose.stdout, /\\u001B\[2Jgone \\u202E/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
