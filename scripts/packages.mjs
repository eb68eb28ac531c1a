/**
 * Our publishable packages as npm sees them, for the scripts that pack them (`npm run pack`,
 * scripts/pack.mjs) and install the tarballs (`npm run size`, scripts/pack-install.mjs): the
 * workspaces in the root's order without the private ones, packing each into a folder, and the
 * siblings a package needs beside it while they are not on the registry.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
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

/** Packs each workspace into `destination` (from its own folder, so npm packs that one alone); sets `tarball` (path) and `tarballBytes`. */
export function packAll(workspaces, destination) {
  for (const w of workspaces) {
    const r = spawnSync("npm", ["pack", "--pack-destination", destination, "--json", "--silent"], { cwd: w.dir, encoding: "utf8", maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`npm pack failed in ${w.dir}:\n${r.stderr}`);
    const [info] = JSON.parse(r.stdout);
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
