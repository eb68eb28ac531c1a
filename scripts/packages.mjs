/**
 * Our publishable packages as npm sees them, for the scripts that pack them (`npm run pack`,
 * scripts/pack.mjs) and install the tarballs (`npm run size`, scripts/pack-install.mjs): the
 * workspaces in the root's order without the private ones, packing each into a folder, and the
 * siblings a package needs beside it while they are not on the registry.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** `{ dir, manifest }` of every publishable workspace, in the root's workspace order. */
export function publishableWorkspaces() {
  return readJson(join(ROOT, "package.json"))
    .workspaces.map((dir) => ({ dir: join(ROOT, dir), manifest: readJson(join(ROOT, dir, "package.json")) }))
    .filter((w) => !w.manifest.private);
}

/**
 * What a package's code reads at run time that its `tsc` build does not write: a product-lane
 * install (`SILP_LANE=product npm ci`) builds neither, so these packages need the full install.
 */
const BUILT_WITH_THE_LAB = {
  "@silp/playground": ["dist/site/index.html"],
  "@silp/tokens": ["vocabularies/gpt-4o.vocab.gz"],
};

/**
 * The files a workspace's tarball must hold: every target of `exports`, `bin` and `main`, every
 * plain (glob-free) entry of `files`, and what BUILT_WITH_THE_LAB names. Package-relative paths.
 */
export function requiredFiles(manifest) {
  const targets = new Set();
  const walk = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./") && !value.includes("*")) targets.add(value.slice(2));
    } else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
  };
  walk(manifest.exports);
  walk(
    typeof manifest.bin === "string"
      ? `./${manifest.bin.replace(/^\.\//, "")}`
      : Object.values(manifest.bin ?? {}).map((bin) => `./${bin.replace(/^\.\//, "")}`),
  );
  if (typeof manifest.main === "string") targets.add(manifest.main.replace(/^\.\//, ""));
  for (const entry of manifest.files ?? []) if (!entry.startsWith("!") && !entry.includes("*") && entry !== "CHANGELOG.md") targets.add(entry);
  for (const file of BUILT_WITH_THE_LAB[manifest.name] ?? []) targets.add(file);
  return [...targets].sort();
}

/** What a package's `prepack` writes (scripts/prepack.mjs): present in its tarball, not before. */
const WRITTEN_BY_PREPACK = { "@silp/conformance": ["suite"] };

/** The required files missing from a workspace's folder: an empty folder counts as missing. */
export function unbuiltFiles(workspace) {
  const prepacked = WRITTEN_BY_PREPACK[workspace.manifest.name] ?? [];
  return requiredFiles(workspace.manifest).filter((file) => {
    if (prepacked.includes(file)) return false;
    const path = join(workspace.dir, file);
    if (!existsSync(path)) return true;
    return statSync(path).isDirectory() && readdirSync(path).length === 0;
  });
}

/** Packs each workspace into `destination` (from its own folder, so npm packs that one alone); sets `tarball` (path) and `tarballBytes`. */
export function packAll(workspaces, destination) {
  for (const w of workspaces) {
    const r = spawnSync("npm", ["pack", "--pack-destination", destination, "--json", "--silent"], { cwd: w.dir, encoding: "utf8", maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`npm pack failed in ${w.dir}:\n${r.stderr}`);
    const [info] = JSON.parse(r.stdout);
    // The tarball itself holds what the package needs: a file or a folder's files.
    const packed = info.files.map((file) => file.path);
    const absent = requiredFiles(w.manifest).filter((file) => !packed.some((path) => path === file || path.startsWith(`${file}/`)));
    if (absent.length > 0) throw new Error(`${w.manifest.name}: its tarball lacks ${absent.join(", ")}`);
    w.tarball = join(destination, info.filename);
    w.tarballBytes = info.size;
  }
}

/**
 * A package and the siblings it depends on, transitively: while our packages are not on the
 * registry they are installed from their tarballs in one `npm install`, and npm dedupes onto them
 * instead of looking for them on the registry. Optional peers are left out, as npm leaves them out.
 */
export function siblingClosure(workspaces, name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const manifest = workspaces.find((w) => w.manifest.name === name)?.manifest;
  for (const dep of Object.keys(manifest?.dependencies ?? {})) {
    if (workspaces.some((w) => w.manifest.name === dep)) siblingClosure(workspaces, dep, seen);
  }
  return seen;
}

/**
 * Every publishable workspace packed into `folder/packed` (created), for the checks that install
 * the tarballs into an empty project as a user would (installed-cli.mjs, installed-adapters.ts).
 */
export function packWorkspaces(folder) {
  const workspaces = publishableWorkspaces();
  const packed = join(folder, "packed");
  mkdirSync(packed);
  console.error("packing the workspaces...");
  packAll(workspaces, packed);
  return workspaces;
}

/** The tarballs one `npm install` of `name` needs: its own and its siblings' (siblingClosure), after packAll. */
export function tarballsOf(workspaces, name) {
  return [...siblingClosure(workspaces, name)].map((sibling) => workspaces.find((w) => w.manifest.name === sibling).tarball);
}
