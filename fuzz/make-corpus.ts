/**
 * Writes the seed corpus (fuzz/corpus/<target>/seed-*.txt) from our own payloads: the draft's
 * Appendix A IRs and a few hand-made IRs compiled by this library, some lenient-only spellings,
 * probes, envelopes, and compile lock files written by @silp/lock.
 * `node --import tsx fuzz/make-corpus.ts`. Regression inputs (other names) are never touched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompileLock } from "@silp/lock";
import { compile, type SilpIRInput, toEnvelope } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { formatProbe, type Probe, probeToJson } from "silp/negotiation";
import { CORPUS_ROOT } from "./engine.js";

const OFF = { whitelist: "off" } as const;

const EXTRA_IRS: SilpIRInput[] = [
  {
    intent: "!CANCEL",
    entities: [
      { id: "act", value: "Li, Wei" },
      { id: "act", value: "p\u0430ypal" },
    ],
    meta: { req_id: "0000abcd" },
  },
  { intent: "!START", entities: [{ id: "act", value: "a", k: { j: [1, 2, { x: null }] } }], meta: { req_id: "a1b2c3d4", note: "x" } },
  {
    intent: "!BOOK",
    entities: [
      { id: "act", value: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645" },
      { id: "notify", value: "zhangsan", action: "!EMAIL" },
    ],
    constraints: [
      { type: "price", operator: "<=", value: "500" },
      { type: "loc", subject: "me", value: "Beijing", time: "t+1am" },
      { type: "!rain", value: "heavy", time: "t+1" },
    ],
    alternatives: [{ action: "!START", target: "cards", location: "indoor", prio: "high" }],
    meta: { req_id: "12345678" },
  },
  {
    intent: "!START",
    entities: [
      { id: "act", value: "if" },
      { id: "act", value: "" },
      { id: "act", value: "\u200b\u202e\ud83d\ude00" },
    ],
    meta: { req_id: "beef" },
  },
];

const IRS: SilpIRInput[] = [...APPENDIX_EXAMPLES.map((example) => example.ir), ...EXTRA_IRS];

function write(target: string, files: string[]): void {
  const dir = join(CORPUS_ROOT, target);
  mkdirSync(dir, { recursive: true });
  for (const [i, text] of files.entries()) writeFileSync(join(dir, `seed-${String(i).padStart(2, "0")}.txt`), text);
}

function compiled(frontend: "code" | "json"): string[] {
  const out: string[] = [];
  for (const ir of IRS) {
    out.push(compile(ir, frontend, OFF));
    out.push(compile(ir, frontend, { ...OFF, inlineMeta: true }));
  }
  return out;
}

/**
 * The inputs of the conformance suite's decode cases for `frontend` (conformance/cases): the
 * replies written to pin a behaviour (a payload taken back and another written after it, prose
 * around a payload, every lenient repair) are where mutations find the paths the IRs' own
 * payloads never reach.
 */
function conformanceInputs(frontend: "code" | "json"): string[] {
  const file = new URL(`../conformance/cases/decode-${frontend}.json`, import.meta.url);
  const { cases } = JSON.parse(readFileSync(file, "utf8")) as { cases: { frontend: string; input: string }[] };
  return cases.filter((testCase) => testCase.frontend === frontend).map((testCase) => testCase.input);
}

write("code-decode", [
  ...compiled("code"),
  ...conformanceInputs("code"),
  "```silp\ncancel(flight); email(notify=zhangsan)\n```",
  "if a>b then f(x)",
  "if !rain(t+1): start(hike) else start(cards@indoor)",
  "start(a, b,  c)",
  "cancel(a); email(b); cancel(c)",
  'start(a[k=`[1,{"x":[2]}]`])',
  'start("\\ud83d\\ude00\\u0041")',
  "s\u0430ncel(x)",
]);

write("json-decode", [
  ...compiled("json"),
  ...conformanceInputs("json"),
  '```json\n{"intent":"!START","act":4.0}\n```',
  '{"intent":"!START","act":true,"ACTION_EMAIL":"x"}',
  '{"intent":"!START","entities":[{"id":"0","value":"v","__proto__":{"a":1}}]}',
  '{"intent":"!START","act":"x","act":"y"}',
]);

write("envelope", [
  ...IRS.flatMap((ir) => (["code", "json"] as const).map((frontend) => JSON.stringify(toEnvelope(ir, frontend, OFF)))),
  '{"silp_encoding":"code","silp_payload":"start(x)"}',
  '{"silp":"v2","silp_encoding":"code","silp_payload":"start(x)","silp_meta":{}}',
  '{"silp_encoding":"natural","silp_payload":"start hiking","silp_meta":{"req_id":"a1b2"}}',
]);

const probes: Probe[] = [
  { kind: "ping", versions: ["v1"], frontends: ["code", "json", "natural"] },
  { kind: "pong", versions: ["v1"], frontends: ["json"], prefer: "json" },
  { kind: "pong", versions: ["v1", "v2"], frontends: ["code", "natural"] },
];
write("probe", [
  ...probes.map((probe) => formatProbe(probe)),
  ...probes.map((probe) => JSON.stringify(probeToJson(probe))),
  "//ping silp=v1 frontends=code,json x=y",
  "hello\n  //pong silp=v1 frontends=json prefer=json\r\nbye",
  '{"silp_ping":{"silp":["v1"],"frontends":["code"],"extra":[1]}}',
]);

const dir = mkdtempSync(join(tmpdir(), "silp-fuzz-corpus-"));
try {
  const locks: string[] = [];
  for (const [i, count] of [1, 2, 4].entries()) {
    const path = join(dir, `lock-${i}`);
    const lock = new CompileLock({ path });
    for (const ir of IRS.slice(0, count)) await lock.seal(ir, "code", OFF);
    if (count > 1) await lock.unlock(IRS[0], "code", { ...OFF, reason: "fuzz seed" });
    locks.push(readFileSync(path, "utf8"));
  }
  const longest = locks[locks.length - 1] ?? "";
  const lines = longest.split("\n");
  write("lock", [
    ...locks,
    lines.filter((_, i) => i !== 1).join("\n"), // a record missing from the chain
    lines.slice().reverse().join("\n"), // records out of order
    longest.replace('"seq":1', '"seq":7'), // a changed field
    longest.replaceAll("\n", "\r\n"),
    longest.slice(0, Math.floor(longest.length / 2)), // cut inside a record
    `${lines[0]}\n${lines[0]}\n`, // a record twice
    "",
    "\n",
    "{}\n",
    '{"kind":"seal","seq":0}\n',
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
