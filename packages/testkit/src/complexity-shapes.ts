/**
 * Pathological input shapes for the complexity benchmark (perf/complexity.ts) and its test
 * (packages/silp/test/complexity.test.ts): no input shape may have a quadratic path. Each shape builds an input
 * of about `size` UTF-16 code units for one entry point and runs that entry point on it. An input
 * may decode or fail: both paths must stay linear, and `outcome` says which one a shape measures
 * ("ok" or the SilpError code), so a shape that silently starts failing early is noticed.
 */
import { createDecoder, decode, fromEnvelope, isSilpError, type SilpOptions } from "silp";
import { findProbe, parseProbeLine, readProbe } from "silp/negotiation";

export type ShapeTarget = "code" | "json" | "envelope" | "probe" | "stream";

export interface Shape {
  /** `target/what`, unique. */
  name: string;
  target: ShapeTarget;
  /** An input of about `size` UTF-16 code units (never more than a few units less). */
  build(size: number): string;
  /** Runs the entry point on the input; returns "ok" or the SilpError code. */
  run(input: string): string;
}

/** The whitelist is off so that many distinct verbs decode; everything else is the default (lenient). */
export const SHAPE_OPTIONS: SilpOptions = Object.freeze({ whitelist: "off" });

/** Repeats `unit(i)` joined by `separator` between `prefix` and `suffix` until about `size` units. */
export function fill(size: number, prefix: string, unit: (i: number) => string, separator: string, suffix: string): string {
  const parts: string[] = [];
  let length = prefix.length + suffix.length;
  for (let i = 0; length < size; i++) {
    const piece = (i === 0 ? "" : separator) + unit(i);
    parts.push(piece);
    length += piece.length;
  }
  return prefix + parts.join("") + suffix;
}

