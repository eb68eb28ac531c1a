/**
 * The spec's own attack probes (spec 8.1: 4 zero-width characters x 5 probe verbs, Latin-to-
 * Cyrillic homoglyphs on 2 probe verbs), read from the study corpus at test time.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "@silp/testkit/corpus.js";
import { createSanitizerHooks, sanitizePayload, scanPayload } from "silp/sanitizer";

interface Probe {
  test: string;
  verb: string;
  charCode: string;
  injected: string;
}

/** Decodes the Python repr the census wrote ('can\u200bcel'). */
function fromPythonRepr(repr: string): string {
  const body = repr.slice(1, -1);
  return body.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\\|')/g, (_, sequence: string) =>
    sequence === "\\" || sequence === "'" ? sequence : String.fromCharCode(parseInt(sequence.slice(1), 16)),
  );
}

function readProbes(): Probe[] {
  const lines = readFileSync(join(corpusDir(), "phase0", "probe_zerowidth.csv"), "utf8")
    .trim()
    .split(/\r?\n/);
  const header = (lines[0] ?? "").split(",");
  const column = (name: string): number => {
    const index = header.indexOf(name);
    assert.ok(index >= 0, `column ${name} in probe_zerowidth.csv`);
    return index;
  };
  const [testCol, verbCol, charCol, reprCol] = ["test", "verb", "char_code", "injected_string_repr"].map(column) as [number, number, number, number];
  assert.equal(reprCol, header.length - 1, "the repr is the last column");
  const unique = new Map<string, Probe>();
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    // The repr is last and may itself contain commas: rejoin everything from its column.
    const probe: Probe = {
      test: cells[testCol] ?? "",
      verb: cells[verbCol] ?? "",
      charCode: cells[charCol] ?? "",
      injected: fromPythonRepr(cells.slice(reprCol).join(",")),
    };
    unique.set(`${probe.test}|${probe.verb}|${probe.charCode}`, probe);
  }
  return [...unique.values()];
}

const probes = readProbes();
const zeroWidth = probes.filter((p) => p.test === "zerowidth_inject");
const homoglyph = probes.filter((p) => p.test === "homoglyph_substitution");

describe("spec 8.1 probes from phase0/probe_zerowidth.csv", () => {
  test("the corpus has 4 zero-width characters x 5 verbs and 2 homoglyph verbs", () => {
    assert.equal(zeroWidth.length, 20);
    assert.equal(new Set(zeroWidth.map((p) => p.verb)).size, 5);
    assert.deepEqual(new Set(zeroWidth.map((p) => p.charCode)), new Set(["ZWSP", "ZWNJ", "ZWJ", "BOM"]));
    assert.deepEqual(new Set(homoglyph.map((p) => p.verb)), new Set(["cancel", "start"]));
  });

  for (const probe of zeroWidth) {
    test(`${probe.charCode} in ${probe.verb} is stripped and reported`, () => {
      assert.notEqual(probe.injected, probe.verb);
      const payload = `if !rain(t+1): ${probe.injected}(hike)`;
      const result = sanitizePayload(payload);
      assert.equal(result.text, `if !rain(t+1): ${probe.verb}(hike)`);
      assert.equal(result.report.hits.length, 1);
      const hit = result.report.hits[0];
      assert.equal(hit?.kind, "zero_width");
      assert.equal(hit?.action, "stripped");
      assert.equal(payload.codePointAt(hit?.offset ?? -1), hit?.codePoint);
    });
  }

  for (const probe of homoglyph) {
    test(`homoglyph ${probe.charCode} in ${probe.verb} is folded in verb position and flagged in a raw scan`, () => {
      assert.notEqual(probe.injected, probe.verb);
      const payload = `${probe.injected}(order)`;
      const session = createSanitizerHooks(sanitizePayload(payload));
      assert.equal(session.hooks.structural(probe.injected, 0, "verb", false), probe.verb);
      assert.deepEqual(
        session.report().hits.map((h) => [h.kind, h.action, h.replacement]),
        [["homoglyph", "normalized", probe.verb]],
      );

      const scanned = scanPayload(payload);
      assert.deepEqual(
        scanned.report.hits.map((h) => [h.kind, h.replacement]),
        [["mixed_script", probe.verb]],
      );
    });
  }
});
