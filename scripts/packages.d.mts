/** Types of packages.mjs, for the tests of the pack scripts (packages/cli/test/pack-builds.test.ts). */
export interface Workspace {
  dir: string;
  manifest: { name: string; [field: string]: unknown };
  tarball?: string;
  tarballBytes?: number;
}
export declare const ROOT: string;
export declare function publishableWorkspaces(): Workspace[];
export declare function requiredFiles(manifest: Record<string, unknown>): string[];
export declare function unbuiltFiles(workspace: { dir: string; manifest: Record<string, unknown> }): string[];
export declare function packAll(workspaces: Workspace[], destination: string): void;
export declare function siblingClosure(workspaces: Workspace[], name: string): Set<string>;
export declare function packWorkspaces(folder: string): Workspace[];
export declare function tarballsOf(workspaces: Workspace[], name: string): string[];
