/**
 * The @silp packages that commands load on demand, each through importOptional: a command whose
 * package is absent fails with `dependency_missing` and the `npm install` line, and commands
 * that do not need a package never load it (`silpc compile` stays fast).
 */
import { importOptional } from "silp/util";

export const loadTokens = (purpose: string) => importOptional("@silp/tokens", purpose, () => import("@silp/tokens"));
export const loadLock = (purpose: string) => importOptional("@silp/lock", purpose, () => import("@silp/lock"));
export const loadMcp = (purpose: string) => importOptional("@silp/mcp", purpose, () => import("@silp/mcp"));
export const loadLlmlingua2 = (purpose: string) => importOptional("@silp/llmlingua2", purpose, () => import("@silp/llmlingua2"));
export const loadA2a = (purpose: string) => importOptional("@silp/a2a", purpose, () => import("@silp/a2a"));
export const loadDemo = (purpose: string) => importOptional("@silp/a2a", purpose, () => import("./demo/index.js"));
export const loadGrammar = (purpose: string) => importOptional("@silp/grammar", purpose, () => import("@silp/grammar"));
export const loadDialects = (purpose: string) => importOptional("@silp/dialects", purpose, () => import("@silp/dialects"));
export const loadEvolve = (purpose: string) => importOptional("@silp/evolve", purpose, () => import("@silp/evolve"));
