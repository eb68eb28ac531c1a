/**
 * The page's tokenizer loading (page/tokenizers/load.ts, the code its Web Worker runs) in Node:
 * built from the files the build writes next to the page, each of the six counts exactly what
 * @silp/tokens counts, the oracle here (its own Node loaders, not the page's code; that they
 * count what the upstream packages count is study/tokens/test/identical-counts.test.ts).
 * Progress reports the bytes of each file as they arrive.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadTokenizer } from "@silp/tokens";
import fc from "fast-check";
import { compile } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { assertProperty } from "@silp/testkit/property.js";
import { PAGE_TOKENIZER_NAMES, TOKENIZER_DATA } from "../page/tokenizers/catalog.js";
import { type LoadEnvironment, loadPageTokenizer, type PageEncoder } from "../page/tokenizers/load.js";
import { writeTokenizerData } from "../scripts/tokenizer-data.js";

let dir = "";
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "silp-playground-tokenizers-"));
  await writeTokenizerData(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A static host's answers for files under `dir` (the test double of the page's fetch): streamed, with content-length. */
const fileFetch = async (url: URL): Promise<Response> => {
  const path = fileURLToPath(url);
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return new Response("not found", { status: 404 });
  }
  const body = Readable.toWeb(createReadStream(path, { highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { "content-length": String(size) } });
};

const environment = (): LoadEnvironment => ({ base: pathToFileURL(`${dir}/`), fetch: fileFetch, importModule: (url) => import(url.href) });

/** What the playground shows: every appendix example in every frontend, and text a tokenizer finds hard. */
function sampleTexts(): string[] {
  const texts: string[] = [];
  for (const example of APPENDIX_EXAMPLES) {
    for (const frontend of ["code", "json", "natural", "nl_json"]) texts.push(compile(example.ir, frontend));
  }
  texts.push(
    "",
    " ",
    "if !rain(t+1): start(hike) else: start(cards@indoor)",
    "\ufeffcancel(flight)",
    "r\u0430in hi\u200bke",
    "天气 晴朗 👍🏽 naïve café",
    "<|endoftext|> <s> </s> <unk>",
    "  two  spaces\tand a tab\nand lines\r\n",
    "x".repeat(300),
  );
  return texts;
}

describe("the page's tokenizers count what @silp/tokens counts", () => {
  for (const name of PAGE_TOKENIZER_NAMES) {
    test(name, { timeout: 300_000 }, async () => {
      const progress: Array<[number, number | undefined]> = [];
      const encoder: PageEncoder = await loadPageTokenizer(name, environment(), (received, total) => progress.push([received, total]));
      // Progress: increasing byte counts that end at the file's size, with the size as total.
      const size = statSync(join(dir, TOKENIZER_DATA[name].file)).size;
      assert.ok(progress.length >= 1, "progress was reported");
      assert.deepEqual(progress.at(-1), [size, size]);
      for (let i = 1; i < progress.length; i++) assert.ok((progress[i]?.[0] ?? 0) > (progress[i - 1]?.[0] ?? 0), "bytes received only grow");
      const oracle = await loadTokenizer(name);
      for (const text of sampleTexts()) assert.equal(encoder.count(text), oracle.encode(text).length, `${name} on ${JSON.stringify(text.slice(0, 60))}`);
      assertProperty(
        fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => encoder.count(text) === oracle.encode(text).length),
        { numRuns: 150 },
      );
    });
  }

  test("a missing data file is an error naming the file and the status, not a crash", async () => {
    rmSync(join(dir, "tokenizers", "claude.vocab.gz"));
    await assert.rejects(
      loadPageTokenizer("claude", environment(), () => {}),
      (error: Error) => error.message === "tokenizers/claude.vocab.gz: HTTP 404",
    );
  });
});