/** A lower-case identifier for `i` (a, b, ..., z, ba, bb, ...): distinct verbs and names. */
export function letters(i: number): string {
  let out = "";
  let n = i;
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** JSON nested `depth` arrays deep around one number (`[[[1]]]` for depth 3). */
export const nested = (depth: number): string => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

/** Deep but under the default limit (64) with room for the payload's own levels. */
const DEEP = 60;

function outcome(run: () => unknown): string {
  try {
    run();
    return "ok";
  } catch (error) {
    if (isSilpError(error)) return error.code;
    throw error;
  }
}

const decodeWith =
  (frontend: "code" | "json") =>
  (input: string): string =>
    outcome(() => decode(input, frontend, SHAPE_OPTIONS));

/** Latin+Cyrillic words (Cyrillic а, о, е, р in Latin words) and whole-Cyrillic words. */
const MIXED_WORDS = ["p\u0430ypal", "\u041cosc\u043ew", "h\u0435llo", "\u043cир", "ra\u0440id", "word"];

function code(name: string, build: (size: number) => string): Shape {
  return { name: `code/${name}`, target: "code", build, run: decodeWith("code") };
}

function json(name: string, build: (size: number) => string): Shape {
  return { name: `json/${name}`, target: "json", build, run: decodeWith("json") };
}

const CODE_SHAPES: Shape[] = [
  code("mixed-script quoted value", (n) => fill(n, 'start("', (i) => MIXED_WORDS[i % MIXED_WORDS.length] as string, " ", '")')),
  code("mixed-script bare args", (n) => fill(n, "start(", (i) => `${MIXED_WORDS[i % MIXED_WORDS.length]}${i}`, ",", ")")),
  code("space runs between args", (n) => fill(n, "start(", (i) => `a${i}${" ".repeat(40)}`, ",", ")")),
  code("one run of spaces", (n) => `start(${" ".repeat(Math.max(0, n - 9))}x)`),
  code("newlines and indentation", (n) => fill(n, "start(\n", (i) => `    a${i}\n`, ",", ")")),
  code("deep JSON literals (depth 60)", (n) => fill(n, "start(", (i) => `a${i}[k=\`${nested(DEEP)}\`]`, ",", ")")),
  code("deep #meta (depth 60)", (n) => fill(n, 'start(x) #meta {"meta":{"req_id":"a1b2c3d4","deep":[', () => nested(DEEP), ",", "]}}")),
  code("over-deep JSON literal (rejected)", (n) => `start(a[k=\`${nested(Math.max(1, Math.floor((n - 14) / 2)))}\`])`),
  code("escapes in a quoted value", (n) => fill(n, 'start("', () => '\\u0041\\n\\"\\\\\\t\\ud83d\\ude00', "", '")')),
  code("space_after_comma repairs", (n) => fill(n, "start(", (i) => `a${i}`, ", ", ")")),
  code("merged_primary_call repairs", (n) => fill(n, "start(a); email(b); ", (i) => `start(x${i})`, "; ", "")),
  code("zero-width chars in a quoted value", (n) => fill(n, 'start("', () => "a\u200b", "", '")')),
  code("zero-width chars in bare args", (n) => fill(n, "start(", (i) => `a\u200b${i}`, ",", ")")),
  code("bidi controls in a quoted value", (n) => fill(n, 'start("', () => "a\u202eb\u202c", "", '")')),
  code("very long bare word", (n) => `start(${"a".repeat(Math.max(1, n - 7))})`),
  code("very long quoted word", (n) => `start("${"\u0436".repeat(Math.max(1, n - 9))}")`),
  code("many keyword entities", (n) => fill(n, "start(", (i) => `k${i}=v`, ",", ")")),
  code("many extra fields on one entity", (n) => fill(n, "start(a[", (i) => `k${i}=v`, ",", "])")),
  code("many secondary actions", (n) => fill(n, "start(x); ", (i) => `${letters(i)}(a)`, "; ", "")),
  code("many constraints", (n) => fill(n, "if ", (i) => `c${i}(x)`, " and ", ": start(y)")),
  code("many alternatives", (n) => fill(n, "start(x) else: ", (i) => `${letters(i)}(b@c)`, "; ", "")),
  code("unterminated string (error)", (n) => `start("${"a ".repeat(Math.max(1, (n - 7) / 2))}`),
  code("error at the end of many lines", (n) => fill(n, "start(", (i) => `a${i}\n`, ",", ")(")),
  // Lenient repairs and extraction of model-written text.
  code("single-quoted strings and key: value", (n) => fill(n, "START(", (i) => `k${i}: 'v\\'${i}'`, ", ", ");")),
  code("prose lines around a fenced payload", (n) => fill(n, "", (i) => `Sure (${i}) here it is.`, "\n", "\n```silp\nstart(hike)\n```\nDone.")),
  code("many fences (ambiguous, error)", (n) => fill(n, "", (i) => `\`\`\`\n${letters(i)}(a)\n\`\`\``, "\n", "")),
  code("many prose lines with ( and no payload (error)", (n) => fill(n, "", (i) => `see (${i}`, "\n", "")),
  // The shapes of a chat reply inside a line: list items, inline code, labels and lead-ins.
  code("many list items with ( and no payload (error)", (n) => fill(n, "", (i) => `- see (${i}`, "\n", "")),
  code("many labelled lines, the payload past the candidate cap (error)", (n) => fill(n, "", (i) => `Note ${i}: x(`, "\n", "\nSILP: start(hike)")),
  code("one line of many colons before a call", (n) => fill(n, "", (i) => `w${i}:`, " ", " start(hike)")),
  code("one line of many backtick spans (error)", (n) => fill(n, "Use ", (i) => `\`f${i}(\``, " or ", "")),
  code("many inline code lines in prose (error)", (n) => fill(n, "", (i) => `\`f${i}(x)\` means ${i}`, "\n", "")),
];

const JSON_SHAPES: Shape[] = [
  json("mixed-script value", (n) => fill(n, '{"intent":"!START","act":"', (i) => MIXED_WORDS[i % MIXED_WORDS.length] as string, " ", '"}')),
  json("many positional values", (n) => fill(n, '{"intent":"!START","act":[', (i) => `"a${i}"`, ",", "]}")),
  json("many keys", (n) => fill(n, '{"intent":"!START"', (i) => `,"k${i}":"v"`, "", "}")),
  json("whitespace runs", (n) => fill(n, '{"intent":"!START","act":[', (i) => `${" ".repeat(40)}"a${i}"`, ",", "]}")),
  json("deep extra fields (depth 60)", (n) => fill(n, '{"intent":"!START","entities":[', (i) => `{"id":"a${i}","value":"v","k":${nested(DEEP)}}`, ",", "]}")),
  json("over-deep (rejected)", (n) => `{"intent":"!START","act":${nested(Math.max(1, Math.floor((n - 28) / 2)))}}`),
  json("escapes", (n) => fill(n, '{"intent":"!START","act":"', () => '\\u0041\\n\\"\\\\\\t\\ud83d\\ude00', "", '"}')),
  json("number_as_string repairs", (n) => fill(n, '{"intent":"!START","act":[', (i) => `${i}.0`, ",", "]}")),
  json("zero-width chars", (n) => fill(n, '{"intent":"!START","act":"', () => "a\u200b", "", '"}')),
  json("very long string", (n) => `{"intent":"!START","act":"${"\u0436".repeat(Math.max(1, n - 28))}"}`),
  json("many secondary actions", (n) => fill(n, '{"intent":"!START","act":"x"', (i) => `,"action_${letters(i)}":["a"]`, "", "}")),
  json("long secondary list", (n) => fill(n, '{"intent":"!START","act":"x","action_email":[', () => '"a"', ",", "]}")),
  json("many constraints", (n) => fill(n, '{"intent":"!START","act":"x","constraints":[', (i) => `{"type":"c${i}","value":"v"}`, ",", "]}")),
  json("duplicate key after many keys (error)", (n) => fill(n, '{"intent":"!START"', (i) => `,"k${i}":"v"`, "", ',"k0":"v"}')),
  // Lenient repairs and extraction of model-written JSON.
  json("model damage: quotes, keys, commas, comments, True", (n) => fill(n, "{'intent':'START'", (i) => `, k${i}: True /* c */`, "", ",}")),
  json("prose around an object", (n) => fill(n, "", (i) => `Here it's (${i}).`, " ", ' {"intent":"!START","act":"x"} done')),
  json("many objects in prose (ambiguous, error)", (n) => fill(n, "", (i) => `{"intent":"!START","act":"x${i}"}`, " and ", "")),
  json("truncated damaged object (error)", (n) => fill(n, "{intent:'!START'", (i) => `, k${i}: 'v'`, "", "")),
];

/** fromEnvelope on the JSON text a peer sent: JSON.parse is part of what a receiver does. */
function envelope(name: string, build: (size: number) => string): Shape {
  return {
    name: `envelope/${name}`,
    target: "envelope",
    build,
    run: (input) => outcome(() => fromEnvelope(JSON.parse(input), SHAPE_OPTIONS)),
  };
}

const wrap = (frontend: string, payload: string, meta = '{"req_id":"a1b2c3d4"}'): string =>
  `{"silp":"v1","silp_encoding":"${frontend}","silp_payload":${JSON.stringify(payload)},"silp_meta":${meta}}`;

const ENVELOPE_SHAPES: Shape[] = [
  envelope("code payload, mixed script", (n) =>
    wrap(
      "code",
      fill(n - 90, 'start("', (i) => MIXED_WORDS[i % MIXED_WORDS.length] as string, " ", '")'),
    ),
  ),
  envelope("json payload, many values", (n) =>
    wrap(
      "json",
      fill(n / 1.3, '{"intent":"!START","act":[', (i) => `"a${i}"`, ",", "]}"),
    ),
  ),
  envelope("code payload, many repairs", (n) =>
    wrap(
      "code",
      fill(n - 90, "start(", (i) => `a${i}`, ", ", ")"),
    ),
  ),
  envelope("meta with many keys", (n) =>
    wrap(
      "code",
      "start(x)",
      fill(n - 80, '{"req_id":"a1b2c3d4"', (i) => `,"k${i}":"v"`, "", "}"),
    ),
  ),
  envelope("deep meta (depth 60)", (n) =>
    wrap(
      "code",
      "start(x)",
      fill(n - 80, '{"req_id":"a1b2c3d4","deep":[', () => nested(DEEP), ",", "]}"),
    ),
  ),
];

function probe(name: string, build: (size: number) => string, run: (input: string) => unknown): Shape {
  return { name: `probe/${name}`, target: "probe", build, run: (input) => outcome(() => run(input)) };
}

const PROBE_SHAPES: Shape[] = [
  probe("long //ping line", (n) => fill(n, "//ping silp=v1 frontends=code,json", (i) => `x${i}=y`, " ", ""), parseProbeLine),
  probe("//ping after many lines", (n) => fill(n, "", (i) => `line ${i} of prose`, "\n", "\n//ping silp=v1 frontends=code,json"), findProbe),
  probe("long indentation before //ping", (n) => `${" ".repeat(Math.max(0, n - 34))}//ping silp=v1 frontends=code,json`, findProbe),
  probe(
    "JSON probe with many members",
    (n) => fill(n, '{"silp_ping":{"silp":["v1"],"frontends":["code","json"]', (i) => `,"x${i}":"y"`, "", "}}"),
    (input) => readProbe(JSON.parse(input)),
  ),
  probe(
    "JSON probe with a long list (rejected)",
    (n) => fill(n, '{"silp_ping":{"silp":["v1"],"frontends":[', (i) => `"f${i}"`, ",", "]}}"),
    (input) => readProbe(JSON.parse(input)),
  ),
];

/**
 * Streaming decode: the input pushed in 1-character chunks (or, `whole`, in one chunk: a reply a
 * framework hands over at once, whose many units the stream's buffer holds together), then end().
 */
function stream(name: string, frontend: "code" | "json", build: (size: number) => string, whole = false): Shape {
  return {
    name: `stream/${name}`,
    target: "stream",
    build,
    run: (input) =>
      outcome(() => {
        const decoder = createDecoder(frontend, SHAPE_OPTIONS);
        if (whole) decoder.push(input);
        else for (let at = 0; at < input.length; at++) decoder.push(input[at] as string);
        decoder.end();
      }),
  };
}

const STREAM_SHAPES: Shape[] = [
  stream("code: many arguments, 1-char chunks", "code", (n) => fill(n, "start(", (i) => `k${i}=v${i}`, ",", ")")),
  stream("code: many constraints, 1-char chunks", "code", (n) => fill(n, "if ", (i) => `c${i}(x)`, " and ", ": start(y)")),
  stream("code: one long argument, 1-char chunks", "code", (n) => `start(${"a".repeat(Math.max(1, n - 7))})`),
  stream("code: failing units (error)", "code", (n) => fill(n, "start(", () => "a]b(", "", "")),
  stream("json: many slots, 1-char chunks", "json", (n) => fill(n, '{"intent":"!START"', (i) => `,"k${i}":"v"`, "", "}")),
  stream("json: long list, 1-char chunks", "json", (n) => fill(n, '{"intent":"!START","act":[', (i) => `"a${i}"`, ",", "]}")),
  // Before the payload: the stream looks for its start (and a fence's line end) in each new chunk.
  stream("code: blanks before the payload, 1-char chunks", "code", (n) => `${" \n".repeat(Math.max(1, (n - 8) >> 1))}start(x)`),
  stream("code: a long fence line, 1-char chunks", "code", (n) => `\`\`\`${"a".repeat(Math.max(1, n - 16))}\nstart(x)\n\`\`\``),
  stream("json: slots before the intent", "json", (n) => fill(n, "{", (i) => `"k${i}":"v",`, "", '"intent":"!START"}')),
  // Dense in tokens, so that the large side's buffer passes 32K tokens: past that V8 moves an
  // array's elements on a splice from its front instead of trimming it in place.
  stream("code: many positional arguments, one chunk", "code", (n) => fill(n, "start(", () => "a", ",", ")"), true),
  stream("json: long list, one chunk", "json", (n) => fill(n, '{"intent":"!START","act":[', () => "1", ",", "]}"), true),
];

export const SHAPES: readonly Shape[] = [...CODE_SHAPES, ...JSON_SHAPES, ...ENVELOPE_SHAPES, ...PROBE_SHAPES, ...STREAM_SHAPES];
