/**
 * Where the CLI finds the study data when a command is not told: $SILP_CORPUS, else the copy in
 * the repository (data/study, see data/README.md), found from this file's place in
 * packages/cli/src or packages/cli/dist. An installed silpc has no such folder and asks for one.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./io.js";

export function defaultStudyDir(): string {
  const fromEnv = process.env.SILP_CORPUS;
  if (fromEnv !== undefined && fromEnv !== "") return resolve(fromEnv);
  const inRepository = fileURLToPath(new URL("../../../data/study", import.meta.url));
  if (existsSync(inRepository)) return inRepository;
  throw new UsageError("no study folder here: pass one (a copy of the silp repository's data/study) or set SILP_CORPUS");
}

/** `--study` given without a folder (commander's `true`) means the default folder. */
export function studyDirOption(value: string | boolean | undefined): string | undefined {
  if (value === undefined || value === false) return undefined;
  return value === true ? defaultStudyDir() : resolve(value);
}
