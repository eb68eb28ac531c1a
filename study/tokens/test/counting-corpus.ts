/**
 * The strings the identical-count test (identical-counts.test.ts) encodes on both sides:
 *
 * - census: the study's census strings, structural tokens, approved and excluded verbs, the 144
 *   probes' strings and every string of the phase0 CSV tables, each bare and in running text;
 * - payloads: the study's 27 cases compiled to every frontend the codec has without a model (the
 *   shipped dialect x-evolved included), with and without inline meta, the two baselines
 *   (compact JSON, TOON), and the reference implementation's compiled strings;
 * - generated: a seeded corpus of many thousand strings mixing scripts, digits, emoji,
 *   whitespace runs, long words, special-token text and Unicode edge cases.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseDialectSpec, registerDialect } from "@silp/dialects";
import { corpusDir } from "@silp/testkit/corpus.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { seededRandom } from "@silp/testkit/seeded-random.js";
import { APPROVED_VERBS, compile, EXCLUDED_VERBS, listFrontends } from "silp";
import { probeCases, STRUCTURAL_TOKENS, STUDY_CENSUS_STRINGS, payloadTexts } from "../src/index.js";
import { readPhase0 } from "./phase0-tables.js";

export function censusStrings(): string[] {
  const bare = [
    ...STUDY_CENSUS_STRINGS.map((entry) => entry.text),
    ...STRUCTURAL_TOKENS.map((entry) => entry.token),
    ...APPROVED_VERBS.flatMap((verb) => [verb.code, verb.functionName]),
    ...EXCLUDED_VERBS.flatMap((verb) => [verb.code, verb.code.slice(1).toLowerCase()]),
    ...probeCases().flatMap((probe) => [probe.verb, probe.injected]),
    ...readPhase0("tokenizer_census_verbs.csv").map((row) => row.string ?? ""),
    ...readPhase0("tokenizer_census_outputs.csv").map((row) => row.string ?? ""),
  ];
  const unique = [...new Set(bare)];
  return [...unique, ...unique.map((text) => `x ${text}`)];
}

export async function payloadStrings(): Promise<string[]> {
  registerDialect(parseDialectSpec(JSON.parse(readFileSync(join(REPO_ROOT, "dialects/x-evolved.json"), "utf8"))));
  const frontends = listFrontends().filter((frontend) => !frontend.async);
  const dir = join(corpusDir(), "cases");
  const texts: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const ir = JSON.parse(readFileSync(join(dir, file), "utf8"));
    for (const frontend of frontends) {
      for (const inlineMeta of [false, true]) texts.push(compile(ir, frontend.name, { whitelist: "off", inlineMeta }));
    }
    texts.push(...(await payloadTexts(ir)).map((payload) => payload.text));
  }
  for (const line of readFileSync(join(corpusDir(), "phase2", "compile.lock.jsonl"), "utf8")
    .trim()
    .split("\n")) {
    texts.push((JSON.parse(line) as { compiled: string }).compiled);
  }
  return [...new Set(texts)];
}

/** Pieces the generator strings together, by kind. */
const PIECES = {
  latin: ["the", "quick", "Brown", "FOX", "jumps", "über", "naïve", "café", "façade", "straße", "İstanbul", "ıi", "Ørsted", "año", "cœur", "ǅemal"],
  scripts: [
    "привет мир",
    "Ελληνικά",
    "مرحبا بالعالم",
    "שלום עולם",
    "नमस्ते दुनिया",
    "สวัสดีชาวโลก",
    "你好世界",
    "天气晴朗",
    "こんにちは",
    "カタカナ",
    "안녕하세요",
    "각",
    "ქართული",
    "Հայերեն",
    "ሰላም",
    "தமிழ்",
    "ᚠᛇᚻ",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "𓀀𓀁",
    "𠀀𠀁𪚥",
  ],
  emoji: ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "🇺🇸", "1️⃣", "❤️", "🦙", "🧑🏿‍💻", "☕", "✨"],
  digits: ["0", "7", "42", "123", "2024", "3.14159", "1,234,567.89", "0xDEADBEEF", "1e-9", "٣٤٥", "१२३", "①②", "²³"],
  whitespace: [" ", "  ", "    ", "\t", "\t\t", "\n", "\n\n", "\r\n", " \n ", "\u00a0", "\u3000", "\u2003", "\u2028", "\f", "\v"],
  punctuation: [
    "!",
    "?",
    ".",
    ",",
    ";",
    ":",
    "...",
    "—",
    "–",
    "«",
    "»",
    "“",
    "”",
    "'",
    '"',
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    "=",
    "!=",
    "->",
    "=>",
    "&&",
    "||",
    "@",
    "#",
    "$",
    "%",
    "^",
    "*",
    "_",
    "~",
    "`",
    "\\",
    "/",
  ],
  contractions: ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'LL", "n't"],
  special: [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|fim_prefix|>",
    "<s>",
    "</s>",
    "<unk>",
    "<pad>",
    "<EOT>",
    "<META>",
    "<start_of_turn>",
    "<end_of_turn>",
    "<mask>",
    "[INST]",
    "<0x0A>",
    "▁",
    "Ġ",
    "Ċ",
  ],
  // NFKC/NFC-sensitive text (Claude normalizes with NFKC, Qwen with NFC), combining marks, controls.
  unicode: [
    "ﬁ",
    "ﬂ",
    "Ａｂｃ",
    "ℌ",
    "㎏",
    "™",
    "e\u0301",
    "a\u0308\u0323",
    "\u1e9b\u0323",
    "Å",
    "\u212b",
    "\u0000",
    "\u0007",
    "\u007f",
    "\u200b",
    "\u200c",
    "\u200d",
    "\ufeff",
    "\u202e",
    "\u2066",
    "\ue000",
    "\ufffd",
    "\ud800",
    "\udfff",
  ],
  code: [
    "if !rain(t+1): start(hike)",
    "else: start(cards@indoor)",
    '{"intent":"!START"}',
    "fn main() {}",
    "x = y + 1;",
    "console.log(x)",
    "SELECT * FROM t;",
    "https://example.com/a?b=c&d=e",
    "user@example.com",
    "snake_case_name",
    "camelCaseName",
    "kebab-case-name",
    "__init__",
    "C:\\path\\to",
  ],
} as const;

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A seeded corpus of `count` strings, up to a few hundred characters each. */
export function generatedStrings(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const int = (below: number): number => Math.floor(random() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const kinds = Object.values(PIECES);
  const longWord = (): string => {
    switch (int(6)) {
      case 0:
        return pick(LETTERS.split("")).repeat(20 + int(280));
      case 1:
        return Array.from({ length: 20 + int(280) }, () => pick(LETTERS.split(""))).join("");
      case 2:
        return Array.from({ length: 10 + int(190) }, () => pick(["中", "文", "字", "漢", "語", "天", "气"])).join("");
      case 3:
        return Array.from({ length: 10 + int(190) }, () => String(int(10))).join("");
      case 4:
        return pick(PIECES.emoji).repeat(5 + int(60));
      default:
        return Array.from({ length: 3 + int(20) }, () => pick(PIECES.latin)).join(pick(["", "_", "-", "."]));
    }
  };
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts: string[] = [];
    const length = 1 + int(30);
    for (let j = 0; j < length; j++) {
      parts.push(random() < 0.06 ? longWord() : pick(pick(kinds)));
      if (random() < 0.5) parts.push(random() < 0.8 ? " " : pick(PIECES.whitespace));
    }
    texts.push(parts.join(""));
  }
  return texts;
}
