/** The //ping probe and //pong reply: text and JSON forms, and hostile or malformed lines. */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { MAX_PROBE_LINE, findProbe, formatProbe, parseProbeJson, parseProbeLine, probeToJson, type Probe } from "silp/negotiation";

function syntaxErrorAt(offset: number, code = "invalid_syntax") {
  return (error: unknown) => {
    assert.ok(error instanceof SilpError, String(error));
    assert.equal(error.code, code, error.message);
    assert.equal(error.offset, offset, `${error.message} (offset ${error.offset})`);
    return true;
  };
}

describe("text form", () => {
  test("a ping and a pong parse to their lists, in order", () => {
    assert.deepEqual(parseProbeLine("//ping silp=v1 frontends=code,json,natural"), {
      kind: "ping",
      versions: ["v1"],
      frontends: ["code", "json", "natural"],
    });
    assert.deepEqual(parseProbeLine("//pong silp=v2,v1 frontends=json,natural prefer=json\r\n"), {
      kind: "pong",
      versions: ["v2", "v1"],
      frontends: ["json", "natural"],
      prefer: "json",
    });
    // Parameters in any order, tabs and repeated spaces, a pong without prefer.
    assert.deepEqual(parseProbeLine("//pong\tfrontends=nl_json   silp=v1 \n"), {
      kind: "pong",
      versions: ["v1"],
      frontends: ["nl_json"],
    });
  });

  test("format and parse are inverse", () => {
    const probes: Probe[] = [
      { kind: "ping", versions: ["v1"], frontends: ["code", "math", "json", "natural"] },
      { kind: "pong", versions: ["v3", "v1"], frontends: ["llmlingua2", "nl_json"], prefer: "nl_json" },
      { kind: "pong", versions: ["v1"], frontends: ["code"] },
    ];
    for (const probe of probes) {
      assert.deepEqual(parseProbeLine(formatProbe(probe)), probe);
      assert.deepEqual(parseProbeJson(JSON.parse(JSON.stringify(probeToJson(probe)))), probe);
    }
    assert.equal(formatProbe(probes[0] as Probe), "//ping silp=v1 frontends=code,math,json,natural");
  });

  test("a -00 peer listing the undefined math frontend parses", () => {
    assert.deepEqual(parseProbeLine("//ping silp=v1 frontends=code,math,json,natural").frontends, ["code", "math", "json", "natural"]);
  });

  test("unknown parameters are ignored when well-formed", () => {
    assert.deepEqual(parseProbeLine("//ping silp=v1 frontends=code max_tokens=4096 x-trace=a/b:c="), {
      kind: "ping",
      versions: ["v1"],
      frontends: ["code"],
    });
  });

  const malformed: Array<[string, string, number, string?]> = [
    ["empty line", "", 0],
    ["no probe keyword", "ping silp=v1 frontends=code", 0],
    ["upper-case keyword", "//PING silp=v1 frontends=code", 0],
    ["keyword glued to text", "//pingsilp=v1 frontends=code", 6],
    ["missing silp", "//ping frontends=code", 21],
    ["missing frontends", "//ping silp=v1", 14],
    ["empty frontend list", "//ping silp=v1 frontends=", 25],
    ["trailing comma", "//ping silp=v1 frontends=code,", 30],
    ["double comma", "//ping silp=v1 frontends=code,,json", 30],
    ["bad separator", "//ping silp=v1 frontends=code;json", 29],
    ["space after comma", "//ping silp=v1 frontends=code, json", 30],
    ["upper-case frontend", "//ping silp=v1 frontends=Code", 25],
    ["frontend starting with a digit", "//ping silp=v1 frontends=2code", 25],
    ["version without v", "//ping silp=1 frontends=code", 12],
    ["version without digits", "//ping silp=v frontends=code", 13],
    ["version with a dot", "//ping silp=v1.0 frontends=code", 14],
    ["too many version digits", "//ping silp=v1234567890 frontends=code", 22],
    ["duplicate parameter", "//ping silp=v1 silp=v1 frontends=code", 15],
    ["duplicate frontend", "//ping silp=v1 frontends=code,json,code", 35],
    ["prefer in a ping", "//ping silp=v1 frontends=code prefer=code", 30],
    ["parameter without =", "//ping silp=v1 frontends", 24],
    ["zero-width space in a name", "//ping silp=v1 frontends=co\u200bde", 27],
    ["Cyrillic letter in a name", "//ping silp=v1 frontends=\u0441ode", 25],
    ["second line", "//ping silp=v1 frontends=code\n//pong", 29],
    ["bare CR inside", "//ping silp=v1\rfrontends=code", 14],
    ["non-ASCII in an unknown parameter", "//ping silp=v1 frontends=code x=\u00e9", 32],
    ["name longer than 32", `//ping silp=v1 frontends=${"a".repeat(33)}`, 57],
  ];
  for (const [what, line, offset] of malformed) {
    test(`invalid_syntax with position: ${what}`, () => {
      assert.throws(() => parseProbeLine(line), syntaxErrorAt(offset));
    });
  }

  test("errors carry line, column and what was expected", () => {
    assert.throws(
      () => parseProbeLine("//ping silp=v1 frontends=code;json"),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.line, 1);
        assert.equal(error.column, 30);
        assert.deepEqual(error.expected, [",", "space", "end of line"]);
        return true;
      },
    );
  });

  test("limits: a 17-entry list and an over-long line are limit_exceeded", () => {
    const seventeen = Array.from({ length: 17 }, (_, i) => `f${i}`).join(",");
    assert.throws(
      () => parseProbeLine(`//ping silp=v1 frontends=${seventeen}`),
      syntaxErrorAt(`//ping silp=v1 frontends=${seventeen}`.lastIndexOf("f16"), "limit_exceeded"),
    );
    assert.throws(() => parseProbeLine(`//ping silp=v1 frontends=code x=${"a".repeat(MAX_PROBE_LINE)}`), syntaxErrorAt(MAX_PROBE_LINE, "limit_exceeded"));
  });

  test("hostile input: huge and random lines fail fast with a typed error", () => {
    const huge = `//ping silp=v1 frontends=${"a,".repeat(5_000_000)}`;
    assert.throws(() => parseProbeLine(huge), syntaxErrorAt(MAX_PROBE_LINE, "limit_exceeded"));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = "//pingong silp=v1,frontends=codejsnatural \t\r\n=,\u200b\u0441";
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(random() * 60);
      let line = random() < 0.5 ? "//ping " : "";
      for (let k = 0; k < length; k++) line += alphabet[Math.floor(random() * alphabet.length)];
      try {
        const probe = parseProbeLine(line);
        assert.deepEqual(parseProbeLine(formatProbe(probe)), probe);
      } catch (error) {
        assert.ok(error instanceof SilpError, `${JSON.stringify(line)}: ${String(error)}`);
        assert.ok(["invalid_syntax", "limit_exceeded"].includes(error.code));
        assert.ok(error.offset !== undefined && error.offset <= line.length);
      }
    }
  });

  test("findProbe picks the probe line out of a model message, with message offsets in errors", () => {
    const message = "Sure! Here is my probe:\n\n  //ping silp=v1 frontends=json,natural\nThanks.";
    assert.deepEqual(findProbe(message), { kind: "ping", versions: ["v1"], frontends: ["json", "natural"] });
    assert.equal(findProbe("no probe here\n// ping is not a probe"), undefined);
    const broken = "hello\r\n//pong silp=v1 frontends=json prefer=JSON\r\nbye";
    assert.throws(() => findProbe(broken), syntaxErrorAt(broken.indexOf("JSON")));
  });

  test("formatting refuses names that would change the line", () => {
    for (const bad of ["code json", "code,json", "code\n//pong", "", "Code", "a".repeat(33)]) {
      assert.throws(
        () => formatProbe({ kind: "ping", versions: ["v1"], frontends: [bad] }),
        (e: unknown) => e instanceof SilpError,
      );
    }
    assert.throws(() => formatProbe({ kind: "pong", versions: ["v1"], frontends: ["code"], prefer: "code prefer=json" }), SilpError);
    assert.throws(() => formatProbe({ kind: "ping", versions: ["1"], frontends: ["code"] }), SilpError);
  });
});

