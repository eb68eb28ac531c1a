/**
 * Import rules, checked by `npm run check:deps` (part of `npm test`, so CI fails on a break).
 * Packages depend downward only:
 *
 *   silpc (cli)
 *     -> @silp/bench -> @silp/llmlingua2 -> @silp/tokens -> silp
 *     -> @silp/mcp -> @silp/tokens (optional), @silp/grammar, @silp/schemas, @silp/dialects -> silp
 *     -> @silp/a2a -> @silp/dialects -> silp
 *     -> @silp/lock, @silp/redis, @silp/schemas, @silp/dialects -> silp
 *     -> @silp/grammar -> @silp/dialects -> silp
 *     -> @silp/evolve -> @silp/bench, @silp/tokens, @silp/dialects -> silp
 *     -> @silp/conformance (the suite and its runner: no package of ours)
 *   @silp/ai-sdk, @silp/langchain, @silp/openai-agents, @silp/mastra (framework adapters)
 *     -> @silp/grammar, silp   (their framework is a peer dependency, never one of ours)
 *
 * Inside the codec, folders form layers too: errors and the small leaf modules at the bottom,
 * then ir/ and security/, then frontends/, then codec.ts, then protocol/; the entry files
 * (index.ts, util.ts) are for the outside only. No package reaches into another's files; every
 * cross-package import goes through a package name and its exports.
 */
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

/**
 * The lab lane's modules (CONTRIBUTING.md, "Two lanes"): the dependencies of lab/package.json and
 * of lab/node22/package.json (the OpenAI Agents SDK and openai 7, installed on Node 22:
 * scripts/lab.mjs) and the framework adapters, which are built only with the lab. A product-only
 * install (`SILP_LANE=product npm ci`) has none of them, so an import of one cannot resolve there;
 * the full install must resolve every import.
 */
const LAB_PACKAGES = [join("lab", "package.json"), join("lab", "node22", "package.json")].flatMap((manifest) =>
  Object.keys(JSON.parse(readFileSync(join(__dirname, manifest), "utf8")).dependencies ?? {}),
);
const LAB_WORKSPACES = ["@silp/ai-sdk", "@silp/langchain", "@silp/openai-agents", "@silp/mastra"];
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function labInstalled() {
  return LAB_PACKAGES.every((name) => existsSync(join(__dirname, "node_modules", name)));
}
function labModules() {
  return `^(${[...LAB_PACKAGES, ...LAB_WORKSPACES].map(escape).join("|")})(/|$)`;
}

/** Each package's folder (packages/, study/ or adapters/), as the root's workspaces name it. */
const FOLDER = Object.fromEntries(
  JSON.parse(readFileSync(join(__dirname, "package.json"), "utf8")).workspaces.map((folder) => [folder.split("/")[1], folder]),
);
/** A path in any package's folder; its first group is the package's folder. */
const ANY_PACKAGE = "^((?:packages|study|adapters)/[^/]+)/";

// The playground's page/ (bundled for the browser) keeps the same rules as its src/.
const PKG = (name) => (name === "playground" ? `^${FOLDER[name]}/(src|page)/` : `^${FOLDER[name]}/src/`);

/** For each package: the packages its sources may import (besides itself). */
const allowed = {
  silp: [],
  lock: ["silp"],
  schemas: ["silp"],
  redis: ["silp"],
  tokens: ["silp"],
  a2a: ["silp", "dialects"],
  mcp: ["silp", "tokens", "schemas", "dialects", "grammar"],
  llmlingua2: ["silp", "tokens"],
  bench: ["silp", "tokens", "llmlingua2"],
  playground: ["silp", "tokens"],
  grammar: ["silp", "dialects"],
  dialects: ["silp"],
  conformance: [],
  evolve: ["silp", "tokens", "bench", "dialects"],
  cli: ["silp", "lock", "schemas", "tokens", "mcp", "a2a", "llmlingua2", "bench", "playground", "grammar", "dialects", "evolve", "conformance"],
  // Framework adapters: the codec and the prompts only; nothing of ours imports them.
  "ai-sdk": ["silp", "grammar"],
  langchain: ["silp", "grammar"],
  "openai-agents": ["silp", "grammar"],
  mastra: ["silp", "grammar"],
};
const all = Object.keys(allowed);

