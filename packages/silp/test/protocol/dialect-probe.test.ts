/**
 * The dialect extension of the probe (docs/dialect-negotiation.md), written from that text: the
 * new parameters in both forms, every refusal with its position, the agreement by content hash,
 * and the choice by the reader's tokenizer. Nothing here registers a frontend (the codec's tests
 * share their processes); dialect names are priced and judged lossless by the test's own tables.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError } from "silp";
import {
  acceptPong,
  agree,
  answerPing,
  chooseFrontend,
  createPing,
  formatProbe,
  parseProbeJson,
  parseProbeLine,
  probeToJson,
  type Capabilities,
  type Ping,
  type Pong,
} from "silp/negotiation";

const H1 = "a".repeat(64);
const H2 = "b".repeat(64);
const EVOLVED = `x-evolved@sha256:${H1}`;
const EVOLVED_OTHER = `x-evolved@sha256:${H2}`;
const OTHER = `x-terse@sha256:${H2}`;

function fails(run: () => unknown, code: string, where: { offset?: number; path?: string }, message?: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SilpError, String(error));
    assert.equal(error.code, code, error.message);
    if (where.offset !== undefined) assert.equal(error.offset, where.offset, error.message);
    if (where.path !== undefined) assert.equal(error.path, where.path, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

describe("the text form", () => {
  test("a ping offering a dialect by hash, with the reader's tokenizer and order", () => {
    const line = `//ping silp=v1 frontends=x-evolved,code,json dialects=${EVOLVED} tokenizer=gpt-3.5 order=cost`;
    assert.deepEqual(parseProbeLine(line), {
      kind: "ping",
      versions: ["v1"],
      frontends: ["x-evolved", "code", "json"],
      dialects: [EVOLVED],
      tokenizer: "gpt-3.5",
      order: "cost",
    });
    assert.equal(formatProbe(parseProbeLine(line)), line);
  });

  test("a pong asking for a dialect it lacks, and one holding it", () => {
    const asking = `//pong silp=v1 frontends=code,json want=${EVOLVED} tokenizer=llama-2 order=listed prefer=code`;
    const pong = parseProbeLine(asking) as Pong;
    assert.deepEqual(pong.want, [EVOLVED]);
    assert.equal(pong.prefer, "code");
    assert.equal(formatProbe(pong), asking);
    const holding = `//pong silp=v1 frontends=x-evolved,code dialects=${EVOLVED} prefer=x-evolved`;
    assert.deepEqual((parseProbeLine(holding) as Pong).dialects, [EVOLVED]);
  });

  test("every new parameter is an ext-param of the draft's grammar, so a peer without the extension ignores it", () => {
    const line = formatProbe({
      kind: "pong",
      versions: ["v1"],
      frontends: ["x-evolved", "code"],
      dialects: [EVOLVED],
      want: [OTHER],
      tokenizer: "qwen2.5",
      order: "cost",
      prefer: "x-evolved",
    });
    const extParam = /^[a-z][a-z0-9_-]{0,31}=[\x21-\x7e]*$/;
    const [, ...params] = line.split(" ");
    for (const param of params.filter((p) => /^(dialects|want|tokenizer|order)=/.test(p))) assert.match(param, extParam);
    assert.ok(line.length <= 1024);
    // Four offers and sixteen frontends still fit one line.
    const names = ["x-a", "x-b", "x-c", "x-d"];
    const full = formatProbe({
      kind: "ping",
      versions: ["v1"],
      frontends: [...names.map((n) => `${n}${"z".repeat(29)}`), ...Array.from({ length: 12 }, (_, i) => `f${i}`)],
      dialects: names.map((n) => `${n}${"z".repeat(29)}@sha256:${H1}`),
      tokenizer: "gpt-4o",
      order: "cost",
    });
    assert.ok(full.length <= 1024, `${full.length}`);
  });

  const bad: [string, string, string, number, RegExp][] = [
    [
      "a hash of 63 digits",
      `//ping silp=v1 frontends=x-e dialects=x-e@sha256:${"a".repeat(63)}`,
      "invalid_syntax",
      38 + 11 + 63,
      /64 lowercase hex digits; found end of line after 63/,
    ],
    ["an upper-case hash digit", `//ping silp=v1 frontends=x-e dialects=x-e@sha256:A${"a".repeat(63)}`, "invalid_syntax", 38 + 11, /found "A" after 0/],
    [
      "a dialect name without x-",
      `//ping silp=v1 frontends=code dialects=code@sha256:${H1}`,
      "invalid_syntax",
      39,
      /expected a dialect name \(x- and a name\)/,
    ],
    ["another hash algorithm", `//ping silp=v1 frontends=x-e dialects=x-e@md5:${H1}`, "invalid_syntax", 41, /expected "@sha256:"/],
    ["an offer missing from frontends", `//ping silp=v1 frontends=code dialects=${EVOLVED}`, "invalid_syntax", 39, /x-evolved is not in frontends/],
    [
      "one name with two hashes",
      `//ping silp=v1 frontends=x-evolved dialects=${EVOLVED},${EVOLVED_OTHER}`,
      "invalid_syntax",
      44 + EVOLVED.length + 1,
      /names the dialect x-evolved twice/,
    ],
    ["want in a ping", `//ping silp=v1 frontends=code want=${EVOLVED}`, "invalid_syntax", 30, /want= belongs to \/\/pong/],
    ["want for a name the pong lists", `//pong silp=v1 frontends=x-evolved,code want=${EVOLVED}`, "invalid_syntax", 45, /which this pong lists/],
    ["an unknown order", "//pong silp=v1 frontends=code order=cheapest", "invalid_syntax", 36, /order= is listed or cost/],
    ["a longer word starting with cost", "//pong silp=v1 frontends=code order=costly", "invalid_syntax", 36, /order= is listed or cost/],
    ["a tokenizer of 33 characters", `//pong silp=v1 frontends=code tokenizer=${"g".repeat(33)}`, "invalid_syntax", 40 + 32, /at most 32 characters/],
    ["a tokenizer starting with a dot", "//pong silp=v1 frontends=code tokenizer=.x", "invalid_syntax", 40, /expected a tokenizer family/],
  ];
  for (const [what, line, code, offset, message] of bad) {
    test(`refused: ${what}, at its position`, () => fails(() => parseProbeLine(line), code, { offset }, message));
  }

  test("a fifth offer is limit_exceeded at that offer", () => {
    const refs = ["x-a", "x-b", "x-c", "x-d", "x-e"].map((n) => `${n}@sha256:${H1}`);
    const line = `//ping silp=v1 frontends=x-a,x-b,x-c,x-d,x-e dialects=${refs.join(",")}`;
    fails(() => parseProbeLine(line), "limit_exceeded", { offset: line.lastIndexOf("x-e@") }, /at most 4 entries/);
  });

  test("specs never go in a line, and a probe too long for a line says to use the JSON form", () => {
    fails(
      () => formatProbe({ kind: "ping", versions: ["v1"], frontends: ["x-evolved"], dialects: [EVOLVED], specs: [{}] }),
      "invalid_syntax",
      { path: "/specs" },
      /JSON form/,
    );
    // Every list at its longest: 16 versions of 9 digits, 16 frontends of 32 characters, 4 offers.
    const versions = Array.from({ length: 16 }, (_, i) => `v${100000000 + i}`);
    const dialects = Array.from({ length: 4 }, (_, i) => `x-${i}${"d".repeat(29)}`);
    const frontends = [...dialects, ...Array.from({ length: 12 }, (_, i) => `f${i}${"x".repeat(29)}`)];
    const refs = dialects.map((name) => `${name}@sha256:${H1}`);
    fails(
      () => formatProbe({ kind: "ping", versions, frontends, dialects: refs, tokenizer: "t".repeat(32) }),
      "limit_exceeded",
      {},
      /send it in the JSON form/,
    );
    assert.deepEqual(parseProbeJson(probeToJson({ kind: "ping", versions, frontends, dialects: refs })).dialects, refs);
  });
});

describe("the bounds, exactly", () => {
  test("every hex digit 0-9 a-f is a hash digit; g and A are not, each refused where it stands", () => {
    const line = (hash: string) => `//ping silp=v1 frontends=x-e dialects=x-e@sha256:${hash}`;
    assert.deepEqual(parseProbeLine(line("0123456789abcdef".repeat(4))).dialects, [`x-e@sha256:${"0123456789abcdef".repeat(4)}`]);
    fails(() => parseProbeLine(line(`${"f".repeat(10)}g${"f".repeat(53)}`)), "invalid_syntax", { offset: 49 + 10 }, /found "g" after 10/);
    fails(() => parseProbeLine(line(`${"0".repeat(5)}A${"0".repeat(58)}`)), "invalid_syntax", { offset: 49 + 5 }, /found "A" after 5/);
    fails(() => parseProbeLine(line(`${"9".repeat(7)}/${"0".repeat(56)}`)), "invalid_syntax", { offset: 49 + 7 }, /found "\/" after 7/);
    fails(() => parseProbeLine(line(`${"a".repeat(3)}\`${"0".repeat(60)}`)), "invalid_syntax", { offset: 49 + 3 }, /after 3/);
  });

  test("a caller's pong object with specs is refused at /specs (its JSON form calls the member dialect_specs)", () => {
    fails(
      () => formatProbe({ kind: "pong", versions: ["v1"], frontends: ["code"], specs: [{}] } as never),
      "invalid_syntax",
      { path: "/specs" },
      /a pong carries no specs member/,
    );
  });

  test("4 specs are taken, 0 and 5 are not", () => {
    const specs = (n: number) => ({ silp_ping: { silp: ["v1"], frontends: ["code"], dialect_specs: Array.from({ length: n }, () => ({})) } });
    assert.equal((parseProbeJson(specs(4)) as Ping).specs?.length, 4);
    fails(() => parseProbeJson(specs(0)), "invalid_syntax", { path: "/silp_ping/dialect_specs" }, /must not be empty/);
    fails(() => parseProbeJson(specs(5)), "limit_exceeded", { path: "/silp_ping/dialect_specs" }, /5 entries; at most 4/);
  });

  test("a line of exactly 1,024 characters is printed; one of 1,025 is refused, with its length", () => {
    // Every list near its longest; the tokenizer's length then sets the line's length exactly.
    const versions = Array.from({ length: 16 }, (_, i) => `v${100000000 + i}`);
    const dialects = Array.from({ length: 4 }, (_, i) => `x-${i}${"d".repeat(29)}`);
    const frontends = [...dialects, ...Array.from({ length: 12 }, (_, i) => `f${String(i).padStart(2, "0")}`.padEnd(20, "z"))];
    const ping = (tokenizer: string): Ping => ({ kind: "ping", versions, frontends, dialects: dialects.map((name) => `${name}@sha256:${H1}`), tokenizer });
    const withOne = formatProbe(ping("t")).length;
    const exact = "t".repeat(1 + 1024 - withOne);
    assert.ok(exact.length >= 1 && exact.length < 32, `the fixture needs a tokenizer of ${exact.length} characters`);
    assert.equal(formatProbe(ping(exact)).length, 1024);
    assert.equal(parseProbeLine(formatProbe(ping(exact))).tokenizer, exact);
    assert.throws(
      () => formatProbe(ping(`${exact}t`)),
      (error: unknown) => error instanceof SilpError && error.code === "limit_exceeded" && error.details?.length === 1025,
    );
  });

  test("a value that is not a string is never a reference or a tokenizer, even one that reads as one", () => {
    fails(() => parseProbeJson({ silp_ping: { silp: ["v1"], frontends: ["code"], tokenizer: 5 } }), "invalid_syntax", { path: "/silp_ping/tokenizer" });
    const ref = { toString: () => EVOLVED };
    fails(() => parseProbeJson({ silp_ping: { silp: ["v1"], frontends: ["x-evolved"], dialects: [ref] } }), "invalid_syntax", {
      path: "/silp_ping/dialects/0",
    });
  });
});

describe("the JSON form", () => {
  test("a ping with a spec and a pong with want round-trip through probeToJson", () => {
    const spec = { silp_dialect: 1, name: "x-evolved", genes: {} };
    const ping: Ping = { kind: "ping", versions: ["v1"], frontends: ["x-evolved", "code"], dialects: [EVOLVED], tokenizer: "claude", specs: [spec] };
    const json = probeToJson(ping);
    assert.deepEqual(json, { silp_ping: { silp: ["v1"], frontends: ["x-evolved", "code"], dialects: [EVOLVED], tokenizer: "claude", dialect_specs: [spec] } });
    assert.deepEqual(parseProbeJson(JSON.parse(JSON.stringify(json))), ping);
    const pong: Pong = { kind: "pong", versions: ["v1"], frontends: ["code"], want: [EVOLVED], order: "cost", prefer: "code" };
    assert.deepEqual(parseProbeJson(JSON.parse(JSON.stringify(probeToJson(pong)))), pong);
  });

  const bad: [string, unknown, string, string][] = [
    ["dialects not a list", { silp_ping: { silp: ["v1"], frontends: ["code"], dialects: EVOLVED } }, "invalid_syntax", "/silp_ping/dialects"],
    [
      "a bad reference",
      { silp_ping: { silp: ["v1"], frontends: ["x-evolved"], dialects: ["x-evolved@sha256:xyz"] } },
      "invalid_syntax",
      "/silp_ping/dialects/0",
    ],
    [
      "thousands of offers",
      { silp_ping: { silp: ["v1"], frontends: ["code"], dialects: Array.from({ length: 5000 }, (_, i) => `x-d${i}@sha256:${H1}`) } },
      "limit_exceeded",
      "/silp_ping/dialects",
    ],
    ["five specs", { silp_ping: { silp: ["v1"], frontends: ["code"], dialect_specs: [{}, {}, {}, {}, {}] } }, "limit_exceeded", "/silp_ping/dialect_specs"],
    ["specs in a pong", { silp_pong: { silp: ["v1"], frontends: ["code"], dialect_specs: [{}] } }, "invalid_syntax", "/silp_pong/dialect_specs"],
    ["specs not a list", { silp_ping: { silp: ["v1"], frontends: ["code"], dialect_specs: {} } }, "invalid_syntax", "/silp_ping/dialect_specs"],
    ["want in a ping", { silp_ping: { silp: ["v1"], frontends: ["code"], want: [EVOLVED] } }, "invalid_syntax", "/silp_ping/want"],
    ["an offer missing from frontends", { silp_ping: { silp: ["v1"], frontends: ["code"], dialects: [EVOLVED] } }, "invalid_syntax", "/silp_ping/dialects/0"],
    ["a tokenizer with a space", { silp_pong: { silp: ["v1"], frontends: ["code"], tokenizer: "gpt 4o" } }, "invalid_syntax", "/silp_pong/tokenizer"],
    ["an order that is no word of the two", { silp_pong: { silp: ["v1"], frontends: ["code"], order: "fastest" } }, "invalid_syntax", "/silp_pong/order"],
  ];
  for (const [what, value, code, path] of bad) {
    test(`refused: ${what}, at its pointer`, () => fails(() => parseProbeJson(value), code, { path }));
  }
});

const side = (frontends: string[], extra: Partial<Capabilities> = {}): Capabilities => ({ versions: ["v1"], frontends, ...extra });

describe("the agreement by content", () => {
  test("the same name and hash on both sides is mutual, with its reference", () => {
    const agreement = agree(side(["x-evolved", "code"], { dialects: [EVOLVED] }), side(["x-evolved", "code"], { dialects: [EVOLVED] }));
    assert.equal(agreement.frontend, "x-evolved");
    assert.deepEqual(agreement.dialects, { "x-evolved": EVOLVED });
    assert.deepEqual(agreement.unverified, []);
  });

  test("the same name with another hash is not mutual, and the agreement says why", () => {
    const agreement = agree(side(["x-evolved", "code"], { dialects: [EVOLVED] }), side(["x-evolved", "code"], { dialects: [EVOLVED_OTHER] }));
    assert.equal(agreement.frontend, "code");
    assert.deepEqual(agreement.mutual, ["code"]);
    assert.equal(agreement.skipped[0]?.frontend, "x-evolved");
    assert.match(agreement.skipped[0]?.reason ?? "", /another content hash/);
  });

  test("a peer without the extension names a dialect without a hash: matched by name, as today, and reported unverified", () => {
    const agreement = agree(side(["x-evolved", "code"], { dialects: [EVOLVED] }), side(["x-evolved", "code"]));
    assert.equal(agreement.frontend, "x-evolved");
    assert.deepEqual(agreement.unverified, ["x-evolved"]);
    assert.deepEqual(agreement.dialects, {});
  });

  test("the receiver asks only for offers it lacks and would take; a name it holds under another hash is never asked for", () => {
    const ping = createPing(side(["x-evolved", "x-terse", "code"], { dialects: [EVOLVED, OTHER] }));
    const none = answerPing(ping, side(["code", "json"]));
    assert.equal(none.pong.want, undefined, "by default a receiver asks for nothing");
    const asked: string[] = [];
    const any = answerPing(ping, side(["code", "json"]), {
      want: (ref) => {
        asked.push(ref);
        return true;
      },
    });
    assert.deepEqual(any.pong.want, [EVOLVED, OTHER]);
    assert.deepEqual(asked, [EVOLVED, OTHER]);
    assert.equal(any.pong.prefer, "code");
    const holdsOther = answerPing(ping, side(["x-evolved", "code"], { dialects: [EVOLVED_OTHER] }), { want: () => true });
    assert.deepEqual(holdsOther.pong.want, [OTHER]);
    assert.equal(holdsOther.pong.prefer, "code");
    assert.deepEqual(acceptPong(ping, holdsOther.pong).mutual, ["code"]);
  });

  test("a pong from a receiver that holds the offer: both sides compute the same dialect", () => {
    const ping = createPing(side(["x-evolved", "code"], { dialects: [EVOLVED] }));
    const answer = answerPing(ping, side(["x-evolved", "code", "json"], { dialects: [EVOLVED], tokenizer: "gpt-4o", order: "cost" }));
    assert.equal(formatProbe(answer.pong), `//pong silp=v1 frontends=x-evolved,code,json dialects=${EVOLVED} tokenizer=gpt-4o order=cost prefer=x-evolved`);
    assert.deepEqual(acceptPong(ping, answer.pong), answer.agreement);
  });
});

describe("the choice by the reader's tokenizer", () => {
  // Costs written here as the test's own table (numbers of the kind docs/dialect-negotiation.md reports).
  const table: Record<string, Record<string, number>> = {
    "gpt-4o": { [EVOLVED]: 16.7, code: 23.33, json: 50.41, natural: 19.59, [OTHER]: 16.9 },
    "llama-2": { [EVOLVED]: 20.41, code: 29.41, json: 60.11, natural: 23.19, [OTHER]: 20.2 },
    claude: { code: 26.15, json: 26.15 },
  };
  const costOf = (frontend: string, ref: string | undefined, tokenizer: string) => table[tokenizer]?.[ref ?? frontend];
  const lossless = (frontend: string) => frontend !== "natural";
  const both = side(["x-evolved", "x-terse", "natural", "code", "json"], { dialects: [EVOLVED, OTHER] });
  const agreement = agree(both, both);

  test("order=listed (the default) keeps the receiver's first mutual frontend", () => {
    const choice = chooseFrontend(agreement, { tokenizer: "llama-2" }, costOf, { lossless });
    assert.equal(choice.by, "receiver-order");
    assert.equal(choice.agreement.frontend, "x-evolved");
    assert.deepEqual(choice.costs, []);
  });

  test("order=cost: gpt-4o and llama-2 readers are sent different dialects, each the cheapest for its tokenizer", () => {
    const gpt = chooseFrontend(agreement, { tokenizer: "gpt-4o", order: "cost" }, costOf, { lossless });
    assert.equal(gpt.agreement.frontend, "x-evolved");
    assert.deepEqual(
      gpt.costs.map((c) => c.frontend),
      ["x-evolved", "x-terse", "code", "json"],
      "natural is lossy: never a candidate",
    );
    const llama = chooseFrontend(agreement, { tokenizer: "llama-2", order: "cost" }, costOf, { lossless });
    assert.equal(llama.agreement.frontend, "x-terse");
    assert.deepEqual(llama.agreement.mutual, ["x-terse", "x-evolved", "natural", "code", "json"]);
    assert.match(llama.reason, /x-terse 20.2 tokens \(x-evolved costs 20.41\)/);
  });

  test("a tie keeps the receiver's order; an unknown tokenizer or no measured candidate leaves the order to the receiver", () => {
    const receiver = side(["json", "code"]);
    const tie = chooseFrontend(agree(receiver, receiver), { tokenizer: "claude", order: "cost" }, costOf);
    assert.deepEqual([tie.by, tie.agreement.frontend], ["cost", "json"]);
    assert.equal(chooseFrontend(agreement, { tokenizer: "unknown", order: "cost" }, costOf, { lossless }).by, "receiver-order");
    assert.equal(chooseFrontend(agreement, { order: "cost" }, costOf, { lossless }).by, "receiver-order");
    assert.equal(chooseFrontend(agreement, { tokenizer: "gemini", order: "cost" }, costOf, { lossless }).by, "receiver-order");
  });

  test("a dialect is priced by its reference, never by its name alone", () => {
    const byName = (frontend: string, _ref: string | undefined, tokenizer: string) => (frontend === "x-evolved" ? 1 : table[tokenizer]?.[frontend]);
    const hashed = agree(side(["x-evolved", "code"], { dialects: [EVOLVED] }), side(["x-evolved", "code"], { dialects: [EVOLVED] }));
    const seen: (string | undefined)[] = [];
    chooseFrontend(
      hashed,
      { tokenizer: "gpt-4o", order: "cost" },
      (f, ref, t) => {
        seen.push(ref);
        return byName(f, ref, t);
      },
      { lossless },
    );
    assert.deepEqual(seen, [EVOLVED, undefined]);
  });

  test("a frontend named like an Object.prototype member is not priced by the prototype", () => {
    const named = side(["constructor", "code"]);
    const choice = chooseFrontend(agree(named, named), { tokenizer: "gpt-4o", order: "cost" }, costOf, { lossless: () => true });
    assert.equal(choice.agreement.frontend, "code");
  });

  test("by default only what this side's registry calls lossless is a candidate", () => {
    const plain = side(["natural", "code", "json"]);
    const choice = chooseFrontend(agree(plain, plain), { tokenizer: "gpt-4o", order: "cost" }, costOf);
    assert.deepEqual(
      choice.costs.map((c) => c.frontend),
      ["code", "json"],
    );
  });
});
