/**
 * The llama-2 tokenizer as the page loads it: its own ES module (tokenizers/llama-2.js next to
 * the page), because llama-tokenizer-js keeps its vocabulary and merges as base64 strings inside
 * its source, so the data cannot be fetched apart from the code. Encodes as @silp/tokens does
 * (study/tokens/src/loaders.ts): no BOS, the dummy-prefix space on.
 */
import llama from "llama-tokenizer-js";

export const encode = (text: string): number[] => llama.encode(text, false, true);
