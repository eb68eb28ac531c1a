/**
 * Skips that must not happen in CI. A test whose tool is missing (redis-server, Chromium) skips
 * with one line saying what to install; with SILP_REQUIRE_ALL=1 (set by .ci/run, which installs
 * both) the same condition fails the test file instead, so CI cannot pass with 0 tests of a kind.
 */
export function skipUnlessRequired(reason: string): string {
  if (process.env.SILP_REQUIRE_ALL === "1") throw new Error(`SILP_REQUIRE_ALL=1 but: ${reason}`);
  return reason;
}
