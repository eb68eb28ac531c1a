/**
 * The SILP system prompts for an agent's instructions: `silpWritePrompt()` for an agent whose
 * answer (or handoff payload) is SILP, `silpReadPrompt()` for one that receives SILP payloads.
 */
import { readPrompt as read, resolveModelOptions, type SilpModelOptions, writePrompt as write } from "@silp/grammar";

export const writePrompt = (options: SilpModelOptions = {}): string => write(resolveModelOptions(options));
export const readPrompt = (options: SilpModelOptions = {}): string => read(resolveModelOptions(options));
