/**
 * When a stream's parts arrive, and how much work the parser does to send them. The rule
 * (docs/grammar.md and docs/json.md, "Streaming"): a unit is read once the token that ends it has
 * arrived, and its part is sent then, not later; a step never runs into the end of the text it
 * has, so no step is undone and each runs once (but for a code payload's meta trailer, read whole
 * when the stream ends: its step stops once, at the `#`).
 *
 * The oracle is written by hand: each payload below marks with `|` the point where the text
 * received completes a part (one `|` per part), counted from the rule, not from the code. A number
 * or a word ends at the first character after it, a string at its closing quote; a json property
 * or list item is complete at the `,` `}` or `]` after it; a code constraint at the `:` after it,
 * or at the character after the `and` or `then` after it (a word ends there), a call's name at its
 * `(`, an argument at the `,` or `)` after it.
 *
 * The streams are read through registered TEST DOUBLE frontends that wrap the code and json
 * frontends' own methods, keep the stream each opens and count whole-text decodes, so a test sees
 * the parser's `work` and that the stream, not a whole decode, read the payload.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { createDecoder, decode, getFrontend, registerFrontend, type SilpOptions } from "silp";
import type { PayloadStream, StreamWork } from "../../src/frontends/decode-context.js";
import { countingFrontend } from "./counting-frontend.js";

const opened: PayloadStream[] = [];
const decodes = new Map<string, number>();
for (const name of ["code", "json"]) {
  const frontend = getFrontend(name);
  decodes.set(name, 0);
  registerFrontend(
    countingFrontend(frontend, {
      name: `t-timed-${name}`,
      description: `the ${name} frontend, keeping the streams it opens and counting whole-text decodes (a test double)`,
      onWholeRead: () => decodes.set(name, (decodes.get(name) as number) + 1),
      onOpen: (stream) => opened.push(stream),
    }),
  );
}

/** The text without its `|` marks, and where each mark stood in it. */
function marked(source: string): { text: string; points: number[] } {
  const points: number[] = [];
  let text = "";
  for (const char of source) {
    if (char === "|") points.push(text.length);
    else text += char;
  }
  return { text, points };
}

interface Fed {
  /** For each part in the order sent: how much of the text had arrived when it was sent. */
  sentAt: number[];
  work: StreamWork;
  decodes: number;
}

/** Feeds `text` in chunks of `size` code units and records when each part came out. */
function feed(name: string, text: string, size: number): Fed {
  opened.length = 0;
  decodes.set(name, 0);
  const decoder = createDecoder(`t-timed-${name}`, { whitelist: "off" });
  const sentAt: number[] = [];
  for (let at = 0; at < text.length; at += size) {
    const received = Math.min(at + size, text.length);
    for (const _part of decoder.push(text.slice(at, received))) sentAt.push(received);
  }
  const result = decoder.end();
  assert.deepEqual({ ...result, frontend: name }, decode(text, name, { whitelist: "off" }), "the result decode() gives");
  assert.equal(opened.length, 1, "one stream was opened");
  return { sentAt, work: { ...(opened[0] as PayloadStream).work } as StreamWork, decodes: decodes.get(name) as number };
}

/** Where a part marked at `point` is sent when the text comes in chunks of `size`: at the end of the chunk holding the point. */
const chunkEnd = (point: number, size: number, length: number) => Math.min(Math.ceil(point / size) * size, length);

