/**
 * How a SILP processor stops a call whose text is not SILP, and how the caller gets the SilpError
 * back. Mastra's idiom for a processor that refuses is the tripwire (`abort(reason)`): the call
 * resolves with `result.tripwire` set instead of throwing. Mastra 1.x keeps a tripwire's
 * `metadata` as given, so it carries the SilpError object itself; Mastra 0.x keeps only the reason
 * text, so the reason carries the error's code and position in a fixed form that
 * `silpErrorOfTripwire` reads back (a thrown error would be wrapped, losing its type, by 0.x's
 * input step and by 1.x's processor workflow).
 */
import { SilpError, type SilpErrorCode } from "silp";

/** The reason text: `SILP error[<code>] at <offset> (line <l>, column <c>): <message>`. */
const REASON = /^SILP error\[([a-z_]+)\](?: at (\d+) \(line (\d+), column (\d+)\))?: ([\s\S]*)$/;

export type Abort = (reason?: string, options?: { metadata?: unknown }) => never;

export function stopWith(abort: Abort, error: SilpError): never {
  const at = error.offset !== undefined && error.line !== undefined ? ` at ${error.offset} (line ${error.line}, column ${error.column})` : "";
  try {
    return abort(`SILP error[${error.code}]${at}: ${error.message}`, { metadata: { error } });
  } catch (tripwire) {
    // A refusal, not a crash: Mastra 1.x logs every processor's abort at error level with the
    // thrown tripwire's stack ("Error executing step …"), and the frames of a deliberate stop only
    // bury its reason. The log keeps one line: the reason, with the SilpError's code and position.
    if (tripwire instanceof Error) tripwire.stack = `${tripwire.name}: ${tripwire.message}`;
    throw tripwire;
  }
}

/**
 * The SilpError a SILP processor stopped the call with, from the call's tripwire (1.x: the object
 * `{ reason, metadata, processorId }`; 0.x: `true`, with the reason beside it), or undefined.
 */
export function silpErrorOfTripwire(tripwire: unknown, reason: unknown): SilpError | undefined {
  if (typeof tripwire === "object" && tripwire !== null) {
    const { metadata } = tripwire as { metadata?: { error?: unknown } };
    if (metadata?.error instanceof SilpError) return metadata.error;
    reason = (tripwire as { reason?: unknown }).reason;
  } else if (tripwire !== true) return undefined;
  const match = typeof reason === "string" ? REASON.exec(reason) : null;
  if (!match) return undefined;
  const [, code, offset, line, column, message] = match;
  return SilpError.fromJSON({
    code: code as SilpErrorCode,
    message: message ?? "",
    ...(offset === undefined ? {} : { offset: Number(offset), line: Number(line), column: Number(column) }),
  });
}
