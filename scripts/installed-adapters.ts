/**
 * `npm run check:installed-adapters` (needs the registry): each framework adapter installed as the
 * README says, into an empty project outside the checkout, and its shipped example run there.
 *
 * For each adapter, the install line is read from the README's quick start (the block's first
 * line, `// npm install @silp/<adapter> <framework> <provider>`), so the line a user copies is the
 * line checked. Our packages come from their tarballs (they are not on the registry yet: the line's
 * own `@silp/...` names are replaced by the tarballs of the adapter and its siblings); everything
 * else comes from the registry as the line names it, at the versions npm picks today. Then the
 * examples the tarball ships (`examples/`) run from node_modules against scriptedChatServer, the
 * chat TEST DOUBLE on 127.0.0.1, and must print the decoded plan; answered prose or a payload cut
 * short instead (or, for an agent that receives SILP, sent them), each must exit 1 with the
 * SilpError's code and position and no stack trace. Where the framework's latest major is not the
 * lab's (`ai` 7, Mastra 1.x: they need Node 22), the adapter's own test files run again against
 * the install just made (`latestMajor`).
 *
 * Everything runs on the lab's Node 22 (scripts/node22.mjs): the newest releases of `ai`,
 * `@langchain/openai`, `@openai/agents` and `@mastra/core`, which the lines install, declare
 * Node 22 or later. The repository's own tests cover Node 20 with the releases that declare it
 * (docs/frameworks.md, "Versions").
 *
 *   node --import tsx scripts/installed-adapters.ts [--keep]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { FENCED } from "@silp/testkit/adapter-fixtures.js";
import { NOT_SILP, refusalProblem, runExampleExit } from "@silp/testkit/examples.js";
import { type ScriptedReply, scriptedChatServer } from "@silp/testkit/scripted-chat-server.js";
import { requireNode22 } from "./node22.mjs";
import { packWorkspaces, ROOT, tarballsOf } from "./packages.mjs";

/** One shipped example, run after the install. */
interface Example {
  file: string;
  /** The chat double's replies, one per model call the example makes. */
  replies: () => ScriptedReply[];
  /** What the example prints when it decoded the plan. */
  prints: RegExp;
  /**
   * How a text that is not SILP reaches the example: as the model's answer (the replies when it
   * answers `text`), or as the message an agent receives (`MESSAGE`): then the model is never
   * called (the double answers 500 if it is) and the example says "the message is not SILP".
   */
  notSilp: { answer: (text: string) => ScriptedReply[] } | "message";
}

interface Adapter {
  name: string;
  examples: Example[];
  /**
   * The framework packages whose latest major is not the lab's (the lab holds the newest releases
   * that declare Node 20): the adapter's own test files then run again, with these resolved from
   * the project just installed (SILP_RESOLVE_FROM), on Node 22.
   */
  latestMajor?: string[];
}

const FENCED_ANSWER: ScriptedReply = { text: FENCED.reply, chunks: FENCED.chunks };
/** A not-SILP answer streamed a character at a time. */
const streamed = { answer: (text: string): ScriptedReply[] => [{ text, chunks: [...text] }] };
/** A not-SILP answer in one piece, for an example that does not stream. */
const generated = { answer: (text: string): ScriptedReply[] => [{ text }] };
const PLANNED = /^intent: !START, 3 entities$/m;
const ADAPTERS: Adapter[] = [
  {
    name: "@silp/ai-sdk",
    examples: [
      { file: "examples/stream-plan.ts", replies: () => [FENCED_ANSWER], prints: PLANNED, notSilp: streamed },
      { file: "examples/generate-plan.ts", replies: () => [FENCED_ANSWER], prints: PLANNED, notSilp: generated },
    ],
    latestMajor: ["ai", "@ai-sdk/openai-compatible"],
  },
  {
    name: "@silp/langchain",
    examples: [{ file: "examples/agent-plan.ts", replies: () => [FENCED_ANSWER, FENCED_ANSWER], prints: PLANNED, notSilp: streamed }],
  },
  {
    name: "@silp/openai-agents",
    examples: [
      {
        file: "examples/handoff-plan.ts",
        replies: () => [
          { toolCalls: [{ name: "transfer_to_planner", arguments: JSON.stringify({ silp_payload: "suggest(weekend,day=tomorrow)" }) }] },
          { text: JSON.stringify({ silp_payload: FENCED.reply }), chunkSize: 3 },
        ],
        prints: /^plan: if !rain\(t\+1\): start\(hike,to=Oslo\); notify\(sam\) else: start\(cards@indoor\)$/m,
        notSilp: {
          answer: (text) => [
            { toolCalls: [{ name: "transfer_to_planner", arguments: JSON.stringify({ silp_payload: "suggest(weekend,day=tomorrow)" }) }] },
            { text: JSON.stringify({ silp_payload: text }), chunkSize: 3 },
          ],
        },
      },
    ],
  },
  {
    name: "@silp/mastra",
    examples: [
      { file: "examples/stream-plan.ts", replies: () => [FENCED_ANSWER], prints: PLANNED, notSilp: streamed },
      { file: "examples/generate-plan.ts", replies: () => [FENCED_ANSWER], prints: PLANNED, notSilp: generated },
      {
        file: "examples/read-plan.ts",
        replies: () => [{ text: "Packing for the hike." }],
        prints: /^the model answered: Packing for the hike\.$/m,
        notSilp: "message",
      },
    ],
    latestMajor: ["@mastra/core"],
  },
];

