/** Types of consumer-tsc.mjs, for the tests that use it. */
export declare function consumerTsc(
  files: readonly string[],
  cwd: string,
  resolution?: "nodenext" | "bundler",
  options?: { libCheck?: boolean },
): { status: number; errors: string[] };
