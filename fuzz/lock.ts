/** Fuzz target: the compile lock reader (verifyLockText, inspectLock) on arbitrary file text. */
import assert from "node:assert/strict";
import { inspectLock, verifyLockText } from "@silp/lock";
import { CODEC_SOURCES, type FuzzTarget } from "./engine.js";
import { resultOrSilpError } from "./properties.js";

export const target: FuzzTarget = {
  name: "lock",
  sources: [...CODEC_SOURCES, "/packages/lock/src/"],
  tokens: [
    "\n",
    "\r\n",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    '"',
    '"kind"',
    '"seal"',
    '"unlock"',
    '"seq"',
    '"prev"',
    '"hash"',
    '"ir_hash"',
    '"output_hash"',
    '"compiled"',
    '"ir"',
    '"frontend"',
    '"code"',
    '"json"',
    '"timestamp"',
    '"silp"',
    '"v1"',
    '"library_version"',
    '"reason"',
    "0",
    "1",
    "-1",
    "1.5",
    "1e309",
    "null",
    '"sha256:',
    "0000000000000000000000000000000000000000000000000000000000000000",
  ],
  check(input) {
    const report = resultOrSilpError(() => verifyLockText(input));
    const inspection = resultOrSilpError(() => inspectLock(input));
    if (report && inspection) assert.deepStrictEqual(inspection.report, report, "verifyLockText and inspectLock disagree");
  },
};
