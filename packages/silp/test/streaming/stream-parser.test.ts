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
 * - the registry reads `streams` from `openStream`, like every capability;
 * - a json stream's parts are in normal form, on a payload written out of order with nulls.
 */
import { countingFrontend } from "./counting-frontend.js";
import { feedJsonStream } from "../frontends/json-cases.js";
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, test } from "vitest";
import { createDecoder, decode, type DecodeResult, type StreamPart, getFrontend, listFrontends, registerFrontend, SilpError } from "silp";
import { sanitizePayload } from "silp/sanitizer";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { seededRandom } from "@silp/testkit/seeded-random.js";
import { cpuMs } from "@silp/testkit/cpu-time.js";
import { ChunkText } from "../../src/chunk-text.js";
import { Lexer, type Token } from "../../src/frontends/code/lexer.js";
import { resolveSanitizeOptions } from "../../src/security/options.js";
import { DecodeContext, type PayloadStream, type StreamWork } from "../../src/frontends/decode-context.js";
import type { Frontend } from "../../src/frontends/registry.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";
import { resolveOptions } from "../../src/options.js";
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

/** The tokens `read` gathers up to eof, or those before the first error and the error. */
function lexed(read: (tokens: Token[]) => void): Lexed {
  const tokens: Token[] = [];
  try {
    read(tokens);
    return { tokens };
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    return { tokens, error: { message: error.message, offset: error.offset } };
  }
}

/** Reads tokens up to and including eof. */
function untilEof(lexer: Lexer, tokens: Token[]): void {
  for (let token = lexer.next(); ; token = lexer.next()) {
    tokens.push(token);
    if (token.kind === "eof") return;
  }
}

function lexWhole(text: string, singleQuotes: boolean): Lexed {
  return lexed((tokens) => untilEof(new Lexer(text, 0, text.length, singleQuotes), tokens));
}

/**
 * A stream lexer and the text it reads a token that spanned chunks from (in a stream the reader
 * keeps it): `append` adds a chunk to that text first, as the reader does, then gives it the lexer.
 */
function streamLexer(singleQuotes = false): { lexer: Lexer; append(chunk: string): boolean } {
  const received = new ChunkText();
  // Without single quotes, the lexer's default: what strict mode reads.
  const lexer = singleQuotes ? Lexer.stream(received, 0, true) : Lexer.stream(received, 0);
  return {
    lexer,
    append: (chunk) => {
      received.append(chunk);
      return lexer.append(chunk);
    },
  };
}

