/**
 * Every command line of a shell block in README.md, CONTRIBUTING.md, docs/ and the package READMEs
 * names what exists, as written: each `silpc` line a command of silpc with options that command
 * has (read from the program itself, packages/cli/src/program.ts), each `silp-conformance` line
 * options of its usage, each `npm run X` a script of the root (or of the `-w` workspace), each
 * `node FILE` and `npx vitest run PATH` a file of the repository, and each input file a line reads
 * a file of the repository or one an earlier line of the same block writes. The lines themselves
 * are run elsewhere where they can be (readme-cli.test.ts runs the README's CLI block; the others
 * start servers, reach a model, or take hours); here nothing is run, and so a renamed option, a
 * removed script or a sample file that moved is caught on every page at once.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command, Option } from "commander";
import { REPO_ROOT, WORKSPACES } from "@silp/testkit/paths.js";
import { docPages } from "@silp/testkit/doc-blocks.js";
// Internals, on purpose: the program's command table is what the docs' lines are checked against.
import { buildProgram } from "../src/program.js";

interface Line {
  where: string;
  words: string[];
}

const PAGES = [...docPages(), "CONTRIBUTING.md", ...WORKSPACES.map((folder) => `${folder}/README.md`).filter((page) => existsSync(join(REPO_ROOT, page)))];

/** Options whose value is a file the command writes, not one it reads. */
const WRITES = new Set(["--out", "--state", "--front", "--report", "--build", "--lock"]);
/** Options whose value is a command line, not a file. */
const COMMAND_VALUES = new Set(["--adapter"]);
/** Pages whose file names are the reader's own files (a package's README is read after installing it, outside the repository). */
const READERS_FILES = (page: string): boolean => page.startsWith("packages/");

/** A word that stands for something the reader supplies: `DIR`, `<command>`, `sk-...`, `[--rate 0.5]`. */
const isPlaceholder = (word: string): boolean => /^[A-Z][A-Z_]*$/.test(word) || /[<>[\]]|\.\.\./.test(word);

/** Whether a word names a file (a path or a file name with an extension), not a value. */
const looksLikeFile = (word: string): boolean =>
  !isPlaceholder(word) && /^[\w./-]+$/.test(word) && (word.includes("/") || /\.(json|jsonl|txt|gbnf|html)$/.test(word));

/** Shell words of one command, quotes removed; comments, redirections and env assignments dropped. */
function words(command: string): string[] {
  const out: string[] = [];
  for (const match of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(match[1] ?? match[2] ?? (match[3] as string));
  while (out.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(out[0] as string)) out.shift();
  return out;
}

/** The block's commands in order, each with its page and line; the words after a redirection are its target. */
function blockCommands(page: string, text: string): { lines: Line[]; writes: Map<Line, string[]> } {
  const lines: Line[] = [];
  const writes = new Map<Line, string[]>();
  for (const block of text.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)) {
    const startLine = text.slice(0, block.index).split("\n").length + 1;
    const joined = (block[1] as string).replace(/\\\n/g, " ");
    joined.split("\n").forEach((raw, index) => {
      // A comment starts at a # after a blank, outside quotes (the blocks quote no #).
      const code = raw.replace(/(^|\s)#.*$/, "");
      for (const part of code.split(/&&|\|\||;|\||\(|\)/)) {
        const redirect = /\s>\s*(\S+)/.exec(part);
        const command = part.replace(/\s\d?>&?\s*\S+|\s<\s*\S+/g, " ");
        const line = { where: `${page}:${startLine + index}`, words: words(command) };
        if (line.words.length === 0) continue;
        lines.push(line);
        if (redirect) writes.set(line, [redirect[1] as string]);
      }
    });
  }
  return { lines, writes };
}

const program = buildProgram();

function longNames(command: Command): Set<string> {
  const names = new Set<string>(["--help"]);
  for (const option of command.options as readonly Option[]) {
    if (option.long) names.add(option.long);
    if (option.short) names.add(option.short);
    if (option.negate && option.long) names.add(option.long);
  }
  if (command === program) names.add("--version");
  return names;
}

/** Checks a silpc line; returns its problems and the files it writes. */
function checkSilpc(line: Line, args: string[], written: Set<string>, ownFiles: boolean): string[] {
  const problems: string[] = [];
  const missing = (file: string): boolean => !ownFiles && looksLikeFile(file) && !existsSync(join(REPO_ROOT, file)) && !written.has(file);
  let command = program;
  let at = 0;
  for (; at < args.length; at++) {
    const next = command.commands.find((sub) => sub.name() === args[at] || sub.aliases().includes(args[at] as string));
    if (!next) break;
    command = next;
  }
  if (command === program && !(args[0] ?? "").startsWith("-")) return [`${line.where}: "silpc ${args[0] ?? ""}" is not a silpc command`];
  const options = longNames(command);
  const byName = new Map(
    (command.options as readonly Option[]).flatMap((option) => [option.long, option.short].filter(Boolean).map((name) => [name as string, option])),
  );
  for (; at < args.length; at++) {
    const word = args[at] as string;
    if (word.startsWith("-") && word !== "-") {
      const [name, inline] = word.split("=", 2) as [string, string | undefined];
      if (!options.has(name)) {
        problems.push(`${line.where}: silpc ${command.name()} has no option ${name}`);
        continue;
      }
      const option = byName.get(name);
      if (!option || !(option.required || option.optional) || inline !== undefined) continue;
      const value = args[at + 1];
      if (value === undefined || value.startsWith("--")) continue;
      at++;
      if (WRITES.has(name)) written.add(value);
      else if (!COMMAND_VALUES.has(name) && missing(value)) problems.push(`${line.where}: ${name} ${value}: no such file in the repository`);
    } else if (missing(word)) {
      problems.push(`${line.where}: ${word}: no such file in the repository`);
    }
  }
  return problems;
}

function conformanceOptions(): Set<string> {
  const help = spawnSync(process.execPath, [join(REPO_ROOT, "packages/conformance/dist/bin.js"), "--help"], { encoding: "utf8" });
  assert.equal(help.status, 0, help.stderr);
  return new Set([...help.stdout.matchAll(/--[a-z][a-z-]*/g)].map((match) => match[0]).concat("--help"));
}

type Manifest = { name: string; scripts?: Record<string, string> };
const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, "utf8")) as Manifest;
/** Each workspace's scripts by package name, and the root's under "". */
const SCRIPTS = new Map<string, Record<string, string>>([
  ["", readManifest(join(REPO_ROOT, "package.json")).scripts ?? {}],
  ...WORKSPACES.map((folder) => {
    const manifest = readManifest(join(REPO_ROOT, folder, "package.json"));
    return [manifest.name, manifest.scripts ?? {}] as const;
  }),
]);

