/**
 * The round-trip targets on the study's cases, as speed relative to JSON.stringify + JSON.parse of
 * the same IRs (higher is faster). One table, so that `npm run bench` and `npm run bench:floor`
 * hold the codec to the same numbers.
 */
export const ROUND_TRIP_TARGETS = [
  { name: "code round trip, compact surface", frontend: "code", options: { inlineMeta: false }, target: 0.85 },
  { name: "code round trip, default options", frontend: "code", options: undefined, target: 0.65 },
  { name: "json round trip, default options", frontend: "json", options: undefined, target: 0.5 },
] as const;

/** The targets in one sentence, as both scripts print them. */
export const TARGETS_LINE = `Targets on the study cases: ${ROUND_TRIP_TARGETS.map((t) => `${t.name} >= ${t.target.toFixed(2)}`).join("; ")} (speed vs JSON).`;
