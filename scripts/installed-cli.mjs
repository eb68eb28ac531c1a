#!/usr/bin/env node
// Every command of `silpc --help`, run from the packed tarballs installed into an empty project
// outside the checkout, as a user who followed the README's Install section would run it: each
// command and subcommand with --help, then a real invocation of each, in that project's folder
// (which holds only the two sample files written below). A command passes when it works (exit 0,
// and for the commands that need nothing, the output checked), or when it exits non-zero saying
// what it needs: a message, no stack trace, no "internal error". A command of `silpc --help` that
// this table does not list fails the check, so a new command cannot skip it.
//
//   node scripts/installed-cli.mjs [--keep]      (npm run check:installed-cli; needs the registry)
//
// Run `npx tsc -b tsconfig.build.json` first: the tarballs contain whatever is in dist/ now.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packWorkspaces, tarballsOf } from "./packages.mjs";

const keep = process.argv.includes("--keep");
const tmp = mkdtempSync(join(tmpdir(), "silp-installed-cli-"));
const project = join(tmp, "project");
const IR = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: "a1b2c3d4" },
};
const PAYLOAD = "if !rain(t+1): start(hike) else: start(cards@indoor)";

/**
 * What each command is run with, and what it must do. `works`: exit 0 and stdout matching `out`.
 * `needs`: exit 0, or a non-zero exit that says what is missing (matching `says`, when given).
 * `serves`: a server; it must print `out` on stdout, then it is stopped.
 */
const COMMANDS = {
  validate: { args: ["validate", "ir.json"], works: /valid/i },
  compile: { args: ["compile", "ir.json"], works: /if !rain\(t\+1\): start\(hike\) else: start\(cards@indoor\)/ },
  decode: { args: ["decode", "payload.txt"], works: /"intent": "!START"/ },
  roundtrip: { args: ["roundtrip", "ir.json"], works: /code|json/ },
  frontends: { args: ["frontends"], works: /code/ },
  whitelist: { args: ["whitelist"], works: /!START/ },
  lock: {
    args: ["lock", "seal", "ir.json", "--lock", "l.jsonl"],
    works: /start\(hike\)/,
    after: [["lock", "verify", "--lock", "l.jsonl"], /ok|verified|1 record/i],
  },
  census: { args: ["census"], needs: true },
  tokens: { args: ["tokens", "ir.json", "--tokenizers", "gpt-4o"], works: /gpt-4o/ },
  sanitize: { args: ["sanitize", "payload.txt"], works: /start\(hike\)/ },
  llmlingua2: { args: ["llmlingua2", "compress", "payload.txt"], needs: true, says: /model|install|dependency|download/i },
  negotiate: { args: ["negotiate", "--local", "code,json,natural", "--remote", "json,natural"], works: /chosen: json/ },
  bench: { args: ["bench", "report", "--study"], needs: true },
  mcp: { args: ["mcp", "--http", "0"], serves: /listening at http:\/\/127\.0\.0\.1:\d+\/mcp/ },
  demo: { args: ["demo", "--no-tokens"], works: /agreed x-evolved/ },
  conformance: { args: ["conformance"], works: /^total\s+(\d+)\s+\1\s+0\s+0$/m },
  schema: { args: ["schema"], works: /"intent"/ },
  playground: { args: ["playground", "--port", "0"], serves: /http:\/\/127\.0\.0\.1:\d+/ },
  grammar: { args: ["grammar", "--format", "gbnf"], works: /root/ },
  prompt: { args: ["prompt", "--role", "write"], works: /SILP/ },
  evolve: { args: ["evolve", "--generations", "1", "--population", "4"], needs: true },
};

function run(args, options = {}) {
  const started = performance.now();
  const r = spawnSync(join(project, "node_modules", ".bin", "silpc"), args, { cwd: project, encoding: "utf8", timeout: options.timeout ?? 180_000, input: "" });
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? "", stderr: r.stderr ?? "", seconds: (performance.now() - started) / 1000 };
}

/** Starts a server command, stops it (SIGTERM) once stdout matches `expected`, or after 60 s. */
function serve(args, expected) {
  return new Promise((resolve) => {
    const p = spawn(join(project, "node_modules", ".bin", "silpc"), args, { cwd: project, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => p.kill("SIGTERM"), 60_000);
    p.stdout.on("data", (chunk) => {
      out += chunk;
      if (expected.test(out)) p.kill("SIGTERM");
    });
    p.stderr.on("data", (chunk) => {
      err += chunk;
    });
    p.on("exit", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: out, stderr: err });
    });
  });
}

