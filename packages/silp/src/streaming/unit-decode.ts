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

/**
 * Units that may fail to decode before a stream stops reporting parts. A payload being streamed
 * has none (its units are its own parts); text whose units keep failing is not one, and each
 * failure costs an error object (found by fuzzing: 100K failing units of 334 KB took 10 s). The
 * final result is unaffected: `end()` decodes the whole text.
 */
export const MAX_FAILED_UNITS = 32;

export class UnitDecoder {
  private failures = 0;

  constructor(
    private readonly frontend: string,
    private readonly options: ResolvedOptions,
  ) {}

  /** True once MAX_FAILED_UNITS units failed: the scanner stops. */
  get exhausted(): boolean {
    return this.failures >= MAX_FAILED_UNITS;
  }

  /** The unit's IR in normal form, or undefined when it does not decode. */
  decode(text: string): SilpIR | undefined {
    if (this.exhausted) return undefined;
    try {
      const prepared = prepareForDecode(text, this.options);
      const context = new DecodeContext(prepared.text, this.options, prepared.hooks);
      const decodeRange = getFrontend(this.frontend).decode;
      if (!decodeRange) return undefined;
      // As validation does before normalizing: a null optional field means absent (docs/ir.md).
      return normalize(dropNullOptionals(decodeRange(context, 0, prepared.text.length).ir).value as SilpIRInput);
    } catch {
      // Any failure means "not a part": a unit is a fragment, and the final decode reports errors.
      this.failures++;
      return undefined;
    }
  }
}
