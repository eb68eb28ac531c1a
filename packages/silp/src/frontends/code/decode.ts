/**
 * The code frontend's decode: one parser (parser.ts) hands each unit it completes to the lowering
 * (lower.ts), which builds the IR from them. `decodeCodePayload` reads a whole payload;
 * `openCodeStream` reads one that arrives in chunks, through the same parser and lowering, and
 * sends each part on as its unit completes.
 */
import type { DecodeContext, DecodedPayload, PartSink, PayloadStream } from "../decode-context.js";
import { StatementLowering } from "./lower.js";
import { CodeParser } from "./parser.js";

export function decodeCodePayload(context: DecodeContext, start: number, end: number): DecodedPayload {
  const lowering = new StatementLowering(context);
  return lowering.finish(CodeParser.whole(context, lowering, start, end).parse());
}

export function openCodeStream(context: DecodeContext, start: number, sink: PartSink): PayloadStream {
  const lowering = new StatementLowering(context, sink);
  const parser = CodeParser.stream(context, lowering, start);
  return {
    append: (chunk) => parser.append(chunk),
    get position() {
      return parser.position;
    },
    work: parser.work,
    finish: (end) => lowering.finish(parser.finish(context.source, end)),
  };
}
