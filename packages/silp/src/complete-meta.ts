/**
 * The IR a person writes (docs/ir.md, "An IR without meta"): only what carries
 * meaning should be needed. Spec 3.9's schema requires `meta` and `meta.req_id`; the draft's
 * round-trip text (-02 4.6) says a decoded req_id "is regenerated from the compiled text via
 * SHA-256 hash truncation, so it may differ from the original if the original was not generated
 * by compile". So compile generates it: in lenient mode (the default) an IR without `meta`, or
 * whose meta has no `req_id`, gets the req_id decode would derive from the payload compile
 * prints. The id is deterministic, and a receiver decoding that payload derives the very same
 * id, so the two sides correlate without carrying it. With `strict: true` the IR must be
 * spec-complete: a missing meta or req_id stays `invalid_ir`.
 */
import { getFrontend, type Frontend } from "./frontends/registry.js";
import { deriveReqId, withReqId } from "./ir/req-id.js";
import { isPlainObject } from "./ir/normalize.js";
import type { Meta, MetaOptionalIR, SilpIRInput } from "./ir/types.js";
import { assertValid } from "./ir/validate.js";
import { resolveOptions, type ResolvedOptions, type SilpOptions } from "./options.js";

/** A field compile filled in, with the value it chose. */
export interface MetaFill {
  /** JSON Pointer of the filled field: `/meta` (the whole meta was missing) or `/meta/req_id`. */
  path: "/meta" | "/meta/req_id";
  /** The generated req_id. */
  reqId: string;
}

/** A placeholder req_id for printing the payload the real one is derived from (never printed there). */
const PLACEHOLDER_REQ_ID = "0000";

/**
 * The IR with its req_id generated when it lacks one (lenient mode), and what was filled; the IR
 * unchanged (and `filled` undefined) when it has one, in strict mode, or when it is not an object
 * whose `meta` is absent or an object (validation reports those as usual).
 */
export function completeMeta(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions): { ir: SilpIRInput; filled?: MetaFill } {
  return completeMetaResolved(ir, frontend, resolveOptions(options));
}

/** completeMeta with options already resolved: compile's step, which resolved them at its entry. */
export function completeMetaResolved(ir: SilpIRInput | MetaOptionalIR, frontend: string, resolved: ResolvedOptions): { ir: SilpIRInput; filled?: MetaFill } {
  const input: unknown = ir;
  const asIs = { ir: ir as SilpIRInput };
  if (resolved.strict || !isPlainObject(input)) return asIs;
  const meta: unknown = input.meta;
  if (meta !== undefined && !isPlainObject(meta)) return asIs;
  if (meta !== undefined && meta.req_id !== undefined) return asIs;
  const reqId = deriveReqId(payloadWithoutReqId(input as unknown as MetaOptionalIR, frontend, resolved).trim(), resolved.scopeLimited);
  const filled: MetaFill = { path: meta === undefined ? "/meta" : "/meta/req_id", reqId };
  return { ir: { ...(input as unknown as SilpIRInput), meta: withReqId(meta as Partial<Meta> | undefined, reqId) }, filled };
}

/**
 * The payload `frontend` prints for this IR without its req_id: the payload itself unless the
 * req_id travels inline (`inlineMeta: true`), then the compact one. Code's, when the frontend
 * compiles only asynchronously (a lossy model).
 */
function payloadWithoutReqId(ir: MetaOptionalIR, frontend: string, resolved: ResolvedOptions): string {
  const target: Frontend = getFrontend(frontend);
  const printer = target.compile ? target : getFrontend("code");
  // Resolved options with one field set to another valid value are resolved options (options.ts).
  const compact: ResolvedOptions = resolved.inlineMeta === true ? Object.freeze({ ...resolved, inlineMeta: false }) : resolved;
  const probe: SilpIRInput = { ...ir, meta: withReqId(ir.meta, PLACEHOLDER_REQ_ID) };
  return (printer.compile as NonNullable<Frontend["compile"]>)(assertValid(probe, compact).ir, compact);
}
