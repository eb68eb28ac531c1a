/**
 * Probe parsing pinned error by error: each failure of the text
 * and JSON forms with its code, offset or JSON Pointer, expected list and message, written by
 * hand from the grammar in docs/protocol.md: messages, the line-break and control-character
 * descriptions and the exact limits are part of what a peer is told.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError } from "silp";
import { findProbe, formatProbe, parseProbeJson, parseProbeLine, probeToJson, readPing, readPong, readProbe } from "silp/negotiation";

interface Expected {
  code?: string;
  offset?: number;
  path?: string;
  message?: string;
  expected?: string[];
}

function throwsExactly(run: () => unknown, want: Expected): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
    assert.equal(error.code, want.code ?? "invalid_syntax");
    if ("offset" in want) assert.equal(error.offset, want.offset, error.message);
    if ("path" in want) assert.equal(error.path, want.path, error.message);
    if (want.message !== undefined) assert.ok(error.message.startsWith(want.message), `message: ${error.message}`);
    if (want.expected !== undefined) assert.deepEqual(error.expected, want.expected);
    return true;
  });
}

describe("text probe: every failure with its offset, message and expected list", () => {
  const cases: [string, string, Expected][] = [
    ["not a probe keyword", "//pin silp=v1", { offset: 0, message: "a probe line starts with //ping or //pong", expected: ["//ping", "//pong"] }],
    ["keyword glued to a letter", "//pingx silp=v1", { offset: 6, message: 'unexpected "x"', expected: ["space", "end of line"] }],
    ["keyword alone", "//ping", { offset: 6, message: "//ping needs a silp= parameter", expected: ["silp="] }],
    ["no frontends", "//pong silp=v1", { offset: 14, message: "//pong needs a frontends= parameter", expected: ["frontends="] }],
    [
      "upper-case parameter name",
      "//ping Silp=v1",
      { offset: 7, message: 'expected a parameter name, found "S"', expected: ["parameter name ([a-z][a-z0-9_-]*)"] },
    ],
    ["no = after a name", "//ping silp v1", { offset: 11, message: 'expected "=" after silp, found U+0020', expected: ["="] }],
    ["name at the end of the line", "//ping silp", { offset: 11, message: 'expected "=" after silp, found end of line', expected: ["="] }],
    ["a parameter twice", "//ping silp=v1 silp=v2 frontends=code", { offset: 15, message: "parameter silp appears twice", expected: [] }],
    ["prefer in a ping", "//ping silp=v1 frontends=code prefer=code", { offset: 30, message: "prefer= belongs to //pong, not //ping", expected: [] }],
    ["version without v", "//ping silp=1 frontends=code", { offset: 12, message: 'expected a version like v1, found "1"', expected: ["v"] }],
    ["v without digits", "//ping silp=vx frontends=code", { offset: 13, message: 'expected a digit after "v", found "x"', expected: ["digit"] }],
    ["ten version digits", "//ping silp=v1234567890 frontends=code", { offset: 22, message: "a version has at most 9 digits", expected: [] }],
    ["a frontend listed twice", "//ping silp=v1 frontends=code,json,code", { offset: 35, message: '"code" is listed twice', expected: [] }],
    ["a version listed twice", "//ping silp=v1,v1 frontends=code", { offset: 15, message: '"v1" is listed twice' }],
    [
      "a 33-character frontend name",
      `//ping silp=v1 frontends=${"a".repeat(33)}`,
      { offset: 25 + 32, message: "a frontend name is at most 32 characters", expected: [] },
    ],
    [
      "a bare CR before the end",
      "//ping silp=v1 frontends=code\r",
      { offset: 29, message: "unexpected a line break (a probe is one line) after frontends", expected: [",", "space", "end of line"] },
    ],
    [
      "a line feed inside",
      "//ping silp=v1\nfrontends=code",
      { offset: 14, message: "unexpected a line break (a probe is one line) after silp", expected: [",", "space", "end of line"] },
    ],
    [
      "a no-break space after a list",
      "//ping silp=v1 frontends=code\u00a0x",
      { offset: 29, message: "unexpected U+00A0 after frontends", expected: [",", "space", "end of line"] },
    ],
    [
      "a no-break space after prefer",
      "//pong silp=v1 frontends=code prefer=code\u00a0",
      { offset: 41, message: "unexpected U+00A0 after prefer", expected: ["space", "end of line"] },
    ],
    [
      "a control character after an unknown parameter",
      "//ping silp=v1 frontends=code x=a\u0001",
      { offset: 33, message: "unexpected U+0001 after x", expected: ["space", "end of line"] },
    ],
    [
      "a comma after prefer",
      "//pong silp=v1 frontends=code prefer=code,json",
      { offset: 41, message: 'unexpected "," after prefer', expected: ["space", "end of line"] },
    ],
    ["an empty frontend after a comma", "//ping silp=v1 frontends=code,", { offset: 30, message: "expected a frontend name, found end of line" }],
  ];
  for (const [what, line, want] of cases) {
    test(what, () => throwsExactly(() => parseProbeLine(line), want));
  }

  test("the limits are inclusive: 9 version digits, 32-character names, 16 entries, 1024 characters", () => {
    assert.deepEqual(parseProbeLine("//ping silp=v123456789 frontends=code").versions, ["v123456789"]);
    const name32 = `a${"b".repeat(31)}`;
    assert.deepEqual(parseProbeLine(`//ping silp=v1 frontends=${name32}`).frontends, [name32]);
    assert.deepEqual(parseProbeLine(`//ping silp=v1 ${name32}=x frontends=code`).frontends, ["code"]);
    const sixteen = Array.from({ length: 16 }, (_, i) => `f${i}`);
    assert.deepEqual(parseProbeLine(`//ping silp=v1 frontends=${sixteen.join(",")}`).frontends, sixteen);
    const head = "//ping silp=v1 frontends=code x=";
    const line1024 = head + "a".repeat(1024 - head.length);
    assert.equal(line1024.length, 1024);
    assert.deepEqual(parseProbeLine(line1024), { kind: "ping", versions: ["v1"], frontends: ["code"] });
    assert.deepEqual(parseProbeLine(`${line1024}\r\n`), { kind: "ping", versions: ["v1"], frontends: ["code"] });
    throwsExactly(() => parseProbeLine(`${line1024}a`), { code: "limit_exceeded", offset: 1024, message: "a probe line is at most 1024 characters" });
  });

  test("a 17th list entry is limit_exceeded at that entry", () => {
    const seventeen = Array.from({ length: 17 }, (_, i) => `v${i + 1}`);
    const line = `//ping silp=${seventeen.join(",")} frontends=code`;
    throwsExactly(() => parseProbeLine(line), { code: "limit_exceeded", offset: line.indexOf("v17"), message: "a list holds at most 16 entries" });
  });

  test("names take digits, _ and - after the first letter; a pong without prefer has no prefer key", () => {
    const pong = parseProbeLine("//pong silp=v10 frontends=nl_json,x-2 a_b-9=");
    assert.deepEqual(pong, { kind: "pong", versions: ["v10"], frontends: ["nl_json", "x-2"] });
    assert.equal(Object.hasOwn(pong, "prefer"), false);
    assert.deepEqual(parseProbeLine("//pong silp=v1 frontends=json prefer=json"), { kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=Code"), { offset: 25, message: 'expected a frontend name, found "C"' });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c.de"), { offset: 26, message: 'unexpected "." after frontends' });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c{de"), { offset: 26 });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c`de"), { offset: 26 });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c/de"), { offset: 26 });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c:de"), { offset: 26 });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c@de"), { offset: 26 });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=c[de"), { offset: 26 });
  });

  test("a character past ~ is described by its code point, padded to four hex digits", () => {
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=code\u007f"), { offset: 29, message: "unexpected U+007F after frontends" });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=code\u{1F600}"), { offset: 29, message: "unexpected U+1F600 after frontends" });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=code~"), { offset: 29, message: 'unexpected "~" after frontends' });
    throwsExactly(() => parseProbeLine("//ping silp=v1 frontends=code!"), { offset: 29, message: 'unexpected "!" after frontends' });
  });

  test("a non-string is a TypeError, not a crash inside", () => {
    assert.throws(() => parseProbeLine(42 as unknown as string), { name: "TypeError", message: "parseProbeLine expects a string" });
  });
});

describe("findProbe: the first probe line, indentation and CR dropped, offsets in the whole message", () => {
  test("indented with spaces and tabs, CRLF lines", () => {
    const message = "hello\r\n \t//pong silp=v1 frontends=json prefer=json\r\nbye";
    assert.deepEqual(findProbe(message), { kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" });
  });

  test("the first probe line wins; no probe, an empty message and a line starting //pin give undefined", () => {
    assert.deepEqual(findProbe("//ping silp=v1 frontends=code\n//pong silp=v2 frontends=json"), { kind: "ping", versions: ["v1"], frontends: ["code"] });
    assert.equal(findProbe(""), undefined);
    assert.equal(findProbe("\n\n"), undefined);
    assert.equal(findProbe("x //ping silp=v1 frontends=code"), undefined);
    assert.equal(findProbe("text\n//pin silp=v1"), undefined);
  });

  test("an error keeps its code and expected list, with the offset moved to the message", () => {
    const message = "first line\n  //ping silp=v1 frontends=code;json";
    throwsExactly(() => findProbe(message), {
      offset: message.indexOf(";"),
      message: 'unexpected ";" after frontends',
      expected: [",", "space", "end of line"],
    });
    const long = `a\n//ping silp=v1 frontends=code x=${"a".repeat(1100)}`;
    throwsExactly(() => findProbe(long), { code: "limit_exceeded", offset: 2 + 1024 });
    const error = (() => {
      try {
        findProbe("ab\n//ping silp=v1 silp=v1");
      } catch (caught) {
        return caught as SilpError;
      }
      return undefined;
    })();
    assert.ok(error instanceof SilpError);
    assert.equal(error.offset, 3 + 15);
    assert.deepEqual(error.expected, []);
    assert.equal(error.line, 2);
  });
});

describe("JSON probe: each failure with its JSON Pointer", () => {
  const cases: [string, unknown, Expected][] = [
    ["not an object", ["silp_ping"], { path: "", message: "a probe must be a JSON object" }],
    ["neither wrapper", { ping: {} }, { path: "", message: "a probe object has exactly one of silp_ping or silp_pong", expected: ["silp_ping", "silp_pong"] }],
    ["both wrappers", { silp_ping: {}, silp_pong: {} }, { path: "", message: "a probe object has exactly one of silp_ping or silp_pong" }],
    ["a wrapper that is no object", { silp_pong: "v1" }, { path: "/silp_pong", message: "/silp_pong must be an object" }],
    [
      "versions not a list",
      { silp_ping: { silp: "v1", frontends: ["code"] } },
      { path: "/silp_ping/silp", message: "/silp_ping/silp must be an array", expected: ["silp list"] },
    ],
    ["empty frontends", { silp_ping: { silp: ["v1"], frontends: [] } }, { path: "/silp_ping/frontends", message: "/silp_ping/frontends must not be empty" }],
    [
      "a bad version",
      { silp_ping: { silp: ["v1", "1"], frontends: ["code"] } },
      {
        path: "/silp_ping/silp/1",
        message: "/silp_ping/silp/1 is not a version like v1 (v and 1-9 digits)",
        expected: ["a version like v1 (v and 1-9 digits)"],
      },
    ],
    [
      "a repeated frontend",
      { silp_ping: { silp: ["v1"], frontends: ["code", "code"] } },
      { path: "/silp_ping/frontends/1", message: '/silp_ping/frontends/1 repeats "code"' },
    ],
    [
      "prefer in a ping",
      { silp_ping: { silp: ["v1"], frontends: ["code"], prefer: "code" } },
      { path: "/silp_ping/prefer", message: "a ping carries no prefer member" },
    ],
    [
      "a bad prefer",
      { silp_pong: { silp: ["v1"], frontends: ["code"], prefer: "Code" } },
      { path: "/silp_pong/prefer", message: "/silp_pong/prefer is not a frontend name ([a-z][a-z0-9_-]*, at most 32 characters)" },
    ],
    [
      "17 versions",
      { silp_ping: { silp: Array.from({ length: 17 }, (_, i) => `v${i}`), frontends: ["code"] } },
      { code: "limit_exceeded", path: "/silp_ping/silp", message: "/silp_ping/silp has 17 entries; at most 16 are accepted" },
    ],
  ];
  for (const [what, value, want] of cases) {
    test(what, () => throwsExactly(() => parseProbeJson(value), want));
  }

  test("16 entries pass; a pong keeps prefer only when given; unknown members are dropped", () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `v${i}`);
    assert.deepEqual(parseProbeJson({ silp_ping: { silp: sixteen, frontends: ["code"], extra: 1 } }), { kind: "ping", versions: sixteen, frontends: ["code"] });
    const pong = parseProbeJson({ silp_pong: { silp: ["v1"], frontends: ["json"] } });
    assert.deepEqual(pong, { kind: "pong", versions: ["v1"], frontends: ["json"] });
    assert.equal(Object.hasOwn(pong, "prefer"), false);
    assert.deepEqual(parseProbeJson({ silp_pong: { silp: ["v1"], frontends: ["json"], prefer: "json" } }), {
      kind: "pong",
      versions: ["v1"],
      frontends: ["json"],
      prefer: "json",
    });
  });

  test("readProbe takes either form; readPing and readPong insist on their kind", () => {
    assert.deepEqual(readProbe("//ping silp=v1 frontends=code"), { kind: "ping", versions: ["v1"], frontends: ["code"] });
    assert.deepEqual(readProbe({ silp_ping: { silp: ["v1"], frontends: ["code"] } }), { kind: "ping", versions: ["v1"], frontends: ["code"] });
    assert.deepEqual(readPing("//ping silp=v1 frontends=code").kind, "ping");
    assert.deepEqual(readPong("//pong silp=v1 frontends=code").kind, "pong");
    throwsExactly(() => readPing("//pong silp=v1 frontends=code"), { message: "expected a //ping, got a //pong", expected: ["//ping"] });
    throwsExactly(() => readPong({ silp_ping: { silp: ["v1"], frontends: ["code"] } }), { message: "expected a //pong, got a //ping", expected: ["//pong"] });
  });
});

describe("formatting: exact text and JSON, checked first", () => {
  test("exact lines and objects", () => {
    assert.equal(formatProbe({ kind: "ping", versions: ["v1", "v2"], frontends: ["code", "json"] }), "//ping silp=v1,v2 frontends=code,json");
    assert.equal(formatProbe({ kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" }), "//pong silp=v1 frontends=json prefer=json");
    assert.equal(formatProbe({ kind: "pong", versions: ["v1"], frontends: ["json"] }), "//pong silp=v1 frontends=json");
    assert.deepEqual(probeToJson({ kind: "ping", versions: ["v1"], frontends: ["code"] }), { silp_ping: { silp: ["v1"], frontends: ["code"] } });
    assert.deepEqual(probeToJson({ kind: "pong", versions: ["v1"], frontends: ["json"] }), { silp_pong: { silp: ["v1"], frontends: ["json"] } });
    assert.deepEqual(probeToJson({ kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" }), {
      silp_pong: { silp: ["v1"], frontends: ["json"], prefer: "json" },
    });
  });

  test("a bad kind, list or prefer is refused with its pointer", () => {
    throwsExactly(() => formatProbe({ kind: "pang", versions: ["v1"], frontends: ["code"] } as never), {
      path: "/kind",
      message: '/kind must be "ping" or "pong"',
    });
    throwsExactly(() => formatProbe({ kind: "ping", versions: ["v1"], frontends: ["co de"] }), { path: "/frontends/0" });
    throwsExactly(() => probeToJson({ kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "a,b" }), { path: "/prefer" });
  });
});

describe("names, line breaks and prefer: the grammar's edges", () => {
  test("z is a lower-case letter, first and later in a name", () => {
    assert.deepEqual(parseProbeLine("//ping silp=v1 frontends=z,az zeta=1").frontends, ["z", "az"]);
  });

  test("findProbe drops only a final CR: a CR inside the line is still an error", () => {
    throwsExactly(() => findProbe("//ping silp=v1\rfrontends=code"), { offset: 14, message: "unexpected a line break (a probe is one line) after silp" });
  });

  test("a bad prefer in a pong line names the frontend rule", () => {
    throwsExactly(() => parseProbeLine("//pong silp=v1 frontends=code prefer=Code"), { offset: 37, message: 'expected a frontend name, found "C"' });
  });

  test("a list entry must be a string, not a one-element list that stringifies to a name", () => {
    throwsExactly(() => parseProbeJson({ silp_ping: { silp: ["v1"], frontends: [["code"]] } }), { path: "/silp_ping/frontends/0" });
    throwsExactly(() => parseProbeJson({ silp_ping: { silp: [["v1"]], frontends: ["code"] } }), { path: "/silp_ping/silp/0" });
  });

  test("a bad prefer or version list names the rule and its pointer", () => {
    throwsExactly(() => parseProbeJson({ silp_pong: { silp: ["v1"], frontends: ["code"], prefer: "Code" } }), {
      path: "/silp_pong/prefer",
      expected: ["a frontend name ([a-z][a-z0-9_-]*, at most 32 characters)"],
    });
    throwsExactly(() => formatProbe({ kind: "ping", versions: ["1"], frontends: ["code"] }), {
      path: "/versions/0",
      message: "/versions/0 is not a version like v1",
    });
  });
});
