/**
 * A dialect: its printer and its strict decoder. The decoder reads the text back into the code
 * frontend's tokens (parser.ts), lets the code frontend decode and validate them, and then prints
 * the IR again: the text is accepted only if it is exactly what the printer writes for that IR
 * (parse(t) = ir implies print(ir) === t), so no text that another IR prints is ever accepted.
 */
import { type MetaOptionalIR, SilpError, type SilpIR, type SilpIRInput, type SilpOptions, compile, decode, deriveReqId, getFrontend } from "silp";
import { type ResolvedOptions, resolveOptions } from "silp/util";
import { unspell } from "./parser.js";
import { respell } from "./printer.js";
import type { DialectSpec } from "./spec.js";
import { type Spellings, resolveSpellings } from "./spellings.js";

export interface Dialect {
  readonly spec: DialectSpec;
  /** The IR's payload in this dialect (the IR is validated first with `options`, as compile does). */
  print(ir: SilpIR | SilpIRInput | MetaOptionalIR, options?: SilpOptions): string;
  /**
   * Strict: the validated IR, or a SilpError (invalid_syntax with offset, line and column).
   * Accepts exactly the texts `print(ir, options)` writes; `options.strict` is always true here.
   */
  parse(text: string, options?: SilpOptions): SilpIR;
}

/**
 * How the canonical check judges the meta trailer: as `print` with this inlineMeta would write it,
 * or "as-written" (a trailer is accepted whether or not the meta needed one).
 */
export type MetaCheck = boolean | "auto" | "as-written";

/** The code frontend's printer, run on an IR that is already valid and in normal form. */
function printCode(ir: SilpIR, inlineMeta: boolean | "auto"): string {
  const code = getFrontend("code");
  return (code.compile as NonNullable<typeof code.compile>)(ir, resolveOptions({ inlineMeta }));
}

/**
 * Decodes a dialect payload with the caller's options. `metaCheck` "auto": canonical means what
 * `print` writes (meta only when needed); "as-written": a trailer is accepted whether or not the
 * meta needed one (a sender may compile with inlineMeta: true), everything else must be canonical.
 */
/**
 * The inlineMeta the printer checks the text against. "as-written": a trailer with an id= as
 * `inlineMeta: true` writes it, one without as "auto" does, none as the compact surface.
 */
function inlineMetaToCheck(metaCheck: MetaCheck, metaForm: "items" | "json" | undefined, reqIdDerived: boolean): boolean | "auto" {
  if (metaForm === "json") return false;
  if (metaCheck !== "as-written") return metaCheck;
  if (metaForm === undefined) return false;
  return reqIdDerived ? "auto" : true;
}

export function decodeDialect(text: string, spellings: Spellings, options: ResolvedOptions, metaCheck: MetaCheck): { ir: SilpIR; reqIdDerived: boolean } {
  const { code, toTextOffset, metaForm, metaAt } = unspell(text, spellings);
  let result: ReturnType<typeof decode>;
  try {
    result = decode(code, "code", options);
  } catch (error) {
    if (error instanceof SilpError && error.offset !== undefined) error.relocate(text, toTextOffset(error.offset));
    throw error;
  }
  // A JSON trailer of an earlier version is checked by the code decoder; the rest must be canonical.
  const checked = metaForm === "json" ? text.slice(0, metaAt) : text;
  const canonical = respell(printCode(result.ir, inlineMetaToCheck(metaCheck, metaForm, result.reqIdDerived)), spellings);
  if (canonical !== checked) {
    let at = 0;
    while (at < checked.length && at < canonical.length && checked.charCodeAt(at) === canonical.charCodeAt(at)) at++;
    const expected = at < canonical.length ? [JSON.stringify(canonical.slice(at, at + 12))] : ["the end of the payload"];
    throw new SilpError(
      "invalid_syntax",
      `not this dialect's canonical spelling of the payload (strict decoder): at offset ${at} the printer writes ${expected[0]}`,
      {
        source: text,
        offset: at,
        expected,
      },
    );
  }
  return { ir: result.ir, reqIdDerived: result.reqIdDerived };
}

export function createDialect(spec: DialectSpec): Dialect {
  const spellings = resolveSpellings(spec);
  return Object.freeze({
    spec: Object.freeze({ ...spec }),
    print: (ir: SilpIR | SilpIRInput | MetaOptionalIR, options?: SilpOptions): string => respell(compile(ir, "code", options), spellings),
    parse: (text: string, options?: SilpOptions): SilpIR => {
      if (typeof text !== "string") throw new TypeError("parse expects the payload as a string");
      const resolved = resolveOptions({ ...options, strict: true });
      const { ir, reqIdDerived } = decodeDialect(text, spellings, resolved, resolved.inlineMeta);
      // As decode does: a payload without meta gets the req_id derived from its own text.
      return reqIdDerived ? { ...ir, meta: { ...ir.meta, req_id: deriveReqId(text.trim(), resolved.scopeLimited) } } : ir;
    },
  });
}