// [frontend, payload with one `|` per part, the steps its units take (json: the open brace, each
// property, each list's start, item and end, the close brace; written out beside each payload)]
const PAYLOADS: [string, string, number][] = [
  [
    "json",
    '{"intent":"!BOOK",|"act":"hotel",|"city":"Oslo",|"nights":2,|"constraints":[{"type":"price","value":"500","operator":"<="},|{"type":"!rain","value":"true","time":"t+1"}]|,"alternatives":[{"action":"!BOOK","target":"hostel","location":null}]|,"action_email":["sam",|{"id":"to","value":"bob","cc":["x"]}]|}',
    // open 1, intent act city nights 4, constraints 1+2+1, alternatives 1+1+1, action_email 1+2+1, close 1
    17,
  ],
  [
    "json",
    // Whitespace of every kind between tokens; numbers and words end at the character after them.
    '{\n\t"intent" :\r\n "!START" ,| "nights" : -2.5E-3\t,| "n2":1e+5\n,| "ok":true\r,| "no" : false ,| "meta":{"req_id":"ab12cd34","x":[1,{"y":null}]}\r\n}\n',
    // open 1, intent nights n2 ok no meta 6, close 1
    8,
  ],
  [
    "json",
    // Slots before the intent wait for it (their action): all are sent with the intent, at the `}`.
    '{"act":"a\\"b\\\\","k":"\\u0041\\n","intent":"!X"}|||',
    // open 1, act k intent 3, close 1
    5,
  ],
  [
    "json",
    // Lists with whitespace around their brackets, items of every kind of value, an empty list.
    '{"intent":"!START",| "entities" : [ {"id":"act","value":"hike"} ,| {"id":"with","value":"bob","n":[1, 2.5]}\n]| , "constraints":[],"alternatives":[{"action":"!WAIT"}\t]|\n}',
    // open 1, intent 1, entities 1+2+1, constraints 1+1, alternatives 1+1+1, close 1
    12,
  ],
  [
    "json",
    // An entity whose action its key gives does not wait for the intent.
    '{"action_email":["sam"]|,"intent":"!X"}|',
    // open 1, action_email 1+1+1, intent 1, close 1
    6,
  ],
  [
    "code",
    'if !rain(t+1) and |temp>20, t+2 and |near(x, "y z"):| book(|hotel,| nights=2[k=`[1,2]`],| "quoted \\" x")|; email(sam)| else: book(hostel@Bergen)|; wait(x)| #{p2 c.75 sid=a1 seq=[a,b]}',
    0,
  ],
  ["code", "START(|hike)|;  cancel( x ,| y )| else start(cards@indoor)|", 0],
  ["code", "emails(|to=ops,| 'it\\'s',| n=-2.5)| else: notify(ops)|", 0],
  // Brackets: a `,` inside an argument's [...] does not end the argument.
  ["code", "book(|a[k=1,j=2],| b[n=`[1, 2]`,m=x])| else: book(c@d)|", 0],
  // Text past non-ASCII characters (which the stream sanitizer holds until the next ASCII one, its
  // right neighbour) is not held back: each part still comes out at its own character.
  ["code", "book(|Москва,| to=北京,| x)| else: book(çà@日本)|", 0],
  [
    "json",
    '{"intent":"!BOOK",|"act":"Москва",|"to":"北京",|"x":"y"}|',
    // open 1, intent act to x 4, close 1
    6,
  ],
];

describe("a part is sent as soon as the text that completes it has arrived, and no step runs twice", () => {
  test.each(PAYLOADS)("%s: %j", (name, source, steps) => {
    const { text, points } = marked(source);
    const single = feed(name, text, 1);
    assert.equal(single.decodes, 0, "read by the stream, not decoded again");
    assert.deepEqual(single.sentAt, points, "one character at a time: each part at its point");
    // A code payload's meta trailer is read whole once the stream ends: its step stops, once, when it meets the `#`.
    const undone = name === "code" && text.includes(" #") ? 1 : 0;
    assert.equal(single.work.undone, undone, "no step ran into the end of the text it had");
    if (name === "json") assert.equal(single.work.steps, steps, "one step per unit");
    for (const size of [2, 3, 7]) {
      const chunked = feed(name, text, size);
      assert.deepEqual(
        chunked.sentAt,
        points.map((point) => chunkEnd(point, size, text.length)),
        `chunks of ${size}: each part with the chunk holding its point`,
      );
      assert.equal(chunked.work.undone, undone, `chunks of ${size}: nothing undone`);
      if (name === "json") assert.equal(chunked.work.steps, steps, `chunks of ${size}: one step per unit`);
    }
  });
});

describe("a step the text received cannot complete runs where the text goes wrong, not at its end", () => {
  // The rule's other half (docs/grammar.md, "One parser, each unit read once"): no unit of the
  // grammar goes more than two brackets deep or holds more than eight tokens outside its
  // brackets, so the step runs at the token past that, fails there, and the stream reads no more.
  // The `|` marks the character that completes that token; the steps run by then are counted by
  // hand: the start (1), a call's name (1), and the failing step (1).
  const payloads: [string, string, number][] = [
    ["a third [ where a call should start", "[[[|[[[[[[[[[[[[[[[[", 2],
    ["a third bracket inside an argument", "cancel([[[|[[[[[[[[[[[[[", 3],
    ["a ninth word outside brackets in an argument", "cancel(a a a a a a a a a |a a a a a a a a a a a a", 3],
    ["a ninth token outside brackets in a condition", "if x y z w v u t s r |q p o n m l k j i h", 2],
  ];
  test.each(payloads)("%s", (_name, source, steps) => {
    const { text, points } = marked(source);
    const at = points[0] as number;
    opened.length = 0;
    const decoder = createDecoder("t-timed-code", { whitelist: "off" });
    const stepsAfter: number[] = [];
    for (const char of text) {
      decoder.push(char);
      stepsAfter.push(((opened[0] as PayloadStream | undefined)?.work as StreamWork | undefined)?.steps ?? 0);
    }
    assert.equal(stepsAfter[at - 2], steps - 1, "the failing step has not run before its token is complete");
    assert.equal(stepsAfter[at - 1], steps, "it runs once that token is");
    assert.equal(stepsAfter.at(-1), steps, "and nothing runs after it failed");
    assert.throws(() => decoder.end(), { code: "invalid_syntax" });
  });
});

