/** The compile lock tests' fixtures, shared with silpc's lock tests through the testkit. */
export { repoRoot, sampleIr, withTempDir } from "@silp/testkit/lock-fixtures.js";