/** The README's install line for `name`: the first line of its quick start block. */
function installLine(readme: string, name: string): string[] {
  const line = new RegExp(`^// npm install (${name.replace("/", "\\/")} [^\\n]+)$`, "m").exec(readme)?.[1];
  if (line === undefined) throw new Error(`the README has no "// npm install ${name} ..." line`);
  return line.trim().split(/\s+/);
}

const node22 = requireNode22();
const env = { ...process.env, PATH: `${dirname(node22)}:${process.env.PATH}` };
function sh(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stderr.slice(-3000)}`);
}

/** Runs the example from the project on Node 22, with OPENAI_BASE_URL at the double; its exit code and output. */
const runExample = (project: string, file: string, baseUrl: string, extra: Record<string, string> = {}) =>
  runExampleExit(file, baseUrl, { PATH: env.PATH as string, ...extra }, { node: node22, cwd: project });

/** The version of `name` installed in `project`. */
function packageVersion(project: string, name: string): string {
  return (JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** `run` against a chat double answering `replies` in order, closed after. */
async function against<T>(replies: ScriptedReply[], run: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = await scriptedChatServer(() => replies.shift() ?? { status: 500, body: '{"error":{"message":"no more scripted replies"}}' });
  try {
    return await run(server.baseUrl);
  } finally {
    await server.close();
  }
}

const keep = process.argv.includes("--keep");
const tmp = mkdtempSync(join(tmpdir(), "silp-installed-adapters-"));
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const failures: string[] = [];
try {
  const workspaces = packWorkspaces(tmp);
  for (const adapter of ADAPTERS) {
    const line = installLine(readme, adapter.name);
    const project = join(tmp, adapter.name.replace("@silp/", ""));
    mkdirSync(project);
    sh("npm", ["init", "-y"], project);
    const tarballs = tarballsOf(workspaces, adapter.name);
    const fromRegistry = line.filter((spec) => !spec.startsWith("@silp/"));
    console.error(`${adapter.name}: npm install ${line.join(" ")} (ours from ${tarballs.length} tarballs), and tsx to run the example`);
    sh("npm", ["install", "--no-audit", "--no-fund", ...tarballs, ...fromRegistry, "tsx"], project);
    for (const example of adapter.examples) {
      const file = join("node_modules", ...adapter.name.split("/"), example.file);
      const run = await against(example.replies(), (baseUrl) => runExample(project, file, baseUrl));
      const ok = run.code === 0 && example.prints.test(run.stdout);
      console.log(`${ok ? "ok  " : "FAIL"} ${adapter.name}: ${file} (exit ${run.code})`);
      if (!ok) failures.push(`${adapter.name}: exit ${run.code}\n${run.stdout}\n${run.stderr.slice(-2000)}`);
      // The texts that are not SILP: the SilpError's code and position, exit 1, no stack.
      for (const answer of NOT_SILP) {
        const { notSilp } = example;
        const refused =
          notSilp === "message"
            ? await against([], (baseUrl) => runExample(project, file, baseUrl, { MESSAGE: answer[0] }))
            : await against(notSilp.answer(answer[0]), (baseUrl) => runExample(project, file, baseUrl));
        const problem = refusalProblem(refused, answer, example.prints, notSilp === "message" ? "the message" : "the answer");
        const what = notSilp === "message" ? "message" : "answer";
        console.log(
          `${problem === undefined ? "ok  " : "FAIL"} ${adapter.name}: ${file}, ${what} ${JSON.stringify(answer[0].slice(0, 30))} (exit ${refused.code})`,
        );
        if (problem !== undefined) failures.push(`${adapter.name}: ${problem.slice(-2000)}`);
      }
    }
    if (adapter.latestMajor) {
      const versions = adapter.latestMajor.map((name) => `${name} ${packageVersion(project, name)}`).join(", ");
      const tests = spawnSync(node22, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--project", "lab", adapter.name.replace("@silp/", "adapters/")], {
        cwd: ROOT,
        env: { ...env, SILP_RESOLVE_FROM: adapter.latestMajor.map((name) => `${name}=${project}`).join(",") },
        encoding: "utf8",
        maxBuffer: 1 << 26,
      });
      const tally = /Tests\s+(.*\(\d+\))/.exec(tests.stdout.replace(/\x1b\[[0-9;]*m/g, ""))?.[1] ?? "no tally";
      console.log(`${tests.status === 0 ? "ok  " : "FAIL"} ${adapter.name}: its tests on ${versions}, Node 22: ${tally}`);
      if (tests.status !== 0) failures.push(`${adapter.name}: its tests on ${versions}\n${tests.stdout.slice(-3000)}\n${tests.stderr.slice(-2000)}`);
    }
  }
} finally {
  if (keep) console.error(`kept: ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\n${failures.join("\n\n")}`);
  process.exit(1);
}
console.log("every adapter installs as the README says, and its shipped example runs");
