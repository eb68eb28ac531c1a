/**
 * This release of the codec. The one place the version is written in source: `npm run version`
 * (scripts/sync-version.mjs) rewrites it from packages/silp/package.json after changesets bumps
 * it, and test/version.test.ts fails when the two disagree. Every @silp/* package and silpc is
 * released in lockstep with the codec (a fixed changesets group), so they all report this.
 */
export const VERSION = "0.2.0";
