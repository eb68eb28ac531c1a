/**
 * A stream is read by the frontend's own parser (docs/architecture.md, "Streaming"), so the parts
 * that resume across chunks are checked where they are made:
 *
 * - the code lexer fed in chunks gives the tokens (or the error) the same lexer gives for the
 *   whole text, on texts of tricky characters (quotes, escapes, operators, surrogate pairs,
 *   joiners inside Persian words, backticks) cut at random;
 * - the stream sanitizer gives the text, hits and position map of the whole-text pass, for any
 *   cut, on texts of invisible characters whose treatment depends on their neighbours;
 * - payloads full of what the sanitizer acts on decode alike streamed or whole, at every cut;
 * - a stream whose payload the parser read is not decoded again at the end (a bare or fenced
 *   payload); one it could not read is (prose before it), counted on a registered test double
 *   that wraps the code frontend;
 * - the registry reads `streams` from `openStream`, like every capability.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, test } from "vitest";
import { createDecoder, decode, type DecodeResult, getFrontend, listFrontends, registerFrontend, SilpError } from "silp";
import { sanitizePayload } from "silp/sanitizer";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { seededRandom } from "@silp/testkit/seeded-random.js";
import { Lexer, type Token } from "../../src/frontends/code/lexer.js";
import { resolveSanitizeOptions } from "../../src/security/options.js";
import { StreamSanitizer } from "../../src/security/stream-sanitizer.js";

/** Cuts `text` into chunks of 1 to 6 characters, by `seed`. */
function cut(text: string, seed: number): string[] {
  const random = seededRandom(seed);
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 6);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

type Lexed = { tokens: Token[]; error?: { message: string; offset: number | undefined } };

function lexWhole(text: string, singleQuotes: boolean): Lexed {
  const lexer = new Lexer(text, 0, text.length, singleQuotes);
  const tokens: Token[] = [];
  try {
    for (;;) {
      const token = lexer.next();
      tokens.push(token);
      if (token.kind === "eof") return { tokens };
    }
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    return { tokens, error: { message: error.message, offset: error.offset } };
  }
}

function lexStreamed(chunks: string[], singleQuotes: boolean): Lexed {
  const lexer = Lexer.stream(0, singleQuotes);
  const tokens: Token[] = [];
  try {
    for (const chunk of chunks) {
      if (!lexer.append(chunk)) continue;
      for (let token = lexer.tryNext(); token !== undefined; token = lexer.tryNext()) tokens.push(token);
    }
    lexer.finish();
    for (;;) {
      const token = lexer.next();
      tokens.push(token);
      if (token.kind === "eof") return { tokens };
    }
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    return { tokens, error: { message: error.message, offset: error.offset } };
  }
}

const LEXER_ALPHABET = [
  "a",
  "Z",
  "9",
  "_",
  ".",
  "u",
  "0",
  "f",
  " ",
  " ",
  "\n",
  "\t",
  '"',
  "\\",
  "'",
  "`",
  "(",
  ")",
  ",",
  ";",
  ":",
  "@",
  "=",
  "!",
  "<",
  ">",
  "[",
  "]",
  "{",
  "}",
  "#",
  "\u200c",
  "\u200d",
  "م",
  "ی",
  "😀",
  "é",
  "\u200b",
];

