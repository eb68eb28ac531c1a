/** `silpc demo` with its token counts (lab: it loads the gpt-4o vocabulary): the real counts of what the models read. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { countTokens, loadTokenizers } from "@silp/tokens";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { test } from "vitest";
import type { DemoTranscript } from "../../src/demo/scenario.js";

test("the demo counts each payload and reply with gpt-4o, and sums what the models read", async () => {
  const run = spawnSync(process.execPath, [CLI_BIN, "demo", "--json"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const transcript = JSON.parse(run.stdout) as DemoTranscript;
  assert.deepEqual(transcript.tokens, { tokenizers: ["gpt-4o"] });
  const [gpt4o] = await loadTokenizers(["gpt-4o"]);
  const count = (text: string) => countTokens(gpt4o!, text);
  const sent = transcript.turns[1]!.attempts[0]!;
  assert.deepEqual(sent.tokens, { "gpt-4o": count(sent.payload!) });
  const delivered = transcript.turns.filter((turn) => turn.reply);
  for (const turn of delivered) assert.equal(turn.reply?.tokens?.["gpt-4o"], count(turn.reply!.payload));
  // The summary: requests and replies of the delivered turns, next to the same IRs as JSON.
  let payloads = 0;
  let compact = 0;
  let irJson = 0;
  for (const turn of delivered) {
    const accepted = turn.attempts.find((attempt) => attempt.outcome === "delivered")!;
    payloads += count(accepted.payload!) + count(turn.reply!.payload);
    // The compact payload is the delivered text without its meta trailer (the code frontend: " #{...}" at the end).
    const bare = (text: string) => (accepted.frontend === "code" ? text.replace(/ #\{.*\}$/, "") : text);
    if (accepted.frontend === "code") compact += count(bare(accepted.payload!)) + count(bare(turn.reply!.payload));
    else compact += turn.compactTokens!["gpt-4o"]! + turn.reply!.compactTokens!["gpt-4o"]!;
    irJson += turn.irJsonTokens!["gpt-4o"]! + turn.reply!.irJsonTokens!["gpt-4o"]!;
  }
  assert.deepEqual(transcript.summary.read, { tokenizer: "gpt-4o", payloads, compact, irJson });
  assert.ok(compact < payloads && payloads < irJson / 2, `${compact} < ${payloads} < ${irJson} / 2`);

  // The dialect part: each turn counted on its reader's own tokenizer, here re-counted.
  const [llama] = await loadTokenizers(["llama-2"]);
  const on = { "gpt-4o": gpt4o!, "llama-2": llama! } as const;
  for (const reader of transcript.dialects.readers) {
    const tokenizer = on[reader.tokenizer as keyof typeof on];
    let delivered = 0;
    for (const turn of reader.turns) {
      assert.equal(turn.tokens?.delivered, countTokens(tokenizer, turn.payload), turn.case);
      delivered += turn.tokens?.delivered ?? 0;
    }
    assert.equal(reader.totals?.delivered, delivered);
  }
  const [gamma, delta] = transcript.dialects.readers;
  // gamma reads x-evolved: fewer tokens than code would have cost it, both with the meta; delta reads code.
  // Prose (lossy, no meta) is a reference only: the dialect with its meta may cost more than it.
  assert.ok(gamma!.totals!.delivered < gamma!.totals!.code, JSON.stringify(gamma!.totals));
  assert.equal(delta!.totals!.delivered, delta!.totals!.code);
});
