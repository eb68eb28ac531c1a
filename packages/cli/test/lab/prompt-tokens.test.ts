/** `silpc prompt --tokens` (lab: it loads a real tokenizer). */
import assert from "node:assert/strict";
import { test } from "vitest";
import { runCli } from "@silp/testkit/cli.js";

test("--tokens counts the prompt on the chosen tokenizers", () => {
  const result = runCli(["prompt", "--role", "write", "--tokens", "--tokenizers", "gpt-4o", "--quiet", "--json"]);
  assert.equal(result.status, 0, result.stderr);
  const parsed = JSON.parse(result.stdout) as { tokens: Record<string, number>; text: string };
  assert.deepEqual(Object.keys(parsed.tokens), ["gpt-4o"]);
  // A token is at least one character and, for English prose, rarely more than six.
  assert.ok(parsed.tokens["gpt-4o"]! > parsed.text.length / 6 && parsed.tokens["gpt-4o"]! < parsed.text.length);
});