describe("JSON form", () => {
  test("ping and pong objects", () => {
    assert.deepEqual(probeToJson({ kind: "ping", versions: ["v1"], frontends: ["code", "json"] }), {
      silp_ping: { silp: ["v1"], frontends: ["code", "json"] },
    });
    assert.deepEqual(parseProbeJson({ silp_pong: { silp: ["v1"], frontends: ["json"], prefer: "json", extra: { x: 1 } } }), {
      kind: "pong",
      versions: ["v1"],
      frontends: ["json"],
      prefer: "json",
    });
  });

  const bad: Array<[string, unknown, string]> = [
    ["not an object", ["silp_ping"], ""],
    ["null", null, ""],
    ["both wrappers", { silp_ping: {}, silp_pong: {} }, ""],
    ["no wrapper", { ping: {} }, ""],
    ["body not an object", { silp_ping: "code,json" }, "/silp_ping"],
    ["silp a string", { silp_ping: { silp: "v1", frontends: ["code"] } }, "/silp_ping/silp"],
    ["empty frontends", { silp_ping: { silp: ["v1"], frontends: [] } }, "/silp_ping/frontends"],
    ["number in frontends", { silp_ping: { silp: ["v1"], frontends: ["code", 7] } }, "/silp_ping/frontends/1"],
    ["duplicate", { silp_ping: { silp: ["v1", "v1"], frontends: ["code"] } }, "/silp_ping/silp/1"],
    ["prefer in ping", { silp_ping: { silp: ["v1"], frontends: ["code"], prefer: "code" } }, "/silp_ping/prefer"],
    ["bad prefer", { silp_pong: { silp: ["v1"], frontends: ["code"], prefer: "Code" } }, "/silp_pong/prefer"],
  ];
  for (const [what, value, path] of bad) {
    test(`invalid_syntax with a JSON Pointer: ${what}`, () => {
      assert.throws(
        () => parseProbeJson(value),
        (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && error.path === path,
      );
    });
  }

  test("a 17-entry list is limit_exceeded", () => {
    const frontends = Array.from({ length: 17 }, (_, i) => `f${i}`);
    assert.throws(
      () => parseProbeJson({ silp_ping: { silp: ["v1"], frontends } }),
      (error: unknown) => error instanceof SilpError && error.code === "limit_exceeded",
    );
  });
});
