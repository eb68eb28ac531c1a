/** Where the tests find the study data: $SILP_CORPUS when set, else the copy in data/study. */
import { resolve } from "node:path";
import { REPO_ROOT } from "./paths.js";

export function corpusDir(): string {
  return resolve(process.env.SILP_CORPUS ?? resolve(REPO_ROOT, "data/study"));
}
