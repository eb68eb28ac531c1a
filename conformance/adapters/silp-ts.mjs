#!/usr/bin/env node
/**
 * The conformance adapter of this repository's TypeScript implementation (docs/conformance.md):
 * reads one request a line, answers one line, using the BUILT packages (`npx tsc -b
 * tsconfig.build.json` first), exactly as an application would import them.
 * Offsets go out in code points, as the protocol says; ours are UTF-16 units inside.
 *
 * `answer(request)` is exported: the codec's own tests drive the suite through it in process
 * (packages/cli/test/conformance-in-process.test.ts), so the suite's cases are the one fixture
 * set of decode, compile and validate. Run as a program, it answers stdin line by line.
 */
import { realpathSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { compile, decode, fromEnvelope, isSilpError, validate } from "silp";
import { agree, chooseFrontend, parseProbeJson, parseProbeLine } from "silp/negotiation";
import { DialectHoldings, dialectRef, parseDialectSpec } from "@silp/dialects";
import { sanitizePayload } from "silp/sanitizer";
import { verifyLockText } from "@silp/lock";

/** UTF-16 offset in `text` -> code point offset. */
function codePointOffset(text, utf16) {
  if (typeof text !== "string" || utf16 === undefined) return utf16;
  return [...text.slice(0, utf16)].length;
}

function codecOptions(options) {
  const { strict, ...rest } = options ?? {};
  return { strict: strict === true, ...rest };
}

const operations = {
  decode: ({ input, frontend, options }) => {
    const result = decode(input, frontend, codecOptions(options));
    return { ir: result.ir, repairs: result.repairs.map((r) => ({ kind: r.kind, offset: codePointOffset(input, r.offset) })) };
  },
  compile: ({ input, frontend, options }) => compile(input, frontend, codecOptions(options)),
  validate: ({ input, options }) => {
    const result = validate(input, codecOptions(options));
    return { valid: result.ok, issues: result.issues.map((i) => ({ rule: i.rule, severity: i.severity })) };
  },
  sanitize: ({ input, options }) => {
    const result = sanitizePayload(input, { invisible: options.invisible ?? "strip" });
    return { text: result.text, hits: result.report.hits.map((h) => ({ kind: h.kind, offset: codePointOffset(input, h.offset), action: h.action })) };
  },
  probe: ({ input, frontend }) => {
    const probe = frontend === "json" ? parseProbeJson(input) : parseProbeLine(input);
    const out = { kind: probe.kind, silp: probe.versions, frontends: probe.frontends };
    for (const field of ["dialects", "want", "tokenizer", "order", "prefer"]) if (probe[field] !== undefined) out[field] = probe[field];
    if (probe.specs !== undefined) out.dialect_specs = probe.specs;
    return out;
  },
  negotiate: ({ input }) => {
    const side = (s) => ({ versions: s.silp, frontends: s.frontends, ...(s.dialects ? { dialects: s.dialects } : {}) });
    const agreement = agree(side(input.sender), side(input.receiver));
    const out = { silp: agreement.version, frontend: agreement.frontend, mutual: agreement.mutual };
    if (Object.keys(agreement.dialects).length > 0) out.dialects = agreement.dialects;
    if (agreement.unverified.length > 0) out.unverified = agreement.unverified;
    if (input.costs !== undefined) {
      const costOf = (frontend, ref, tokenizer) => input.costs[tokenizer]?.[ref ?? frontend];
      const lossless = (frontend) => (input.lossless ?? []).includes(frontend);
      const choice = chooseFrontend(agreement, input.receiver, costOf, { lossless });
      out.chosen = { frontend: choice.agreement.frontend, by: choice.by };
    }
    return out;
  },
  dialect: ({ input, frontend }) => {
    if (frontend === "ref") return { ref: dialectRef(parseDialectSpec(input)) };
    const name = input.offer.slice(0, input.offer.indexOf("@"));
    const ping = { kind: "ping", versions: ["v1"], frontends: [name, "code"], dialects: [input.offer], specs: [input.spec] };
    const answer = new DialectHoldings({ accept: input.accept ?? "none" }).answer(ping, { versions: ["v1"], frontends: ["code"] });
    if (answer.received.length > 0) return { taken: answer.received[0] };
    const error = answer.refused[0];
    return { refused: { code: error.code, ...(error.details?.reason !== undefined ? { reason: error.details.reason } : {}) } };
  },
  envelope: ({ input, options }) => {
    const result = fromEnvelope(input, codecOptions(options));
    return { ir: result.ir, repairs: result.repairs.map((r) => ({ kind: r.kind })) };
  },
  lock_verify: ({ input, options }) => {
    const report = verifyLockText(input, options.anchor !== undefined ? { anchor: options.anchor } : {});
    return { ok: report.ok, problems: report.problems.map((p) => ({ kind: p.kind })) };
  },
};

export function answer(request) {
  const run = operations[request.operation];
  if (!run) return { id: request.id, unsupported: true, reason: `no operation ${request.operation}` };
  try {
    return { id: request.id, ok: true, output: run(request) };
  } catch (error) {
    if (!isSilpError(error)) throw error;
    const offset = codePointOffset(typeof request.input === "string" ? request.input : undefined, error.offset);
    return { id: request.id, ok: false, error: { code: error.code, ...(offset !== undefined ? { offset } : {}) } };
  }
}

/** Run as a program (`node silp-ts.mjs`), not imported. */
function isMain() {
  return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.trim() === "") continue;
    const request = JSON.parse(line);
    process.stdout.write(`${JSON.stringify(answer(request))}\n`);
  }
}
