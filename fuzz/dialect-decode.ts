/**
 * Fuzz target: the strict decoders of four dialects of @silp/dialects (docs/dialects.md), through
 * the codec's registry, strict and lenient. Beyond the shared property (a SilpError or a result
 * that round-trips), an accepted text must be exactly what the dialect prints for its IR: the
 * strict-parse guarantee that no other meaning's text is ever accepted.
 */
import assert from "node:assert/strict";
import { CODE_DIALECT, type DialectSpec, createDialect, parseDialectSpec, registerDialect } from "@silp/dialects";
import { decode } from "silp";
import { CODEC_SOURCES, type FuzzTarget } from "./engine.js";
import { assertRoundTrip, LENIENT, resultOrSilpError, STRICT } from "./properties.js";

/** The repairs of lenient extraction: they cut the payload out of a reply and change nothing in it (docs/grammar.md, Extraction). */
const CUTTING_OUT: ReadonlySet<string> = new Set([
  "code_fence",
  "prose_around_payload",
  "list_item",
  "inline_code",
  "label_before_payload",
  "lead_in_before_payload",
  "several_candidates",
  // Blanks around the payload's line, cut off: extraction changes nothing inside the payload.
  "whitespace",
]);

const spec = (name: string, genes: Record<string, string>): DialectSpec =>
  parseDialectSpec({ silp_dialect: 1, name, genes: { ...CODE_DIALECT.genes, ...genes } });

/** One dialect per call style, with the most word spellings and the most punctuation respectively; one with keywords: ordered. */
export const FUZZED_DIALECTS: readonly DialectSpec[] = [
  spec("x-fuzz-words", {
    if: "If",
    and: "and",
    actions: "and",
    else: "otherwise",
    alternatives: "or",
    call: "spaces",
    equals: "= ",
    location: "at",
    negation: "not",
    operators: "words",
    time: "at",
    meta: "meta",
  }),
  spec("x-fuzz-marks", { and: "&", actions: "newline", else: "|", alternatives: ",", empty_args: "omit", equals: ":", operators: "spaced" }),
  // keywords: ordered, with a table for the fuzz dictionary's verb: leading arguments without names.
  parseDialectSpec({
    silp_dialect: 1,
    name: "x-fuzz-ordered",
    genes: { ...CODE_DIALECT.genes, call: "spaces", equals: ":", keywords: "ordered" },
    argument_order: { "!START": ["act", "k", "loc"], "!CANCEL": ["k"] },
  }),
  CODE_DIALECT,
];
for (const dialect of FUZZED_DIALECTS) registerDialect(dialect);
const printers = new Map(FUZZED_DIALECTS.map((dialect) => [dialect.name, createDialect(dialect)]));

/** Where an earlier version's JSON meta trailer starts (` #meta {"meta":…}`, ` meta {"meta":…}`). */
const LEGACY_JSON_TRAILER = / #?meta \{\s*"(?:silp|version|meta)"\s*:/;

export const target: FuzzTarget = {
  name: "dialect-decode",
  sources: [...CODEC_SOURCES, "/packages/dialects/src/"],
  tokens: [
    ...["If ", "if ", " and ", ": ", " then ", "; ", ", ", "\n", " else: ", " otherwise ", " | ", " or ", " & ", " at ", "not ", "!", "= ", ":", "="],
    ...[" is ", " is not ", " above ", " below ", " at most ", " at least ", " > ", "==", "(", ")", ",", "[", "]", "@", " "],
    ...[
      '"',
      "\\",
      "\\u00",
      "`",
      "`{}`",
      " meta ",
      " #meta ",
      " #{",
      " meta {",
      "p2",
      "c.5",
      "sid=",
      "seq=[",
      "}",
      '{"meta":{"req_id":"a1b2c3d4"}}',
      "t+1",
      "t-2am",
      "start",
      "hike",
      "loc=",
      '"at"',
      '"and"',
    ],
  ],
  check(input) {
    for (const dialect of FUZZED_DIALECTS) {
      for (const options of [STRICT, LENIENT]) {
        const result = resultOrSilpError(() => decode(input, dialect.name, options));
        if (result === undefined) continue;
        assertRoundTrip(result, (payload, again) => decode(payload, dialect.name, again));
        // Strict parse: what was accepted is the printer's text for that IR (meta as written). The
        // codec's decode steps before the frontend, for every frontend, may change the text first,
        // each reported: the sanitizer strips invisible characters (sanitizer.changed), and in
        // lenient mode the payload is cut out of a fence or prose around it (repairs).
        if (result.sanitizer.changed) continue;
        const printer = printers.get(dialect.name) as ReturnType<typeof createDialect>;
        const printed = [printer.print(result.ir, { ...LENIENT, inlineMeta: false }), printer.print(result.ir, { ...LENIENT, inlineMeta: true })];
        const cut = result.repairs.filter((repair) => !CUTTING_OUT.has(repair.kind));
        assert.deepEqual(cut, [], `${dialect.name} applied repairs other than cutting out the payload`);
        // A JSON meta object of an earlier version is read by the code decoder: the text before it must be canonical.
        const legacy = LEGACY_JSON_TRAILER.exec(input);
        if (legacy) printed.push(`${printed[0] as string}${input.slice(legacy.index)}`);
        const found = result.repairs.length === 0 ? printed.includes(input) : printed.some((text) => input.includes(text));
        assert.ok(found, `${dialect.name} accepted ${JSON.stringify(input)}, which it prints as ${JSON.stringify(printed[0])}`);
        if (options.strict) assert.deepEqual(result.repairs, []);
      }
    }
  },
};