/** A failure that says what it needs: a message, without a stack trace or an internal error. */
function saysWhatItNeeds(result, pattern) {
  const text = `${result.stderr}\n${result.stdout}`;
  if (result.signal) return `killed by ${result.signal}`;
  if (/internal error|\n\s+at .+:\d+:\d+\)?\n/.test(text)) return `a stack trace or an internal error:\n${text.slice(0, 600)}`;
  if (text.trim() === "") return "no message";
  if (pattern && !pattern.test(text)) return `its message does not say ${pattern}:\n${text.slice(0, 400)}`;
  return undefined;
}

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20, timeout: 15 * 60 * 1000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stderr}`);
  return r.stdout;
}

const failures = [];
try {
  const workspaces = packWorkspaces(tmp);
  mkdirSync(project);
  sh("npm", ["init", "-y"], project);
  const tarballs = tarballsOf(workspaces, "silpc");
  console.error(`installing silpc from ${tarballs.length} tarballs into ${project}...`);
  sh("npm", ["install", "--no-audit", "--no-fund", ...tarballs], project);
  writeFileSync(join(project, "ir.json"), `${JSON.stringify(IR, null, 2)}\n`);
  writeFileSync(join(project, "payload.txt"), `${PAYLOAD}\n`);

  const help = run(["--help"]);
  if (help.status !== 0) throw new Error(`silpc --help failed:\n${help.stderr}`);
  const listed = [...help.stdout.slice(help.stdout.indexOf("Commands:")).matchAll(/^ {2}([a-z][a-z0-9-]*)/gm)]
    .map((m) => m[1])
    .filter((name) => name !== "help");
  for (const name of listed) if (!(name in COMMANDS)) failures.push(`${name}: listed by silpc --help but not checked here`);
  for (const name of Object.keys(COMMANDS)) if (!listed.includes(name)) failures.push(`${name}: checked here but not listed by silpc --help`);

  const rows = [];
  for (const name of listed.filter((n) => n in COMMANDS)) {
    const spec = COMMANDS[name];
    const ownHelp = run([name, "--help"]);
    const subcommands = [...ownHelp.stdout.slice(Math.max(0, ownHelp.stdout.indexOf("Commands:"))).matchAll(/^ {2}([a-z][a-z0-9-]*)/gm)]
      .map((m) => m[1])
      .filter((sub) => sub !== "help" && ownHelp.stdout.includes("Commands:"));
    if (ownHelp.status !== 0 || !ownHelp.stdout.startsWith("Usage: silpc")) failures.push(`${name} --help: exit ${ownHelp.status}`);
    for (const sub of subcommands) {
      const subHelp = run([name, sub, "--help"]);
      if (subHelp.status !== 0 || !subHelp.stdout.startsWith(`Usage: silpc ${name} ${sub}`)) failures.push(`${name} ${sub} --help: exit ${subHelp.status}`);
    }
    let result;
    let verdict;
    if (spec.serves) {
      result = await serve(spec.args, spec.serves);
      verdict = spec.serves.test(result.stdout) ? "works" : `did not print ${spec.serves}: ${result.stderr.slice(0, 300)}`;
    } else {
      result = run(spec.args);
      if (spec.works) {
        verdict =
          result.status === 0 && spec.works.test(result.stdout)
            ? "works"
            : `exit ${result.status}, stdout ${JSON.stringify(result.stdout.slice(0, 200))}, stderr ${result.stderr.slice(0, 400)}`;
        if (verdict === "works" && spec.after) {
          const next = run(spec.after[0]);
          if (next.status !== 0 || !spec.after[1].test(next.stdout))
            verdict = `${spec.after[0].join(" ")}: exit ${next.status} ${next.stdout.slice(0, 200)} ${next.stderr.slice(0, 200)}`;
        }
      } else {
        const problem = result.status === 0 ? undefined : saysWhatItNeeds(result, spec.says);
        verdict = problem === undefined ? (result.status === 0 ? "works" : "says what it needs") : problem;
      }
    }
    const firstLine = (result.status === 0 ? result.stdout : result.stderr).trim().split("\n")[0] ?? "";
    rows.push({ name, subcommands: subcommands.length, verdict, exit: result.status, line: firstLine.slice(0, 110) });
    if (verdict !== "works" && verdict !== "says what it needs") failures.push(`${spec.args.join(" ")}: ${verdict}`);
  }
  console.log(`silpc from its tarballs, in an empty project outside the checkout (${project}):`);
  for (const row of rows)
    console.log(
      `  ${row.name.padEnd(12)} ${row.verdict.padEnd(18)} exit ${String(row.exit).padEnd(4)} ${row.subcommands ? `(+${row.subcommands} subcommands' --help) ` : ""}${row.line}`,
    );
} finally {
  if (!keep) rmSync(tmp, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("every command works or says what it needs");