function lexStreamed(chunks: string[], singleQuotes: boolean): Lexed {
  return lexed((tokens) => {
    const { lexer, append } = streamLexer(singleQuotes);
    for (const chunk of chunks) {
      if (!append(chunk)) continue;
      for (let token = lexer.tryNext(); token !== undefined; token = lexer.tryNext()) tokens.push(token);
    }
    lexer.finish();
    untilEof(lexer, tokens);
  });
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

  test("each token comes out as soon as the text that ends it has arrived", () => {
    // The oracle: a token is known once its last character has arrived, and, for a word or a
    // one-character operator that may be the start of a two-character one (! = < >), the
    // character after it too; `follow` and the operators need it. Checked against the whole text's tokens.
    const needsNext = (token: Token) => token.kind === "bare" || (token.text.length === 1 && "!=<>".includes(token.text));
    const texts = [
      'start(hike, "a\\n\\u0041b") <= x',
      "a != b , c=d ; e<f",
      "a\u{10400}b(y)",
      `می\u200cخواهم)`,
      "'it\\'s' `[1]` x",
      "x\t\n y  (  z )",
      "#{p2 c.75 seq=[a,b]}",
    ];
    for (const text of texts) {
      const whole = lexWhole(text, true).tokens.filter((token) => token.kind !== "eof");
      const { lexer, append } = streamLexer(true);
      let out = 0;
      for (let at = 0; at < text.length; at++) {
        if (append(text[at] as string)) for (let token = lexer.tryNext(); token !== undefined; token = lexer.tryNext()) out++;
        const received = at + 1;
        const known = whole.filter((token) => received >= token.end + (needsNext(token) ? 1 : 0)).length;
        assert.equal(out, known, `${JSON.stringify(text)}: tokens out after ${JSON.stringify(text.slice(0, received))}`);
      }
    }
  });

  test("tokens longer than the lexer's batch of pieces (1,024), one character at a time: words, strings, single-quoted strings, JSON literals", () => {
    const long = "x".repeat(2500);
    const texts = [`${long}(y)`, `f("${long}\\n${long}")`, `f('${long}\\'${long}')`, `f(k=\`["${long}"]\`)`, `f(a${" ".repeat(2100)}, b)`];
    for (const text of texts) assert.deepEqual(lexStreamed([...text], true), lexWhole(text, true), `${text.slice(0, 12)}… one character at a time`);
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

  test("a chunk that only goes on with a word, a string, a JSON literal or whitespace is appended to it, not lexed", () => {
    // [text before, a body whose every character continues the token, the reads expected]: the
    // word, string or literal is read once, at its first character; whitespace after the word "x"
    // once more, where it ends the word.
    const cases: [string, string, number][] = [
      ["", "ab_9Z.-", 1],
      ['"', " !~é中\u00a0#{}'`\u007f", 1],
      ["`", '[1,"a"]{} \\\'', 1],
      ["x", " \t\n\r", 2],
    ];
    for (const [open, body, reads] of cases) {
      const { lexer, append } = streamLexer(true);
      let read = 0;
      for (const char of open + body.repeat(300)) {
        if (!append(char)) continue;
        read++;
        while (lexer.tryNext() !== undefined);
      }
      assert.equal(read, reads, JSON.stringify(open + body));
    }
  });

  test("a word a million characters long, one character at a time, is one token (read once: the chunks are only appended)", () => {
    const word = "a".repeat(1_000_000);
    const { lexer, append } = streamLexer();
    let read = 0;
    for (let at = 0; at < word.length; at += 1) {
      if (!append(word[at] as string)) continue;
      read++;
      assert.equal(lexer.tryNext(), undefined, "the word goes on");
    }
    assert.equal(read, 1, "only the first chunk was read; the others joined the word");
    assert.equal(append(")"), true);
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

describe("the stream sanitizer hands on what it can as soon as it can, and answers for the text so far", () => {
  /** The raw text up to and including its last ASCII character: what can be sanitized without knowing what follows. */
  const settled = (raw: string): string => {
    let last = raw.length - 1;
    while (last >= 0 && raw.charCodeAt(last) >= 0x80) last--;
    return raw.slice(0, last + 1);
  };

  test("each push returns the rest of the sanitized text up to the last ASCII character received", () => {
    assertProperty(
      fc.property(fc.array(fc.constantFrom(...SANITIZER_ALPHABET), { maxLength: 30 }), fc.integer(), (characters, seed) => {
        const text = characters.join("");
        const sanitizer = new StreamSanitizer(resolveSanitizeOptions({ invisible: "strip" }));
        let raw = "";
        let handed = "";
        for (const chunk of cut(text, seed)) {
          raw += chunk;
          handed += sanitizer.push(chunk);
          // The whole-text pass over the settled prefix is the oracle (sanitize.ts, not the stream's code).
          assert.equal(handed, sanitizePayload(settled(raw), { invisible: "strip" }).text, JSON.stringify(raw));
          assert.equal(sanitizer.text(), handed, "text() is all that was handed on");
        }
        handed += sanitizer.finish();
        assert.equal(handed, sanitizePayload(text, { invisible: "strip" }).text);
        assert.equal(sanitizer.finish(), "", "nothing is left after the end");
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  test("startsWith answers for the text so far, across the pieces it is kept in, like the string itself", () => {
    // Over 1024 chunks, so the text is kept in several joined pieces (and a tail not yet joined).
    const words = Array.from({ length: 2600 }, (_, i) => (i % 7 === 3 ? `م${i}\u200b ` : `w${i} `));
    const sanitizer = new StreamSanitizer(resolveSanitizeOptions({ invisible: "strip" }));
    let clean = "";
    for (const word of words) clean += sanitizer.push(word);
    // Every offset, from before the start to past the end (pieces meet every 1,024 chunks): the
    // text there, cut short or run on, and a text that differs in its last character.
    for (let offset = -3; offset <= clean.length + 3; offset++) {
      const at = Math.max(0, offset);
      for (const length of [0, 1, 2, 7, 40]) {
        const here = clean.slice(at, at + length);
        const other = here === "" ? "\u0000" : `${here.slice(0, -1)}${here.endsWith("#") ? "%" : "#"}`;
        for (const text of [here, other]) {
          // Past the end nothing is there (String's startsWith would clamp the position to the end).
          const expected = offset >= 0 && offset + text.length <= clean.length && clean.startsWith(text, offset);
          assert.equal(sanitizer.startsWith(text, offset), expected, `${JSON.stringify(text)} at ${offset}`);
        }
      }
    }
    // A text that spans several pieces, from the start and from inside the first piece.
    for (const offset of [0, 3]) assert.equal(sanitizer.startsWith(clean.slice(offset, offset + 12_000), offset), true, `12,000 characters at ${offset}`);
    assert.equal(sanitizer.startsWith(`${clean.slice(3, 12_000)}#`, 3), false, "the same but its last character");
    assert.equal(sanitizer.startsWith("", clean.length), true, "the empty text at the end");
    assert.equal(sanitizer.startsWith("x", clean.length), false, "nothing past the end");
    assert.equal(sanitizer.text(), clean);
    assert.equal(sanitizer.original(), "", "the caller's text is not kept: a stream's error is raised by decode() of the whole text");
  });

  test("the reject policy raises unsafe_content at the character's place in the whole text, as the whole-text pass does", () => {
    for (const [chunks, policy] of [
      [["start(a", "b\u202e", "c)"], { invisible: "reject" }],
      [["x y ", "ab", "c\u00add"], { invisible: "reject" }],
      [["\u2066"], { invisible: "reject" }],
    ] as [string[], object][]) {
      const options = resolveSanitizeOptions(policy);
      const streamedError = silpErrorOf(() => {
        const sanitizer = new StreamSanitizer(options);
        for (const chunk of chunks) sanitizer.push(chunk);
        sanitizer.finish();
      });
      const wholeError = silpErrorOf(() => sanitizePayload(chunks.join(""), policy));
      assert.equal(streamedError.code, "unsafe_content");
      assert.equal(streamedError.message, wholeError.message);
      assert.deepEqual(streamedError.details, wholeError.details);
    }
  });

  test("full: the report reached maxHits", () => {
    const sanitizer = new StreamSanitizer(resolveSanitizeOptions({ invisible: "strip", maxHits: 2 }));
    sanitizer.push("a\u200bb ");
    assert.equal(sanitizer.full, false);
    sanitizer.push("c\u200bd\u200be ");
    assert.equal(sanitizer.full, true);
    assert.equal(sanitizer.report().hits.length, 2);
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
    // The stream gives up and decode() reads the caller's text as it arrived (the stream keeps it
    // only once sanitizing changed it): a rejected character, more text after it, ...
    ["code", "start(hi\u202eke); stop(x\u00ady)", { sanitize: { invisible: "reject" } }],
    ["code", "st\u200bart(a) \u00ad then more", { sanitize: { invisible: "reject" } }],
    // ... prose around a payload with stripped characters, a fence in strict mode, no sanitizer.
    ["code", "Sure: st\u200bart(hi\u200bke) — done", {}],
    // Prose the stream cannot read but decode() finds the payload in: the result, its sanitizer
    // hits and their offsets come from the caller's text as it arrived, every stripped character kept.
    ["code", "Sure:\nst\u200bart(hi\u200bke, a\u200bb)\nDone.", {}],
    ["code", "Sure: st\u200bart(hi\u200bke)", {}],
    ["json", 'Here it is: {"intent":"!START","act":"hi\u200bke"} ok', {}],
    ["code", "```\nstart(hi\u200bke)\n```", { strict: true }],
    ["code", "Sure: start(hi\u200bke)", { sanitize: false }],
    // Invisible characters after the payload: the sanitizer holds them until the end, which reads them.
    ["code", "start(hike)\u200b\u200b", {}],
    // A fence that never closes: the stream read the payload after it, and the whole text decides.
    ["code", "```\nstart(hike); stop(x)", {}],
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
  // A TEST DOUBLE frontend: the code frontend's own methods, with whole-text decodes counted.
  registerFrontend(
    countingFrontend(code, {
      name: "t-counted-code",
      description: "the code frontend, counting its whole-text decodes (a test double)",
      onWholeRead: () => decodes++,
    }),
  );

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

  test("the registry reads streams from openStream: listed, refused when stated, refused beside a decode of its own", () => {
    assert.equal(listFrontends().find((frontend) => frontend.name === "t-counted-code")?.streams, true);
    assert.equal(getFrontend("code").streams, true);
    assert.equal(getFrontend("json").streams, true);
    assert.equal(getFrontend("natural").streams, false);
    const stated = silpErrorOf(() =>
      registerFrontend({ name: "t-states-streams", lossless: true, description: "", compile: () => "", streams: true } as never),
    );
    assert.equal(stated.code, "invalid_options");
    assert.equal(stated.details?.option, "frontend.streams");
    // A reader decodes: a second decoder beside it could disagree with what it streams.
    const both = silpErrorOf(() =>
      registerFrontend({ name: "t-stream-and-decode", lossless: true, description: "", compile: () => "", openStream: code.openStream, decode: code.decode }),
    );
    assert.equal(both.code, "invalid_options");
    assert.equal(both.details?.option, "frontend.decode");
    // A TEST DOUBLE: the code frontend's reader alone. Not lossless (its compile writes nothing), so
    // files that share this process (the mutation run's) never list it among the lossless ones.
    const reader = registerFrontend({
      name: "t-stream-alone",
      lossless: false,
      description: "the code reader alone (a test double)",
      compile: () => "",
      openStream: code.openStream,
    });
    assert.deepEqual([reader.decodes, reader.streams], [true, true]);
    assert.deepEqual(decode("start(hike)", "t-stream-alone").ir, decode("start(hike)", "code").ir);
  });
});

describe("the stream's own result and parts, at every cut: the whole text is never decoded again, the parts are the final IR's", () => {
  // TEST DOUBLES: the code and json frontends' own methods, with whole-text decodes counted.
  const counted = new Map<string, number>();
  for (const name of ["code", "json"]) {
    const frontend = getFrontend(name);
    counted.set(name, 0);
    registerFrontend(
      countingFrontend(frontend, {
        name: `t-counted-${name}-parts`,
        description: `the ${name} frontend, counting its whole-text decodes (a test double)`,
        onWholeRead: () => counted.set(name, (counted.get(name) as number) + 1),
      }),
    );
  }

  interface Run {
    parts: unknown[];
    result: DecodeResult;
    decodes: number;
  }

  function run(name: string, chunks: string[], sanitize?: false): Run {
    counted.set(name, 0);
    const decoder = createDecoder(`t-counted-${name}-parts`, { whitelist: "off", ...(sanitize === false ? { sanitize } : {}) });
    const parts: unknown[] = [];
    for (const chunk of chunks) for (const part of decoder.push(chunk)) parts.push(part);
    const result = decoder.end();
    return { parts, result: { ...result, frontend: name }, decodes: counted.get(name) as number };
  }

  /** The final IR's parts, each kind in order (the IR lists a verb's entities together; these payloads call each verb once). */
  function partsOf(result: DecodeResult): unknown[] {
    const { ir } = result;
    return [
      ...ir.constraints.map((constraint) => ["constraint", constraint]),
      ...ir.entities.map((entity) => ["entity", entity]),
      ...ir.alternatives.map((alternative) => ["alternative", alternative]),
      ["intent", ir.intent],
    ];
  }

  const sorted = (parts: unknown[]): string[] => parts.map((part) => JSON.stringify(part)).sort();

  const payloads: [string, string][] = [
    [
      "json",
      '{"intent":"!BOOK","act":"hotel","city":"Oslo","nights":2,"constraints":[{"type":"price","value":"500","operator":"<="},{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!BOOK","target":"hostel","location":null}],"action_email":["sam",{"id":"to","value":"bob","cc":["x"]}],"meta":{"req_id":"ab12cd34","priority":2}}',
    ],
    [
      "json",
      '{"intent":"!START","entities":[{"id":"act","value":"hike"},{"id":"with","value":"bob","action":"!EMAIL","x":{"a":[1,true,null]}}],"silp":"v1","version":"ir-v0.1"}',
    ],
    ["json", '  {"act":["a","b\\"c\\u0041"],"intent":"START","flag":false}  '],
    ["json", '```json\n{"intent":"!X","act":"y","alternatives":[{"action":"!Z"}]}\n```'],
    [
      "code",
      'if !rain(t+1) and temp>20, t+2 and near(x, "y z"): book(hotel, nights=2[k=`[1,2]`], "quoted \\" x"); email(sam) else: book(hostel@Bergen); wait(x) #{p2 c.75 sid=a1 seq=[a,b]}',
    ],
    ["code", "START(hike);  cancel( x ,y ) else start(cards@indoor)"],
    ["code", "```\n!book('it\\'s', to: Oslo)\n```"],
    // Blank lines before a fence: its start, and its line's end, are looked for in each new chunk alone.
    ["code", "\n \n```\nstart(hike); stop(x)\n```"],
  ];

  test.each(payloads)("%s: %j", (name, text) => {
    const whole = run(name, [text]);
    assert.equal(whole.decodes, 0, "read by the stream, not decoded again");
    assert.deepEqual(whole.result, decode(text, name, { whitelist: "off" }));
    assert.deepEqual(sorted(whole.parts.map((part) => [(part as { kind: string }).kind, Object.values(part as object)[1]])), sorted(partsOf(whole.result)));
    for (let at = 1; at < text.length; at++) {
      const cutRun = run(name, [text.slice(0, at), text.slice(at)]);
      assert.equal(cutRun.decodes, 0, `cut at ${at}: read by the stream`);
      assert.deepEqual(cutRun.result, whole.result, `cut at ${at}`);
      assert.deepEqual(cutRun.parts, whole.parts, `cut at ${at}: the same parts`);
    }
    const single = run(name, [...text]);
    assert.equal(single.decodes, 0);
    assert.deepEqual(single.parts, whole.parts, "one code unit at a time");
    const unsanitized = run(name, [...text], false);
    assert.equal(unsanitized.decodes, 0, "without the sanitizer: read by the stream");
    assert.deepEqual(unsanitized.result, { ...decode(text, name, { whitelist: "off", sanitize: false }), frontend: name });
  });

  test("more tokens than a stream reads from its text at once (256), pushed whole: units across a batch's end, the same result and parts as a character at a time", () => {
    const extras = Array.from({ length: 150 }, (_, i) => `k${i}=v${i}`).join(",");
    const numbers = Array.from({ length: 300 }, (_, i) => i).join(",");
    const texts: [string, string][] = [
      // One argument of 600 tokens, between units of a few tokens each.
      ["code", `if ${Array.from({ length: 100 }, (_, i) => `c${i}(x)`).join(" and ")}: start(a, hike[${extras}], b); email(sam)`],
      // One constraint of 600 tokens, between items of a few tokens each.
      [
        "json",
        `{"intent":"!START","act":[${Array.from({ length: 200 }, (_, i) => `"a${i}"`).join(",")}],"constraints":[{"type":"t","value":"v","x":[${numbers}]},{"type":"u","value":"w"}],"city":"Oslo"}`,
      ],
    ];
    for (const [name, text] of texts) {
      const whole = run(name, [text]);
      assert.equal(whole.decodes, 0, `${name}: read by the stream, not decoded again`);
      assert.deepEqual(whole.result, { ...decode(text, name, { whitelist: "off" }), frontend: name });
      assert.deepEqual(run(name, [...text]).parts, whole.parts, `${name}: one code unit at a time`);
      assert.ok(whole.parts.length > 100, `${name}: ${whole.parts.length} parts`);
    }
  });

  test("json: more objects one after another than limits.maxDepth (each closed before the next) are read by the stream, nesting counted down", () => {
    const constraints = Array.from({ length: 100 }, (_, i) => `{"type":"t${i}","value":"v"}`).join(",");
    const text = `{"intent":"!START","act":"x","constraints":[${constraints}]}`;
    const streamed = run("json", cut(text, 3));
    assert.equal(streamed.decodes, 0, "read by the stream, not decoded again");
    assert.equal(streamed.result.ir.constraints.length, 100);
    assert.equal(streamed.parts.filter((part) => (part as { kind: string }).kind === "constraint").length, 100);
  });

  /** Parts, and how many whole-text decodes `end()` ran, whether it returned or threw. */
  function attempt(name: string, text: string | string[]): { parts: unknown[]; decodes: number } {
    counted.set(name, 0);
    const decoder = createDecoder(`t-counted-${name}-parts`, { whitelist: "off" });
    const parts = (typeof text === "string" ? [text] : text).flatMap((chunk) => decoder.push(chunk));
    try {
      decoder.end();
    } catch (error) {
      assert.ok(error instanceof SilpError, String(error));
    }
    return { parts, decodes: counted.get(name) as number };
  }

  test("a stream that failed gives no parts from the chunks after, however the text was cut", () => {
    const text = '{"intent":"!X","act":"y" "b":"c","d":"e","f":"g"}';
    const expected = [
      { kind: "intent", intent: "!X", offset: 1 },
      { kind: "entity", entity: { id: "act", value: "y", action: "!X" }, offset: 15 },
    ];
    for (const chunks of [[text], [...text], cut(text, 5)]) assert.deepEqual(attempt("json", chunks).parts, expected);
    // TEST DOUBLE: the json frontend, handing over the stream it opens, to count its steps.
    let opened: PayloadStream | undefined;
    registerFrontend(
      countingFrontend(getFrontend("json"), {
        name: "t-failed-json",
        description: "json, its stream kept (a test double)",
        onWholeRead() {},
        onOpen: (stream) => (opened ??= stream),
      }),
    );
    const decoder = createDecoder("t-failed-json", { whitelist: "off" });
    decoder.push(text);
    const stepsRun = (): number => ((opened as PayloadStream).work as StreamWork).steps;
    const steps = stepsRun();
    for (let more = 0; more < 5; more++) assert.deepEqual(decoder.push(',"h":"i"'), []);
    assert.equal(stepsRun(), steps, "no step runs after the failure");
  });

  test("a stream given up (a first line that starts with a backtick and is no fence) reads nothing more, and end() decodes every chunk's text, sanitized or not", () => {
    const text = "`x`\nstart(hike)";
    for (const options of [{ whitelist: "off" as const }, { whitelist: "off" as const, sanitize: false as const }]) {
      for (const chunks of [["`x`\n", "start(hike)"], [...text]]) {
        const decoder = createDecoder("code", options);
        for (const chunk of chunks) assert.deepEqual(decoder.push(chunk), [], "no parts");
        assert.deepEqual(decoder.end(), decode(text, "code", options));
        assert.deepEqual(decoder.partial.entities, []);
      }
    }
  });

  test("a stream the sanitizer rejected reads nothing more: no parts from the chunks after, end() raises decode()'s error", () => {
    // The rejected character waits for the chunk after it (the sanitizer holds a chunk's non-ASCII end).
    const chunks = ["start(a); ", "\u202e", "stop(b); ", "wait(c); go(d)"];
    const options = { whitelist: "off" as const, sanitize: { invisible: "reject" as const } };
    const decoder = createDecoder("code", options);
    const parts = chunks.flatMap((chunk) => decoder.push(chunk));
    assert.deepEqual(
      parts.map((part) => part.kind),
      ["intent", "entity"],
      "start(a) only: its `;` arrived before the rejected character",
    );
    const streamed = silpErrorOf(() => decoder.end());
    const whole = silpErrorOf(() => decode(chunks.join(""), "code", options));
    assert.equal(streamed.code, "unsafe_content");
    assert.equal(streamed.message, whole.message);
    assert.deepEqual(
      decoder.partial.entities.map((entity) => entity.value),
      ["a"],
      "end() sent nothing more",
    );
  });

  test("a frontend's stream that throws something other than a SilpError at its end: the error comes out, not hidden by a whole-text decode", () => {
    const code = getFrontend("code");
    const open = code.openStream as NonNullable<Frontend["openStream"]>;
    // TEST DOUBLE: the code frontend, whose stream's finish has a bug.
    registerFrontend({
      name: "t-broken-finish",
      lossless: false,
      description: "the code frontend with a stream whose finish throws a TypeError (a test double)",
      compile: code.compile,
      openStream: (context, start, sink) => {
        const stream = open(context, start, sink);
        return {
          append: (chunk) => stream.append(chunk),
          get position() {
            return stream.position;
          },
          work: stream.work,
          finish: (end) => (stream.position > 0 ? (undefined as unknown as { x: number }).x : stream.finish(end)) as never,
        };
      },
    });
    const decoder = createDecoder("t-broken-finish", { whitelist: "off" });
    decoder.push("start(hike); stop(x)");
    assert.throws(() => decoder.end(), TypeError);
  });

  test("what the stream cannot read is decoded whole, and gives no parts past where it stopped", () => {
    const prose = attempt("json", 'Here: {"intent":"!X","act":"y"}');
    assert.deepEqual(prose.parts, []);
    assert.ok(prose.decodes > 0, "decode() ran on the whole text (extraction)");
    // The "act" property is complete at the token after its value; the missing comma stops the stream there.
    assert.deepEqual(attempt("json", '{"intent":"!X","act":"y" "b":"c"}'), {
      parts: [
        { kind: "intent", intent: "!X", offset: 1 },
        { kind: "entity", entity: { id: "act", value: "y", action: "!X" }, offset: 15 },
      ],
      decodes: 1,
    });
    const deep = attempt("json", `{"intent":"!X","meta":{"req_id":"ab12cd34","x":${"[".repeat(70)}${"]".repeat(70)}}}`);
    assert.equal(deep.decodes, 1, "deeper than the limit: decode() reports limit_exceeded");
    // A fenced payload the stream failed inside, at the `-`: the whole text decides, as decode()
    // does. Finished from where the failure left the reader, it read on from the object, as `!A`.
    const listed = '```\n- {"intent":"!A"}\n```';
    for (const chunks of [[listed], [...listed]]) assert.deepEqual(streamed(chunks, "json", { whitelist: "off" }), { code: "invalid_syntax", offset: 4 });
    assert.ok(attempt("json", listed).decodes > 0, "decode() ran on the whole text");
    // A `;` before the closing fence: the step after it looked at the fence, so the payload is read again whole.
    assert.equal(attempt("code", "```\nstart(hike);\n```").decodes, 1);
    assert.equal(attempt("code", "```\nstart(hike)\n```").decodes, 0);
  });
});

describe("a json stream's parts are in normal form", () => {
  test("an entity read before the intent, its action null or absent, waits for it: its part follows the intent's, the intent as its action", () => {
    const payload = '{"entities":[{"id":"a","value":"x","action":null},{"id":"b","value":"y"}],"intent":"!START"}';
    const decoder = createDecoder("json");
    const parts: StreamPart[] = [];
    for (const char of payload) parts.push(...decoder.push(char));
    assert.deepEqual(parts, [
      { kind: "intent", intent: "!START", offset: 74 },
      { kind: "entity", entity: { id: "a", value: "x", action: "!START" }, offset: 13 },
      { kind: "entity", entity: { id: "b", value: "y", action: "!START" }, offset: 50 },
    ]);
    assert.deepEqual(decoder.end().ir.entities, [
      { id: "a", value: "x", action: "!START" },
      { id: "b", value: "y", action: "!START" },
    ]);
  });

  test("a json stream yields each part in normal form: fields in schema order, nulls dropped, the intent filled in", () => {
    // Written by hand, fields out of order and with the nulls the reference implementation writes.
    const payload =
      '{"intent":"!START","entities":[{"value":"hike","id":"act","action":null,"note":"x"}],' +
      '"constraints":[{"value":"rain","time":null,"type":"weather","operator":"!="}],' +
      '"alternatives":[{"why":"dry","location":"indoor","action":"!START","target":"cards"},{"target":null,"action":"!CANCEL"}]}';
    const decoder = createDecoder("json");
    const parts: StreamPart[] = [];
    for (const char of payload) parts.push(...decoder.push(char));
    const result = decoder.end();
    const fields = (part: StreamPart): [string, string[], unknown] => {
      const { kind, offset: _offset, ...rest } = part as StreamPart & { offset: number };
      const value = Object.values(rest)[0];
      return [kind, typeof value === "object" && value !== null ? Object.keys(value) : [], value];
    };
    assert.deepEqual(parts.map(fields), [
      ["intent", [], "!START"],
      ["entity", ["id", "value", "action", "note"], { id: "act", value: "hike", action: "!START", note: "x" }],
      ["constraint", ["type", "value", "operator"], { type: "weather", value: "rain", operator: "!=" }],
      ["alternative", ["action", "target", "location", "why"], { action: "!START", target: "cards", location: "indoor", why: "dry" }],
      ["alternative", ["action"], { action: "!CANCEL" }],
    ]);
    assert.deepEqual(
      result.ir.alternatives,
      [parts[3], parts[4]].map((part) => (part as StreamPart & { alternative: unknown }).alternative),
    );
  });
});

describe("a stream decoder refuses what it cannot take, and takes its text up to the limit exactly", () => {
  test("push after end(), end() twice and a chunk that is not a string are TypeErrors", () => {
    const decoder = createDecoder("code");
    assert.throws(() => decoder.push(42 as unknown as string), { name: "TypeError", message: "push expects the next chunk as a string" });
    decoder.push("cancel(flight)");
    assert.equal(decoder.end().ir.intent, "!CANCEL");
    assert.throws(() => decoder.push("x"), { name: "TypeError", message: "push() after end()" });
    assert.throws(() => decoder.end(), { name: "TypeError", message: "end() called twice" });
  });

  test("maxInputLength characters are taken; one more is limit_exceeded, saying the limit and the length it would reach", () => {
    const payload = "cancel(flight)";
    const exact = createDecoder("code", { limits: { maxInputLength: payload.length } });
    for (const char of payload) exact.push(char);
    assert.equal(exact.length, payload.length);
    assert.equal(exact.end().ir.intent, "!CANCEL");
    const over = createDecoder("code", { limits: { maxInputLength: payload.length } });
    over.push(payload.slice(0, 10));
    const error = silpErrorOf(() => over.push(`${payload.slice(10)}x`));
    assert.equal(error.code, "limit_exceeded");
    assert.ok(error instanceof SilpError);
    assert.deepEqual(error.details, { limit: "maxInputLength", value: payload.length, actual: payload.length + 1 });
    assert.equal(over.length, 10, "the refused chunk was not taken");
  });
});

describe("a frontend's stream reads the text the reader keeps", () => {
  test("opened on a context without received text (not the reader's), code's and json's streams refuse a chunk with a TypeError; finished at once, they read the source (decode)", () => {
    for (const [name, text] of [
      ["code", "start(hike)"],
      ["json", '{"intent":"!START","act":"hike"}'],
    ] as const) {
      const openStream = getFrontend(name).openStream as NonNullable<ReturnType<typeof getFrontend>["openStream"]>;
      const context = new DecodeContext(text, resolveOptions({}), IDENTITY_HOOKS);
      assert.throws(() => openStream(context, 0, () => undefined).append(text), { name: "TypeError", message: /received text/ }, name);
      assert.deepEqual(openStream(new DecodeContext(text, resolveOptions({}), IDENTITY_HOOKS), 0).finish(text.length).ir.entities, [
        { id: "act", value: "hike", action: "!START" },
      ]);
    }
  });
});

describe("a json frontend's stream that meets bad JSON", () => {
  // createDecoder reads the whole text again when a stream fails (its error has a code frame), so
  // only a caller of the frontend's own stream sees these errors: they must say what and where.
  test("says what and where, as the codec's invalid_syntax, at the chunk that shows it or at the end", () => {
    const cases: [string, string, number][] = [
      ['{"intent":"!START","a":"x" "b":"c"}', "invalid JSON: comma expected", 27],
      ['["x"]', "invalid JSON: a JSON object expected", 0],
      ['{"intent":"!START","a":"x"} tail', "invalid JSON: invalid symbol", 28],
    ];
    for (const [text, message, offset] of cases) {
      const error = silpErrorOf(() => feedJsonStream(text, resolveOptions({ strict: true }), [1]));
      assert.deepEqual([error.code, error.message, error.offset], ["invalid_syntax", message, offset], text);
    }
  });
});

describe("a json stream's steps run only once their unit's end has arrived", () => {
  // The json reader never undoes a step (reader.ts, advance): its gate lets a step run only when
  // the tokens read hold all the step reads. A step that ran short would throw INCOMPLETE out of
  // the stream (createDecoder would then read the whole text: no part would be wrong, but none
  // would stream). Any text, valid or not, cut anywhere, may only end in the codec's errors.
  // Each character of the first string is a piece of its own; then keys, values and damage.
  const pieces = [
    ..."{}[],: \n@",
    '"intent"',
    '"!A"',
    '"entities"',
    '"constraints"',
    '"act"',
    '"action_email"',
    '"x"',
    '"a\\"b"',
    '"id"',
    '"value"',
    "1",
    "-2.5",
    "true",
    "null",
    "nul",
    "/*c*/",
    "//c\n",
    '{"id":"a","value":"b"}',
    '"un',
  ];
  const starts = ['{"intent":"!A",', '{"intent":"!A","act":[', '{"constraints":[{', '{"intent":"!A","action_email":["m",', "{", ""];
  test("whatever the text and its cuts, the stream throws nothing but a SilpError", () => {
    assertProperty(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.constantFrom(...pieces), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 8 }),
        (start, body, cuts) => {
          const text = start + body.join("");
          try {
            feedJsonStream(text, resolveOptions({ whitelist: "off" }), cuts);
          } catch (error) {
            assert.ok(error instanceof SilpError, `${JSON.stringify(text)} cut by ${cuts}: threw ${String(error)}`);
          }
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe("a json stream whose object ended before it read all of a chunk", () => {
  test("later chunks read on from where it stopped, not again from before (which read 256 tokens more at each chunk)", () => {
    // More tokens after the object than a stream reads at once (256): its steps end at the `}`
    // with tokens of that chunk left unread. Each later chunk must cost what it costs after a
    // chunk that left nothing unread; reading the old tokens again cost 256 token reads per chunk.
    const object = '{"intent":"!START","act":"x"} ';
    const after = (first: string) => () => {
      const decoder = createDecoder("json", { whitelist: "off" });
      decoder.push(first);
      for (let chunk = 0; chunk < 10_000; chunk++) decoder.push("1 ");
    };
    const leftover = after(`${object}${"1 ".repeat(300)}`);
    const none = after(object);
    // Medians of three, alternating, in CPU time (testkit/cpu-time.ts): the two sides do the same
    // work but for 300 tokens, and reading 256 tokens again at each chunk measured 112x.
    const median = (run: () => void) => [cpuMs(run), cpuMs(run), cpuMs(run)].sort((a, b) => a - b)[1] as number;
    leftover();
    none();
    const ratio = median(leftover) / Math.max(median(none), 5);
    assert.ok(ratio < 10, `10,000 chunks after unread tokens took ${ratio.toFixed(1)}x what they take after none`);
  });
});

describe("a stream without the sanitizer (sanitize: false)", () => {
  test("reads the caller's text as it is, invisible characters kept, as decode() with the same option does", () => {
    const text = 'notify(sam, msg="he\u200bllo")';
    for (const chunks of [[text], [...text], cut(text, 3)]) {
      const decoder = createDecoder("code", { sanitize: false });
      for (const chunk of chunks) decoder.push(chunk);
      const result = decoder.end();
      assert.equal(result.ir.entities.find((entity) => entity.id === "msg")?.value, "he\u200bllo");
      assert.deepEqual(result, decode(text, "code", { sanitize: false }));
    }
    // With the sanitizer, the same stream strips it: the option is what keeps it.
    const sanitized = createDecoder("code");
    sanitized.push(text);
    assert.equal(sanitized.end().ir.entities.find((entity) => entity.id === "msg")?.value, "hello");
  });
});