describe("the code lexer fed in chunks reads what it reads whole", () => {
  test("hand-picked: a token cut inside a word, a string's escape, a \\u escape, an operator, a surrogate pair, a joiner", () => {
    const texts = ['start(hike, "a\\n\\u0041b") <= x', "a != b", "😀x(y)", `می\u200cخواهم)`, "'it\\'s' `[1]`", "if a==b: c(d)", "x\t\n y"];
    for (const text of texts) {
      for (let at = 0; at <= text.length; at++) {
        for (const singleQuotes of [false, true]) {
          assert.deepEqual(
            lexStreamed([text.slice(0, at), text.slice(at)], singleQuotes),
            lexWhole(text, singleQuotes),
            `${JSON.stringify(text)} cut at ${at}`,
          );
        }
      }
      assert.deepEqual(lexStreamed([...text], true), lexWhole(text, true), `${JSON.stringify(text)} one character at a time`);
    }
  });

  test("generated texts of tricky characters, cut at random: the same tokens and the same first error", () => {
    assertProperty(
      fc.property(fc.array(fc.constantFrom(...LEXER_ALPHABET), { maxLength: 40 }), fc.integer(), fc.boolean(), (characters, seed, singleQuotes) => {
        const text = characters.join("");
        assert.deepEqual(lexStreamed(cut(text, seed), singleQuotes), lexWhole(text, singleQuotes), JSON.stringify(text));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  test("a word a million characters long, one character at a time, is one token (read once: the chunks are only appended)", () => {
    const word = "a".repeat(1_000_000);
    const lexer = Lexer.stream(0);
    let read = 0;
    for (let at = 0; at < word.length; at += 1) {
      if (!lexer.append(word[at] as string)) continue;
      read++;
      assert.equal(lexer.tryNext(), undefined, "the word goes on");
    }
    assert.equal(read, 1, "only the first chunk was read; the others joined the word");
    assert.equal(lexer.append(")"), true);
    assert.deepEqual(lexer.tryNext(), { kind: "bare", text: word, start: 0, end: word.length, wsStart: 0, oneSpace: false, follow: 0x29 });
  });
});

const SANITIZER_ALPHABET = [
  "a",
  "x",
  "#",
  "1",
  " ",
  "(",
  "\u200b",
  "\u200c",
  "\u200d",
  "\ufeff",
  "\u202e",
  "\u2066",
  "\u00ad",
  "\u2060",
  "\ufe0f",
  "\ufe0e",
  "م",
  "ی",
  "😀",
  "👩",
  "🏴",
  "\u{e0067}",
  "\u{e0062}",
  "\u{e007f}",
  "北",
  "\u3164",
];

function sanitizedInChunks(chunks: string[], policy: "strip" | "flag"): unknown {
  const sanitizer = new StreamSanitizer(resolveSanitizeOptions({ invisible: policy }));
  let clean = "";
  for (const chunk of chunks) clean += sanitizer.push(chunk);
  clean += sanitizer.finish();
  const mapped = Array.from({ length: clean.length + 1 }, (_, offset) => sanitizer.offsets.toOriginal(offset));
  return { clean, hits: sanitizer.report().hits, counts: sanitizer.report().counts, mapped };
}

function sanitizedWhole(text: string, policy: "strip" | "flag"): unknown {
  const payload = sanitizePayload(text, { invisible: policy });
  const mapped = Array.from({ length: payload.text.length + 1 }, (_, offset) => payload.offsets.toOriginal(offset));
  return { clean: payload.text, hits: payload.report.hits, counts: payload.report.counts, mapped };
}

describe("the stream sanitizer gives the whole-text pass's text, hits and position map, however the text is cut", () => {
  test("generated texts of invisible characters and their neighbours (joiners, selectors, flags, bidi)", () => {
    assertProperty(
      fc.property(
        fc.array(fc.constantFrom(...SANITIZER_ALPHABET), { maxLength: 30 }),
        fc.integer(),
        fc.constantFrom("strip" as const, "flag" as const),
        (characters, seed, policy) => {
          const text = characters.join("");
          assert.deepEqual(sanitizedInChunks(cut(text, seed), policy), sanitizedWhole(text, policy), JSON.stringify(text));
          assert.deepEqual(sanitizedInChunks([...text], policy), sanitizedWhole(text, policy), `${JSON.stringify(text)} by code unit`);
        },
      ),
      { numRuns: propertyRuns(2000) },
    );
  });

  test("a keycap selector after an ASCII digit at a chunk's end keeps its base (the left neighbour is carried)", () => {
    assert.deepEqual(sanitizedInChunks(["x1", "\ufe0f y"], "strip"), sanitizedWhole("x1\ufe0f y", "strip"));
    assert.deepEqual(sanitizedInChunks(["xa", "\ufe0f y"], "strip"), sanitizedWhole("xa\ufe0f y", "strip"));
  });
});

/** decode() of the whole text: the result, or the error's code and offset. */
function whole(text: string, frontend: string, options: object): DecodeResult | { code: string; offset: number | undefined } {
  try {
    return decode(text, frontend, options);
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    return { code: error.code, offset: error.offset };
  }
}

function streamed(chunks: string[], frontend: string, options: object): DecodeResult | { code: string; offset: number | undefined } {
  const decoder = createDecoder(frontend, options);
  for (const chunk of chunks) decoder.push(chunk);
  try {
    return decoder.end();
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    return { code: error.code, offset: error.offset };
  }
}

describe("payloads the sanitizer acts on decode alike streamed or whole, at every cut", () => {
  const payloads: [string, string, object][] = [
    ["code", "st\u200bart(hi\u200bke, to=Москва) else: start(cards@北京)", {}],
    ["code", "cаncel(flight)", {}], // a Cyrillic а in the verb: folded and reported
    ["code", "if !rаin(t+1): start(hike)", {}],
    ["code", 'start("a\u202eb", x=y)', { sanitize: { invisible: "flag" } }],
    ["code", `start(می\u200cخواهم, 👩\u200d💻, 1\ufe0f)`, {}],
    ["code", "```silp\nstart(hi\u200bke)\n```", {}],
    ["json", '{"intent":"!START","act":"hi\u200bke","tо":"Oslo","constraints":[{"type":"t","value":"v\u00ad"}]}', {}],
    ["json", '{"intent":"!START","act":["a","b"],"action_email":["sam",{"id":"to","value":"bob"}],"alternatives":[{"action":"!X","target":null}]}', {}],
    ["json", '```json\n{"intent":"!START","act":"hike"}\n```', {}],
  ];
  test.each(payloads)("%s: %j", (frontend, text, options) => {
    const expected = whole(text, frontend, options);
    for (let at = 0; at <= text.length; at++) {
      assert.deepEqual(streamed([text.slice(0, at), text.slice(at)], frontend, options), expected, `cut at ${at}`);
    }
    assert.deepEqual(streamed([...text], frontend, options), expected, "one code unit at a time");
  });
});

describe("the end of a stream completes what the parser read: decoded whole again only when the parser could not read it", () => {
  const code = getFrontend("code");
  let decodes = 0;
  // A TEST DOUBLE frontend: the code frontend's own methods, with decode() calls counted.
  registerFrontend({
    name: "t-counted-code",
    lossless: true,
    description: "the code frontend, counting its whole-text decodes (a test double)",
    compile: code.compile,
    decode: (context, start, end) => {
      decodes++;
      return (code.decode as NonNullable<typeof code.decode>)(context, start, end);
    },
    openStream: code.openStream,
  });

  function count(text: string): { decodes: number; same: boolean } {
    decodes = 0;
    const decoder = createDecoder("t-counted-code");
    for (const chunk of cut(text, 7)) decoder.push(chunk);
    const result = decoder.end();
    const counted = decodes;
    return { decodes: counted, same: JSON.stringify(result) === JSON.stringify({ ...decode(text, "code"), frontend: "t-counted-code" }) };
  }

  test("a bare payload, a fenced one, one with a trailer: no whole-text decode, the result decode() gives", () => {
    assert.deepEqual(count("if !rain(t+1): start(hike, with=bob) else: start(cards@indoor)"), { decodes: 0, same: true });
    assert.deepEqual(count("```silp\nstart(hike)\n```"), { decodes: 0, same: true });
    assert.deepEqual(count("start(hike) #{p2 c.75 sid=a1}"), { decodes: 0, same: true });
    assert.deepEqual(count('start(hike) #meta {"meta":{"req_id":"ab12cd34"}}'), { decodes: 0, same: true });
  });

  test("prose before the payload: the parser could not read it, so the whole text is decoded (extraction)", () => {
    assert.deepEqual(count("Sure, here it is: start(hike)"), { decodes: 2, same: true });
  });

  test("the registry reads streams from openStream: listed, refused when stated, refused without decode", () => {
    assert.equal(listFrontends().find((frontend) => frontend.name === "t-counted-code")?.streams, true);
    assert.equal(getFrontend("code").streams, true);
    assert.equal(getFrontend("json").streams, true);
    assert.equal(getFrontend("natural").streams, false);
    const stated = silpErrorOf(() =>
      registerFrontend({ name: "t-states-streams", lossless: true, description: "", compile: () => "", streams: true } as never),
    );
    assert.equal(stated.code, "invalid_options");
    assert.equal(stated.details?.option, "frontend.streams");
    const alone = silpErrorOf(() =>
      registerFrontend({ name: "t-stream-alone", lossless: true, description: "", compile: () => "", openStream: code.openStream }),
    );
    assert.equal(alone.code, "invalid_options");
    assert.equal(alone.details?.option, "frontend.openStream");
  });
});
