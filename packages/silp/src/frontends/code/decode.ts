/** The code frontend's decode step: parse to a syntax tree, then lower it to an IR. */
import type { DecodeContext, DecodedPayload } from "../decode-context.js";
import { lowerStatement } from "./lower.js";
import { parseStatement } from "./parser.js";

export function decodeCodePayload(context: DecodeContext, start: number, end: number): DecodedPayload {
  return lowerStatement(parseStatement(context, start, end), context);
}
