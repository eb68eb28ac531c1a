/** The code frontend's decode step: parse to a syntax tree, then lower it to an IR. */
import type { SilpIRInput } from "../../ir/types.js";
import type { DecodeContext } from "../decode-context.js";
import { lowerStatement } from "./lower.js";
import { parseStatement } from "./parser.js";

export function decodeCodePayload(context: DecodeContext, start: number, end: number): SilpIRInput {
  return lowerStatement(parseStatement(context, start, end), context);
}