const packageRules = Object.entries(allowed).map(([name, deps]) => ({
  name: `package-${name}-depends-down`,
  comment: `${name} may import only ${deps.length ? deps.join(", ") : "no other package of ours"}`,
  severity: "error",
  from: { path: PKG(name) },
  to: { path: `^(${all
    .filter((other) => other !== name && !deps.includes(other))
    .concat("testkit")
    .map((other) => FOLDER[other])
    .join("|")})/` },
}));

/** Codec layers, lowest first: a module may import its own layer or lower ones. */
const codecLayers = [
  ["errors\\.ts", "error-codes\\.ts", "chunk-text\\.ts", "random\\.ts", "version\\.ts", "optional-import\\.ts"],
  ["options\\.ts", "security/options\\.ts"],
  ["ir/", "security/(?!options\\.ts)"],
  ["frontends/"],
  ["decoding/"],
  ["codec\\.ts", "complete-meta\\.ts"],
  ["protocol/", "examples/", "streaming/"],
];
const codecLayerRules = codecLayers.slice(0, -1).map((layer, index) => ({
  name: `codec-layer-${index}-depends-down`,
  comment: `codec modules in ${layer.join(", ")} may not import a higher layer`,
  severity: "error",
  from: { path: `^packages/silp/src/(${layer.join("|")})` },
  to: { path: `^packages/silp/src/(${codecLayers.slice(index + 1).flat().join("|")})` },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "a cycle makes load order and layering unclear (type-only cycles included)",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "every import resolves; on a product-only install, the lab's packages are absent by design",
      severity: "error",
      from: {},
      to: labInstalled() ? { couldNotResolve: true } : { couldNotResolve: true, pathNot: labModules() },
    },
    {
      name: "no-cross-package-file-imports",
      comment: "another package is reached through its name and exports, never through a relative path",
      severity: "error",
      from: { path: ANY_PACKAGE },
      to: { path: ANY_PACKAGE, pathNot: ["^$1/", "^(packages|study|adapters)/[^/]+/(dist/|package\\.json$)", "^packages/testkit/src/"] },
    },
    {
      name: "codec-entries-are-for-the-outside",
      comment: "inside the codec, import the module that defines a name, not index.ts or util.ts",
      severity: "error",
      from: { path: "^packages/silp/src/" },
      to: { path: "^packages/silp/src/(index|util)\\.ts$" },
    },
    {
      name: "codec-is-platform-neutral",
      comment: "nothing reachable from the codec's entries may use a Node.js builtin",
      severity: "error",
      from: { path: "^packages/silp/src/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "printers-do-not-parse",
      comment: "a frontend's printer shares rules with its decoder through small modules (roles.ts, chars.ts), never through the parser side",
      severity: "error",
      from: { path: "^packages/silp/src/frontends/[^/]+/printer\\.ts$" },
      to: { path: "^packages/silp/src/frontends/[^/]+/(lexer|parser|lower|decode|decoder|fast-path)\\.ts$" },
    },
    {
      name: "sources-not-to-tests",
      severity: "error",
      from: { path: "^(packages|study|adapters)/[^/]+/src/", pathNot: "^packages/testkit/" },
      to: { path: "^(packages|study|adapters)/[^/]+/test/|^packages/testkit/" },
    },
    ...packageRules,
    ...codecLayerRules,
  ],
  options: {
    // Package names resolve through node_modules to each package's exports (its dist/), as for a
    // user; so the root tsconfig's `paths` (which point names at sources) are not used here.
    doNotFollow: { path: ["node_modules", "(^|/)dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
