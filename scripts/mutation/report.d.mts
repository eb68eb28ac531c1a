// Types of report.mjs for the TypeScript test that checks it (packages/testkit/test/mutation-report.test.ts).
export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  testsCompleted?: number;
  killedBy?: string[];
  coveredBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  [key: string]: unknown;
}
export interface MutationReport {
  files: Record<string, { mutants: ReportMutant[]; [key: string]: unknown }>;
  [key: string]: unknown;
}
export declare const DETECTED: Set<string>;
export declare const UNDETECTED: Set<string>;
export declare function countMutants(report: MutationReport, paths?: string[]): { detected: number; undetected: number; score: number };
export declare function mutantKey(mutant: ReportMutant): string;
export declare function applyRun(
  baseline: MutationReport,
  run: MutationReport,
  mode: "mutants" | "files",
): { replaced: number; newlyDetected: number; unmatched: string[] };
export declare function dropNonCoreFiles(baseline: MutationReport, corePaths: string[]): void;
export declare function staleFiles(baseline: MutationReport, corePaths: string[], readSource: (path: string) => string): string[];
export declare function runOfFiles(report: MutationReport, paths: string[], readSource: (path: string) => string): MutationReport;
