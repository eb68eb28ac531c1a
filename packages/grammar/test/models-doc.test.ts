/**
 * The recipes of docs/models.md run as written: each `<!-- recipe: NAME -->` block is written to a
 * temporary module (its own-package imports pointed at the sources), run as a child process with
 * OPENAI_BASE_URL set to `scriptedChatServer`, the OpenAI-compatible TEST DOUBLE on 127.0.0.1,
 * and the test checks what the endpoint received and what the recipe printed.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { type ChatCompletionBody, type ScriptedChatServer, type ScriptedReply, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

const docs = readFileSync(join(REPO_ROOT, "docs/models.md"), "utf8");

const OWN: Record<string, string> = {
  silp: "packages/silp/src/index.ts",
  "@silp/grammar": "packages/grammar/src/index.ts",
  "@silp/mcp": "packages/mcp/src/index.ts",
  "@silp/a2a": "packages/a2a/src/index.ts",
};

function recipe(name: string): string {
  const match = new RegExp(`<!-- recipe: ${name} -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(docs);
  assert.ok(match, `docs/models.md has no recipe ${name}`);
  return (match[1] as string).replace(/from "([^"]+)"/g, (_all, specifier: string) => {
    const own = OWN[specifier];
    return `from "${own ? pathToFileURL(join(REPO_ROOT, own)).href : import.meta.resolve(specifier)}"`;
  });
}

/** Runs a recipe as a child process (asynchronously: the test double answers from this process). */
async function run(name: string, baseUrl: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "silp-recipe-"));
  try {
    const file = join(dir, `${name}.mts`);
    writeFileSync(file, recipe(name));
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: REPO_ROOT,
      env: { ...process.env, OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: "test-double-key", MODEL: "test-double" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    assert.equal(code, 0, stderr);
    return stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const replies: Record<string, (body: ChatCompletionBody) => ScriptedReply> = {};
let server: ScriptedChatServer;

function system(body: ChatCompletionBody): string {
  return body.messages.find((message) => message.role === "system")?.content ?? "";
}

describe("docs/models.md recipes against an OpenAI-compatible test double", () => {
  beforeAll(async () => {
    server = await scriptedChatServer((body) => {
      const user = body.messages.find((message) => message.role === "user")?.content ?? "";
      const reply = Object.entries(replies).find(([key]) => user.includes(key));
      assert.ok(reply, `no scripted reply for ${user}`);
      return reply[1](body);
    });
  });
  afterAll(() => server.close());

  test("write: the write prompt goes out as the system message; the reply decodes (a fence repaired)", async () => {
    replies["If it rains tomorrow"] = (body) => {
      assert.match(system(body), /^You write SILP/);
      return { text: "```silp\nif rain(t+1): cancel(picnic); notify(Sam)\n```", json: true };
    };
    assert.equal(
      await run("write", server.baseUrl),
      '!CANCEL [{"id":"act","value":"picnic","action":"!CANCEL"},{"id":"act","value":"Sam","action":"!NOTIFY"}] code_fence',
    );
  });

  test("read: the payload is the user message under the read prompt", async () => {
    replies["search(flights"] = (body) => {
      assert.match(system(body), /^Messages you receive are SILP/);
      return { text: "Searching flights to Oslo.", json: true };
    };
    assert.equal(await run("read", server.baseUrl), "search(flights,to=Oslo) -> Searching flights to Oslo.");
  });

  test("grammar: the request carries the GBNF with exactly the deployment's verbs", async () => {
    replies["Refund order 17"] = (body) => {
      const grammar = (body as unknown as { grammar?: string }).grammar ?? "";
      assert.match(grammar, /^root ::= payload$/m);
      assert.match(grammar, /"refund\("/);
      assert.doesNotMatch(grammar, /"cancel\("/);
      return { text: "refund(order_17); notify(Dana)", json: true };
    };
    assert.equal(
      await run("grammar", server.baseUrl),
      '!REFUND [{"id":"act","value":"order_17","action":"!REFUND"},{"id":"act","value":"Dana","action":"!NOTIFY"}]',
    );
  });

  test("tools: the payload comes back as a tool argument and decodes", async () => {
    replies["Book a table"] = (body) => {
      const tools = (body as unknown as { tools: { function: { name: string; description: string } }[] }).tools;
      assert.equal(tools[0]?.function.name, "send_silp");
      assert.match(tools[0]?.function.description ?? "", /^You write SILP/);
      const message = {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "send_silp", arguments: JSON.stringify({ payload: "book(table,for=4,at=Noma,when=tonight)" }) } },
        ],
      };
      return { status: 200, body: JSON.stringify({ choices: [{ index: 0, message, finish_reason: "tool_calls" }] }) };
    };
    assert.equal(
      await run("tools", server.baseUrl),
      'send_silp !BOOK [{"id":"act","value":"table","action":"!BOOK"},{"id":"for","value":"4","action":"!BOOK"},{"id":"at","value":"Noma","action":"!BOOK"},{"id":"when","value":"tonight","action":"!BOOK"}]',
    );
  });

  test("mcp: the model's payload goes through the decode tool, repairs reported", async () => {
    replies["Fetch the sales report"] = () => ({ text: "fetch(sales_report); process(result, format=csv)", json: true });
    assert.equal(await run("mcp", server.baseUrl), "!FETCH space_after_comma");
  });

  test("a2a: the model's payload is sent to an agent that executes it", async () => {
    replies["Book the hotel"] = () => ({ text: "book(hotel)", json: true });
    const out = await run("a2a", server.baseUrl);
    const reply = JSON.parse(out) as Record<string, string>;
    assert.equal(reply.intent, "!NOTIFY");
    assert.equal(reply.book, "booked hotel");
  });
});
