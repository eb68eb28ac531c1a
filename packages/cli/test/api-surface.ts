/** Reading and pinning packages' public surfaces, for api-surface.test.ts and its lab companion. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const SNAPSHOT = new URL("./fixtures/api-surface.json", import.meta.url);

interface PackageJson {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
}

/** Every importable JavaScript entry of the published packages in these folders, as bare specifiers. */
function entries(folders: readonly string[]): string[] {
  const specifiers: string[] = [];
  for (const folder of [...folders].sort()) {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, folder, "package.json"), "utf8")) as PackageJson;
    if (pkg.private) continue;
    for (const subpath of Object.keys(pkg.exports ?? {})) {
      if (subpath === "./package.json" || subpath.endsWith(".json")) continue;
      specifiers.push(subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    }
  }
  return specifiers;
}

/**
 * Each entry's sorted runtime export names. A module namespace re-exported under one name (such
 * as silp/util's `codeSyntax`) is listed with its members too (`codeSyntax.Lexer`), so a member
 * added or removed changes the pinned surface just as an export does. (A frozen record such as
 * `IR_SHAPE` is data, pinned by its own test.)
 */
export async function surfaceOf(folders: readonly string[]): Promise<Record<string, string[]>> {
  const surface: Record<string, string[]> = {};
  for (const specifier of entries(folders)) {
    const module = (await import(specifier)) as Record<string, unknown>;
    surface[specifier] = Object.keys(module)
      .flatMap((name) => [name, ...membersOf(module[name]).map((member) => `${name}.${member}`)])
      .sort();
  }
  return surface;
}

function membersOf(value: unknown): string[] {
  return Object.prototype.toString.call(value) === "[object Module]" ? Object.keys(value as object) : [];
}

/**
 * The pinned names of the same entries (those of `measured`), from the snapshot. With
 * SILP_UPDATE_API_SURFACE=1 the measured entries are written into the snapshot first (the
 * others in it kept), so a deliberate change is one rerun and a reviewed diff.
 */
export function pinnedSurface(measured: Record<string, string[]>): Record<string, string[]> {
  const snapshot = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as Record<string, string[]>;
  const packages = new Set(Object.keys(measured).map((specifier) => packageOf(specifier)));
  if (process.env.SILP_UPDATE_API_SURFACE === "1") {
    // The snapshot's order kept (entries of one package together), new entries after it. An entry
    // of a measured package that is gone is dropped.
    const kept = Object.keys(snapshot).filter((specifier) => !packages.has(packageOf(specifier)) || specifier in measured);
    const merged = Object.fromEntries([...new Set([...kept, ...Object.keys(measured)])].map((key) => [key, measured[key] ?? snapshot[key]]));
    writeFileSync(SNAPSHOT, `${JSON.stringify(merged, null, 2)}\n`);
    return measured;
  }
  // An entry pinned but gone, or new but not pinned, shows in the comparison: the keys are the
  // measured ones plus the pinned ones of the same packages.
  return Object.fromEntries(Object.entries(snapshot).filter(([specifier]) => packages.has(packageOf(specifier))));
}

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}
