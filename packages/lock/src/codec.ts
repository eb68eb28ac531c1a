/**
 * The compile the lock uses when a seal is not given its text. It is the core's compileAsync,
 * so asynchronous frontends (llmlingua2, once its subpath module is imported) can be sealed too;
 * a caller may pass another function (e.g. a frontend registered elsewhere, or a test double).
 */
import { compileAsync } from "silp";
import type { SilpIR } from "silp";
import type { SilpOptions } from "silp";

/** Compiles an IR (already in normal form) in the named frontend. */
export type CompileFunction = (ir: SilpIR, frontend: string, options: SilpOptions) => string | Promise<string>;

export const coreCompile: CompileFunction = (ir, frontend, options) => compileAsync(ir, frontend, options as SilpOptions);
