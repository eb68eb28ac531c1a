/**
 * What `silpc` reads and prints when the input is hostile. Reading
 * is bounded (an endless input fails with limit_exceeded instead of exhausting memory), invalid
 * UTF-8 is a positioned error instead of silent U+FFFD, and rendered errors never pass control
 * or bidi characters from the input to the terminal.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { runCli } from "@silp/testkit/cli.js";

const dir = mkdtempSync(join(tmpdir(), "silpc-hostile-"));
import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";

/** Characters a terminal must never receive raw from peer text. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe("silpc with hostile input", () => {
  test("an endless input (/dev/zero) stops at the size bound with limit_exceeded", { skip: Boolean(!existsSync("/dev/zero")) }, () => {
    // A hard memory cap for the child: reading until memory runs out must fail this test.
    const result = spawnSync(process.execPath, ["--max-old-space-size=256", CLI_BIN, "decode", "/dev/zero", "--json"], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(result.status, 1, result.stderr);
    const error = JSON.parse(result.stdout).error;
    assert.equal(error.code, "limit_exceeded");
  });

  test("invalid UTF-8 is invalid_syntax at the byte offset, not a silent U+FFFD", () => {
    const file = join(dir, "bad-utf8.txt");
    writeFileSync(file, Buffer.concat([Buffer.from("start(caf\u00e9"), Buffer.from([0xff]), Buffer.from(")")]));
    const result = runCli(["decode", file, "--json"]);
    assert.equal(result.status, 1, result.stderr);
    const error = JSON.parse(result.stdout).error;
    assert.equal(error.code, "invalid_syntax");
    assert.match(error.message, /byte offset 11/); // "start(caf" is 9 bytes, "é" 2
    assert.equal(error.line, 1);
    assert.equal(error.column, 11);
  });

  test("a truncated multi-byte sequence at the end is reported too", () => {
    const file = join(dir, "truncated-utf8.txt");
    writeFileSync(file, Buffer.concat([Buffer.from("start(a)"), Buffer.from([0xe2, 0x80])]));
    const error = JSON.parse(runCli(["decode", file, "--json"]).stdout).error;
    assert.equal(error.code, "invalid_syntax");
    assert.match(error.message, /byte offset 8/);
  });

  test("a leading BOM is still read (and stripped by the sanitizer)", () => {
    const result = runCli(["decode", "-"], "\ufeffstart(a)");
    assert.equal(result.status, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).intent, "!START");
  });

  test("rendered errors escape ESC and bidi characters from the input, with the caret under the escaped line", () => {
    // The quoted string is decoded by the lexer, so the message quotes a raw ESC and U+202E.
    const payload = 'start(x) "\\u001b[2J\\u202egotcha"';
    const result = runCli(["decode", "-"], payload);
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, RAW_CONTROL);
    assert.match(result.stderr, /\\u001B\[2J\\u202Egotcha/);

    const framed = runCli(["decode", "-"], "start(\u001b[31mx\u202e)");
    assert.equal(framed.status, 1);
    assert.doesNotMatch(framed.stderr, RAW_CONTROL);
    const lines = framed.stderr.split("\n");
    const frame = lines.find((line) => line.startsWith("1 | ")) as string;
    assert.equal(frame, "1 | start(\\u001B[31mx\\u202E)");
    const caret = lines[lines.indexOf(frame) + 1] as string;
    assert.equal(caret.indexOf("^"), frame.indexOf("\\u001B"), "the caret points at the escaped ESC");
  });
});
