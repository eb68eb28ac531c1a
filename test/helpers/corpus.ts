/** Where the tests find the study corpus: $SILP_CORPUS, else ../shared/corpus beside the repo. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export function corpusDir(): string { return resolve(process.env.SILP_CORPUS ?? resolve(repoRoot, "../shared/corpus")); }