/** The result or the error (code, offset, message) of decoding `text` whole, and of streaming it in chunks of `size`. */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    const { code, offset, message, path } = error as { code?: string; offset?: number; message: string; path?: string };
    return { code, offset, message, path };
  }
}

function streamedOutcome(name: string, text: string, size: number, options: object): { outcome: unknown; decodes: number } {
  decodes.set(name, 0);
  const result = outcome(() => {
    const decoder = createDecoder(`t-timed-${name}`, options);
    for (let at = 0; at < text.length; at += size) decoder.push(text.slice(at, at + size));
    return { ...decoder.end(), frontend: name };
  });
  return { outcome: result, decodes: decodes.get(name) as number };
}

/** Each part as "kind value", in the order sent when `text` arrives one character at a time, and the outcome of end(). */
function partsAndEnd(frontend: string, text: string): { parts: string[]; end: unknown } {
  const decoder = createDecoder(frontend, { whitelist: "off" });
  const parts: string[] = [];
  for (const char of text) {
    for (const part of decoder.push(char)) {
      const { kind, offset: _offset, ...value } = part as { kind: string; offset: number };
      parts.push(`${kind} ${JSON.stringify(Object.values(value)[0])}`);
    }
  }
  return { parts, end: outcome(() => decoder.end()) };
}

describe("json: what the stream reads to the end itself, and what it leaves to decode() of the whole text", () => {
  const constraints = Array.from({ length: 70 }, (_, i) => `{"type":"c${i}","value":"${i}"}`).join(",");
  const nested = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
  // Read by the stream to the end: no whole-text decode.
  const read: [string, string, object][] = [
    ["70 objects one after another (the nesting count goes down as well as up)", `{"intent":"!X","act":"y","constraints":[${constraints}]}`, {}],
    ["nested exactly to the limit", `{"intent":"!X","act":"y","meta":{"req_id":"ab12cd34","x":${nested(62)}}}`, {}],
    ["a limit of 3 and a flat slot (an entity at level 3)", '{"intent":"!X","act":"y"}', { limits: { maxDepth: 3 } }],
  ];
  test.each(read)("%s", (_name, text, extra) => {
    const options: SilpOptions = { whitelist: "off", ...extra };
    const expected = outcome(() => decode(text, "json", options));
    for (const size of [1, 5, text.length]) {
      const streamed = streamedOutcome("json", text, size, options);
      assert.deepEqual(streamed.outcome, expected, `chunks of ${size}`);
      assert.equal(streamed.decodes, 0, `chunks of ${size}: the stream read it`);
    }
  });

  // Errors decode() reports: the stream stops or finishes with them, and end() reports what decode() reports.
  const failing: [string, string, object][] = [
    ["a repeated root key", '{"intent":"!X","act":"y","act":"z"}', {}],
    ["a repeated key after a lowering error", '{"intent":"!X","k":null,"act":"y","act":"z"}', {}],
    ["a flat slot that is not a string", '{"intent":"!X","k":null}', {}],
    ["text after the root object", '{"intent":"!X","act":"y"} {"b":1}', {}],
    ["the root object not closed", '{"intent":"!X","act":"y"', {}],
    ["a missing comma between properties", '{"intent":"!X" "act":"y"}', {}],
    ["a missing comma between items", '{"intent":"!X","constraints":[{"type":"a","value":"b"} {"type":"c","value":"d"}]}', {}],
    ["a list not closed", '{"intent":"!X","constraints":[{"type":"a","value":"b"}', {}],
    ["a leading comma in a list", '{"intent":"!X","constraints":[,{"type":"a","value":"b"}]}', {}],
    ["nested one past the limit", `{"intent":"!X","act":"y","meta":{"req_id":"ab12cd34","x":${nested(63)}}}`, {}],
    ["a limit of 2 and a flat slot (an entity at level 3)", '{"intent":"!X","act":"y"}', { limits: { maxDepth: 2 } }],
    ["not an object", '["intent"]', {}],
    ["a string for the root", '"intent"', {}],
    ["a number for a key", '{"intent":"!X",5:"y"}', {}],
    ["a key without its colon", '{"intent":"!X","act" "y"}', {}],
    ["a key without its value", '{"intent":"!X","act":}', {}],
    ["two commas between properties", '{"intent":"!X",,"act":"y"}', {}],
    ["a comma before the first property", '{,"intent":"!X"}', {}],
    ["a comma after the last property", '{"intent":"!X","act":"y",}', {}],
    ["a comma after the last item", '{"intent":"!X","constraints":[{"type":"a","value":"b"},]}', {}],
    ["two commas between items", '{"intent":"!X","constraints":[{"type":"a","value":"b"},,{"type":"c","value":"d"}]}', {}],
    ["a list item that is not a value", '{"intent":"!X","act":[:]}', {}],
    ["a second root object after a list", '{"intent":"!X","act":["y"]}{}', {}],
    ["no intent", '{"act":"y"}', {}],
  ];
  test.each(failing)("%s", (_name, text, extra) => {
    const options: SilpOptions = { whitelist: "off", strict: true, ...extra };
    const expected = outcome(() => decode(text, "json", options));
    assert.ok(typeof (expected as { code?: string }).code === "string", `decode() rejects it: ${JSON.stringify(expected)}`);
    for (const size of [1, 4, text.length]) assert.deepEqual(streamedOutcome("json", text, size, options).outcome, expected, `chunks of ${size}`);
  });
});

