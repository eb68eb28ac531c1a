/** Types of node22.mjs, for vitest.config.ts and scripts/node22-pool.ts. */
export declare const NODE22_DIR: string;
export declare const NODE22_PACKAGE: string;
export declare function node22Binary(): string | undefined;
export declare function requireNode22(): string;
