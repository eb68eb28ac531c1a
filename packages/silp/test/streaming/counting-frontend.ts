/**
 * A TEST DOUBLE of a frontend that reads: the real frontend's compile and reader, with a count of
 * its whole-text reads. decode() opens the reader and finishes it with nothing appended, so a
 * finish after no append is a whole-text decode; a stream appends its chunks first.
 */
import type { Frontend, FrontendDefinition } from "../../src/frontends/registry.js";
import type { PayloadStream } from "../../src/frontends/decode-context.js";

export interface CountingFrontend {
  name: string;
  description: string;
  /** Called at each whole-text read. */
  onWholeRead(): void;
  /** Called with each stream the reader opens (the stream reader's own first). */
  onOpen?(stream: PayloadStream): void;
}

export function countingFrontend(real: Frontend, counting: CountingFrontend): FrontendDefinition {
  const open = real.openStream as NonNullable<Frontend["openStream"]>;
  return {
    name: counting.name,
    // Not lossless, though it is the real frontend: files sharing this process list the lossless ones.
    lossless: false,
    description: counting.description,
    compile: real.compile,
    openStream: (context, start, sink) => {
      const stream = open(context, start, sink);
      counting.onOpen?.(stream);
      let appended = false;
      return {
        append(chunk) {
          appended = true;
          stream.append(chunk);
        },
        get position() {
          return stream.position;
        },
        work: stream.work,
        finish(end) {
          if (!appended) counting.onWholeRead();
          return stream.finish(end);
        },
      };
    },
  };
}
