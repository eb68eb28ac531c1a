/** Types of node22.mjs, for the scripts that run on the lab's Node 22 (scripts/installed-adapters.ts). */
export declare const NODE22_DIR: string;
export declare const NODE22_PACKAGE: string;
export declare function node22Binary(): string | undefined;
export declare function requireNode22(): string;
