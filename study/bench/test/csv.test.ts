/** CSV reading of the study's tables: RFC 4180 quoting, and positioned errors for broken input. */
import assert from "node:assert/strict";
import { test } from "vitest";
import { parseCsv, parseCsvObjects } from "../src/analysis/csv.js";
import { SilpError } from "silp";

test("quoted fields keep commas, doubled quotes and line breaks; CRLF and LF both end rows", () => {
  assert.deepEqual(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n1,2\n'), [
    ["a", "b"],
    ["x, y", 'say "hi"\nthere'],
    ["1", "2"],
  ]);
  assert.deepEqual(parseCsvObjects("model,pass\nglm,0.5\n"), [{ model: "glm", pass: "0.5" }]);
});

test("an unterminated quote is invalid_syntax with a position", () => {
  assert.throws(
    () => parseCsv('a,b\n1,"open\n', "t.csv"),
    (error: unknown) => {
      assert.ok(error instanceof SilpError);
      assert.equal(error.code, "invalid_syntax");
      assert.match(error.message, /^t\.csv: /);
      assert.ok(error.line !== undefined);
      return true;
    },
  );
});