test("every shell block's command names a command, option, script and file that exist", () => {
  const conformance = conformanceOptions();
  const problems: string[] = [];
  const counts = { silpc: 0, conformance: 0, npmRun: 0, files: 0 };
  for (const page of PAGES) {
    const { lines, writes } = blockCommands(page, readFileSync(join(REPO_ROOT, page), "utf8"));
    const written = new Set<string>();
    for (const line of lines) {
      const [first, ...rest] = line.words as [string, ...string[]];
      const args = first === "npx" ? rest : [first, ...rest];
      const tool = args[0];
      if (tool === "silpc") {
        counts.silpc++;
        problems.push(...checkSilpc(line, args.slice(1), written, READERS_FILES(page)));
      } else if (tool === "silp-conformance") {
        counts.conformance++;
        for (const word of args.slice(1).filter((w) => w.startsWith("--"))) {
          if (!conformance.has(word.split("=")[0] as string)) problems.push(`${line.where}: silp-conformance has no option ${word}`);
        }
      } else if (first === "npm" && rest[0] === "run") {
        counts.npmRun++;
        const named = rest.slice(1).filter((word) => !word.startsWith("-"));
        const workspace = rest[rest.indexOf("-w") + 1];
        const script = named[0];
        if (script !== undefined && !(script in (SCRIPTS.get(rest.includes("-w") ? (workspace ?? "?") : "") ?? {}))) {
          problems.push(`${line.where}: npm run ${script}: no such script${rest.includes("-w") ? ` in ${workspace}` : ""}`);
        }
      } else if (first === "node" || (tool === "vitest" && first === "npx")) {
        for (const word of rest.filter((w) => /^(scripts|packages|fuzz|perf|examples)\//.test(w))) {
          counts.files++;
          // A glob names its folder; a file or folder is named as it is.
          const path = word.includes("*") ? word.slice(0, word.indexOf("*")) : word;
          if (!existsSync(join(REPO_ROOT, path))) problems.push(`${line.where}: ${word}: no such file in the repository`);
        }
      }
      for (const target of writes.get(line) ?? []) written.add(target);
    }
  }
  assert.deepEqual(problems, []);
  // The extraction found the docs' lines (so an empty result is not a pass by accident).
  assert.ok(counts.silpc >= 40, `${counts.silpc} silpc lines`);
  assert.ok(counts.conformance >= 1 && counts.npmRun >= 15 && counts.files >= 5, JSON.stringify(counts));
});

test("the docs' sample payloads are what their commands make of examples/cli/case.json", async () => {
  const { compile, decode } = await import("silp");
  const { EVOLVED_DIALECT, registerDialect } = await import("@silp/dialects");
  registerDialect(EVOLVED_DIALECT);
  const ir = JSON.parse(readFileSync(join(REPO_ROOT, "examples/cli/case.json"), "utf8"));
  // docs/evolve.md: `silpc compile examples/cli/case.json ... -f x-evolved`, then the strict decode of its output.
  const evolved = readFileSync(join(REPO_ROOT, "examples/cli/x-evolved.txt"), "utf8");
  assert.equal(evolved, `${compile(ir, "x-evolved")}\n`);
  // The case has no req_id: each payload's is derived from its own text, so it is left out of the comparison.
  const withoutReqId = ({ meta: { req_id: _, ...meta }, ...rest }: { meta: { req_id: string } }) => ({ ...rest, meta });
  assert.deepEqual(withoutReqId(decode(evolved.trimEnd(), "x-evolved", { strict: true }).ir), withoutReqId(decode(compile(ir, "code"), "code").ir));
  assert.ok(readFileSync(join(REPO_ROOT, "examples/cli/prose.txt"), "utf8").split(/\s+/).length > 30, "prose to compress");
});
