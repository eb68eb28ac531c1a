/**
 * How a consumer project type-checks our packages: tsc, strict, `skipLibCheck: false`, one module
 * resolution at a time (`nodenext` or `bundler`), Node's types from the repository's @types (a
 * Node consumer has them). Used by `npm run size` (scripts/pack-install.mjs) on installed tarballs
 * and by the tests of the README's and the packages' examples on the built packages.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Runs tsc over `files` from `cwd`; returns its exit status and the `error TS` lines.
 * `libCheck: false` skips checking the declaration files themselves (ours and every dependency's):
 * for the docs' examples, whose subject is the examples, while `npm run size` checks the packages'
 * declarations as installed, with skipLibCheck false, in CI.
 */
export function consumerTsc(files, cwd, resolution = "nodenext", { libCheck = true } = {}) {
  const args = [
    join(ROOT, "node_modules/typescript/bin/tsc"),
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    String(!libCheck),
    "--module",
    resolution === "bundler" ? "esnext" : "nodenext",
    "--moduleResolution",
    resolution,
    "--target",
    "es2022",
    "--typeRoots",
    join(ROOT, "node_modules/@types"),
    "--types",
    "node",
    ...files,
  ];
  const run = spawnSync(process.execPath, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  return { status: run.status ?? -1, errors: (run.stdout ?? "").split("\n").filter((line) => line.includes("error TS")) };
}
