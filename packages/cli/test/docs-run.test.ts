/**
 * Every TypeScript block of README.md and docs/ that the product lane type-checks also runs as
 * written (package-readmes.test.ts is its type check), by the testkit's runDocBlocks: a module of
 * its own, resolving the workspace's built packages. What a block states is checked, with the
 * docs' text as the oracle: a `// "value"` comment after a statement is that statement's value
 * (strict equality), and the `// → ` comments are, line by line, what the block prints.
 *
 * The blocks of docs/models.md talk to a chat endpoint: here OPENAI_BASE_URL points at
 * scriptedChatServer, a TEST DOUBLE that answers the docs' prompts from a table written below (no
 * model is reachable from this machine); a real endpoint would add what a model actually writes.
 * A block that declares its inputs (`declare const`) is a fragment of the reader's program and is
 * only type-checked; the lab's blocks are type-checked by lab/docs-blocks.test.ts.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { type BlockRun, runDocBlocks } from "@silp/testkit/doc-block-runner.js";
import { type DocBlock, isFragment, productDocBlocks, runnableBlock } from "@silp/testkit/doc-blocks.js";
import { type ChatCompletionBody, messageText, scriptedChatServer, type ScriptedChatServer, type ScriptedReply } from "@silp/testkit/scripted-chat-server.js";

/** What the test double's "model" answers to each user message of docs/models.md (the reading block's is a payload). */
const WRITTEN: Record<string, string> = {
  "If it rains tomorrow, cancel the picnic and tell Sam.": "if rain(t+1): cancel(picnic); notify(Sam)",
  "Refund order 17 and let Dana know.": "refund(order=17); notify(Dana)",
  "Fetch the sales report, then process it.": "fetch(sales_report); process(report)",
  "Book the hotel.": "book(hotel)",
  "search(flights,to=Oslo)": "Search for flights to Oslo.",
};

function answer(body: ChatCompletionBody): ScriptedReply {
  const user = messageText(body.messages.at(-1) ?? { role: "user", content: "" });
  if (Array.isArray(body.tools)) {
    return { toolCalls: [{ name: "send_silp", arguments: JSON.stringify({ payload: "book(table, guests=4, place=Noma, time=tonight)" }) }], json: true };
  }
  const written = WRITTEN[user];
  return written === undefined ? { status: 400, body: `the test double has no answer for ${JSON.stringify(user)}` } : { text: written, json: true };
}

const blocks = productDocBlocks().filter((block) => !isFragment(block));
let runs = new Map<DocBlock, BlockRun>();
let chat: ScriptedChatServer | undefined;

beforeAll(async () => {
  chat = await scriptedChatServer(answer);
  runs = await runDocBlocks(blocks, "docs-run", { OPENAI_BASE_URL: `${chat.baseUrl}/v1`, OPENAI_API_KEY: "test-double" });
}, 240_000);

afterAll(async () => {
  await chat?.close();
});

test("the runner covers the docs: blocks, stated values and printed lines", () => {
  const pages = new Set(blocks.map((block) => block.page));
  assert.ok(blocks.length >= 18, `${blocks.length} blocks run`);
  for (const page of ["README.md", "docs/models.md", "docs/dialects.md", "docs/protocol.md"]) assert.ok(pages.has(page), page);
  const stated = blocks.reduce((sum, block) => sum + runnableBlock(block).stated, 0);
  const printed = blocks.reduce((sum, block) => sum + runnableBlock(block).printed.length, 0);
  assert.ok(stated >= 4, `${stated} stated values`);
  assert.ok(printed >= 10, `${printed} stated printed lines`);
});

test("a stated value is checked: a block whose comment states another value fails with the page's line", async () => {
  const right: DocBlock = { page: "README.md", block: 'const word: string = "ship";\nword.toUpperCase(); // "SHIP" and prose after it\n' };
  const wrong: DocBlock = { page: "README.md", block: 'const word: string = "ship";\nword.toUpperCase(); // "ship"\n' };
  const declared: DocBlock = { page: "README.md", block: 'const word = "ship".toUpperCase(); // "SHIP"\n' };
  const checked = await runDocBlocks([right, wrong, declared], "docs-run-self");
  assert.equal(checked.get(right)?.status, 0, checked.get(right)?.stderr);
  assert.equal(checked.get(declared)?.status, 0, checked.get(declared)?.stderr);
  assert.notEqual(checked.get(wrong)?.status, 0);
  assert.match(checked.get(wrong)?.stderr ?? "", /README\.md, line 2 of the block: the docs state "ship", the code gave "SHIP"/);
  assert.equal(runnableBlock(right).stated + runnableBlock(declared).stated, 2);
});

describe("each block runs as written", () => {
  for (const block of blocks) {
    const name = `${block.page}: ${block.block
      .split("\n")
      .find((line) => line.trim() !== "" && !line.startsWith("import"))
      ?.slice(0, 60)}`;
    test(name, () => {
      const run = runs.get(block);
      assert.ok(run, "not run");
      assert.equal(run.status, 0, `exit ${run.status}\n${run.stderr.slice(0, 2000)}`);
      const { printed } = runnableBlock(block);
      if (printed.length > 0) assert.deepEqual(run.stdout.trimEnd().split("\n"), printed);
    });
  }
});
