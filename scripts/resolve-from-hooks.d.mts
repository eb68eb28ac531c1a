/** Types of resolve-from-hooks.mjs, for vitest.config.ts. */
export interface ResolveFromEntry {
  name: string;
  dir: string;
}
export declare function resolveFromEntries(value?: string): ResolveFromEntry[];
export declare function names(specifier: string, name: string): boolean;
