/**
 * Decodes one completed unit of a stream (an argument, a constraint, an alternative, a json
 * property or list item) through the frontend's own parser and lowering, wrapped in a tiny
 * synthetic payload: the stream's parts come from the same code as `decode()`, never from a
 * second grammar. Each unit's text is decoded once, so the total work stays linear in the stream.
 * Not validated (a unit alone is not a valid IR, e.g. a placeholder verb); a unit that does not
 * decode yields nothing, and the final `decode()` reports the error.
 */
import { DecodeContext } from "../frontends/decode-context.js";
import { getFrontend } from "../frontends/registry.js";
import { dropNullOptionals, normalize } from "../ir/normalize.js";
import type { SilpIR, SilpIRInput } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";
import { prepareForDecode } from "../security/decode-guard.js";

export function decodeUnit(frontend: string, text: string, options: ResolvedOptions): SilpIR | undefined {
  try {
    const prepared = prepareForDecode(text, options);
    const context = new DecodeContext(prepared.text, options, prepared.hooks);
    const decodeRange = getFrontend(frontend).decode;
    if (!decodeRange) return undefined;
    // As validation does before normalizing: a null optional field means absent (docs/ir.md).
    return normalize(dropNullOptionals(decodeRange(context, 0, prepared.text.length)).value as SilpIRInput);
  } catch {
    return undefined;
  }
}