describe("json: after a lowering error the stream sends nothing more, and end() reports the error as decode() does", () => {
  // [payload, the parts' kinds (hand-written)]
  const cases: [string, string[]][] = [
    ['{"intent":"!X","k":null,"act":"y","constraints":[{"type":"a","value":"b"}]}', ["intent"]],
    ['{"k":null,"intent":"!X","act":"y"}', []],
    ['{"act":"y","k":null,"intent":"!X"}', []],
    ['{"intent":"!X","constraints":[{"type":"a"}],"act":"y"}', ["intent"]],
  ];
  test.each(cases)("%s", (text, parts) => {
    const streamed = partsAndEnd("json", text);
    assert.deepEqual(
      streamed.parts.map((part) => part.split(" ")[0]),
      parts,
    );
    const expected = outcome(() => decode(text, "json", { whitelist: "off" })) as { code?: string };
    assert.equal(expected.code, "decode_failed", "decode() of the whole text");
    assert.deepEqual(streamed.end, expected, "end() reports what decode() reports");
  });
});

describe("code: after a lowering error, its section sends nothing more, and end() reports the first error as decode() does", () => {
  const CANCEL_A = 'entity {"id":"act","value":"a","action":"!CANCEL"}';
  // [payload, the parts (hand-written), the error end() raises: code and offset]
  const cases: [string, string[], [string, number]][] = [
    // A secondary call without arguments: the actions stop there (book's entity is not sent).
    ["if x>1: cancel(a); email(); book(b)", ['constraint {"type":"x","value":"1","operator":">"}', 'intent "!CANCEL"', CANCEL_A], ["decode_failed", 19]],
    // Two such calls: the first is reported.
    ["cancel(a); email(); notify()", ['intent "!CANCEL"', CANCEL_A], ["decode_failed", 11]],
    // An alternative with two positional arguments: the alternatives stop there.
    ["cancel(a) else: book(x,y); book(z)", ['intent "!CANCEL"', CANCEL_A], ["decode_failed", 23]],
    // A constraint with four positional arguments: the constraints stop there, the calls still read.
    ["if f(a,b,c,d) and y>2: cancel(a)", ['intent "!CANCEL"', CANCEL_A], ["decode_failed", 11]],
    // A negated constraint with two positional arguments.
    ["if !f(a,b) and y>2: cancel(a); book(x)", ['intent "!CANCEL"', CANCEL_A, 'entity {"id":"act","value":"x","action":"!BOOK"}'], ["decode_failed", 8]],
    // An argument's field given twice stops the actions, and the alternatives after them (decode() reports the calls' error first).
    ["cancel(a, b[k=1,k=2], c) else: book(z)", ['intent "!CANCEL"', CANCEL_A], ["decode_failed", 16]],
  ];
  test.each(cases)("%s", (text, parts, [code, offset]) => {
    const streamed = partsAndEnd("code", text);
    assert.deepEqual(streamed.parts, parts);
    const expected = outcome(() => decode(text, "code", { whitelist: "off" })) as { code: string; offset: number };
    assert.deepEqual([expected.code, expected.offset], [code, offset], "decode() of the whole text");
    assert.deepEqual(streamed.end, expected, "end() reports what decode() reports");
  });

  test("a primary call without arguments is an intent and nothing else", () => {
    const streamed = partsAndEnd("code", "cancel() else: book(z)");
    assert.deepEqual(streamed.parts, ['intent "!CANCEL"', 'alternative {"action":"!BOOK","target":"z"}']);
    assert.deepEqual((streamed.end as { ir: { entities: unknown[] } }).ir.entities, []);
  });
});
