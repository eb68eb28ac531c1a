/**
 * Hostile dialect offers: `npm run bench:dialect-offers [-- --json] [--runs 7]`. Each input is
 * what a peer can send (docs/dialect-negotiation.md, section 7): the time the receiver spends
 * refusing it (parse of the probe plus DialectHoldings.answer, CPU time, median of --runs) is put
 * next to JSON.parse of the same bytes in the same run, which the carrier pays anyway, as a
 * ratio. Then 10,000 pings, each offering and sending a new dialect, to a receiver that takes
 * any: what it holds stays at its bound, and the heap after them is reported. Numbers are for this
 * machine and this run.
 */
import { DialectHoldings, EVOLVED_DIALECT, dialectRef, parseDialectSpec } from "@silp/dialects";
import { type Capabilities, type Ping, parseProbeJson, parseProbeLine } from "silp/negotiation";
import { median } from "simple-statistics";
import { cpuMs } from "@silp/testkit/cpu-time.js";

const args = process.argv.slice(2);
const at = args.indexOf("--runs");
const runs = at >= 0 ? Number(args[at + 1]) : 7;
const asJson = args.includes("--json");
const BASE: Capabilities = { versions: ["v1"], frontends: ["code", "json"] };
const REF = dialectRef(EVOLVED_DIALECT);
const SPEC = JSON.parse(JSON.stringify(EVOLVED_DIALECT)) as Record<string, unknown>;

/** A JSON ping offering x-evolved and carrying `spec`, as the bytes a carrier receives. */
function jsonPing(spec: unknown, offer = REF): string {
  return JSON.stringify({ silp_ping: { silp: ["v1"], frontends: [offer.split("@")[0], "code"], dialects: [offer], dialect_specs: [spec] } });
}

const names = Array.from({ length: 32 }, (_, i) => `argument_name_${i}`);
const verbs = Array.from({ length: 512 }, (_, i) => `!V${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
const INPUTS: { name: string; text: string; form: "json" | "line" }[] = [
  {
    name: "a 512-verb x 32-name spec (limit_exceeded)",
    form: "json",
    text: jsonPing({ ...SPEC, argument_order: Object.fromEntries(verbs.map((verb) => [verb, names])) }),
  },
  {
    name: "a spec whose hash is not the offer's (dialect_refused)",
    form: "json",
    text: jsonPing({ ...SPEC, genes: { ...EVOLVED_DIALECT.genes, negation: "no" } }),
  },
  { name: "a spec with a 1 MB name (dialect_refused invalid)", form: "json", text: jsonPing({ ...SPEC, name: `x-${"a".repeat(1_000_000)}` }) },
  {
    name: "5,000 offers in a JSON ping (limit_exceeded)",
    form: "json",
    text: JSON.stringify({
      silp_ping: { silp: ["v1"], frontends: ["code"], dialects: Array.from({ length: 5000 }, (_, i) => `x-d${i}@sha256:${"a".repeat(64)}`) },
    }),
  },
  {
    name: "5,000 offers in a line (limit_exceeded)",
    form: "line",
    text: `//ping silp=v1 frontends=code dialects=${Array.from({ length: 5000 }, (_, i) => `x-d${i}@sha256:${"a".repeat(64)}`).join(",")}`,
  },
];

/** What the receiver does with the bytes: read the probe, answer it (refusals are part of the answer). */
function receive(text: string, form: "json" | "line", holdings: DialectHoldings): string {
  try {
    const ping = (form === "json" ? parseProbeJson(JSON.parse(text)) : parseProbeLine(text)) as Ping;
    const answer = holdings.answer(ping, BASE);
    return answer.refused.map((error) => `${error.code}${error.details?.reason ? ` ${String(error.details.reason)}` : ""}`).join(", ") || "taken";
  } catch (error) {
    return `${(error as { code?: string }).code ?? "thrown"} at the probe`;
  }
}

// Warm-up, so the JIT has compiled every path before any timing.
for (const input of INPUTS) for (let i = 0; i < 3; i++) receive(input.text, input.form, new DialectHoldings({ accept: "any" }));

const rows = INPUTS.map((input) => {
  let outcome = "";
  const refuse = median(Array.from({ length: runs }, () => cpuMs(() => (outcome = receive(input.text, input.form, new DialectHoldings({ accept: "any" }))))));
  const parse = median(Array.from({ length: runs }, () => cpuMs(() => JSON.parse(input.form === "json" ? input.text : JSON.stringify(input.text)))));
  return { input: input.name, bytes: input.text.length, outcome, refuseMs: refuse, jsonParseMs: parse, ratio: refuse / parse };
});

// 10,000 pings, each a new dialect with its spec, to one receiver that takes any.
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const receiver = new DialectHoldings({ accept: "any" });
const outcomes = new Map<string, number>();
const floodMs = cpuMs(() => {
  for (let i = 0; i < 10_000; i++) {
    const spec = parseDialectSpec({ ...SPEC, name: `x-flood${i}` });
    const outcome = receive(jsonPing(JSON.parse(JSON.stringify(spec)), dialectRef(spec)), "json", receiver);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
});
globalThis.gc?.();
const flood = {
  pings: 10_000,
  held: receiver.refs.length,
  outcomes: Object.fromEntries(outcomes),
  ms: floodMs,
  heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / 1e6,
};

if (asJson) {
  console.log(JSON.stringify({ runs, rows, flood }, null, 2));
} else {
  console.log(`hostile dialect offers: receiver's CPU time to refuse, next to JSON.parse of the same bytes (median of ${runs})`);
  for (const row of rows) {
    console.log(
      `  ${row.input.padEnd(56)} ${String(row.bytes).padStart(9)} B  refuse ${row.refuseMs.toFixed(2).padStart(7)} ms  JSON.parse ${row.jsonParseMs.toFixed(2).padStart(7)} ms  ${row.ratio.toFixed(2)}x  -> ${row.outcome}`,
    );
  }
  console.log(
    `  10,000 pings, each sending a new dialect: ${flood.ms.toFixed(0)} ms, ${flood.held} held (the bound), outcomes ${JSON.stringify(flood.outcomes)}, heap +${flood.heapGrowthMb.toFixed(1)} MB${globalThis.gc ? "" : " (run node with --expose-gc for a settled heap)"}`,
  );
}
