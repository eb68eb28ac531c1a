/**
 * `silpOutput()`: an AI SDK `Output` (the `output` option of `generateText` and `streamText`)
 * whose result is the decoded payload and whose partial output, while the model streams, is the
 * partial IR that `createDecoder` builds from the text so far (docs/frameworks.md).
 *
 *   const { output } = await generateText({ model, system, prompt, output: silpOutput() });
 *   output.ir; output.repairs;          // a DecodeResult; a reply that is not SILP throws a SilpError
 *
 *   const result = streamText({ model, system, prompt, output: silpOutput() });
 *   for await (const partial of result.partialOutputStream) partial.intent, partial.entities;
 *   for await (const part of result.elementStream) part.kind, part.offset;   // each part once
 */
import type { OutputInterface } from "ai";
import { decode, type DecodeResult, type PartialIR, type StreamPart } from "silp";
import { TextFollower } from "./follow.js";
import { resolveModelOptions, type SilpModelOptions } from "@silp/grammar";

export type SilpOutput = OutputInterface<DecodeResult, PartialIR, StreamPart>;

export function silpOutput(options: SilpModelOptions = {}): SilpOutput {
  const resolved = resolveModelOptions(options);
  const follower = new TextFollower(resolved.frontend, resolved.decodeOptions);
  // Each partial IR handed to the SDK, with the parts that make it up (the element stream reads them back).
  const partsOf = new WeakMap<PartialIR, readonly StreamPart[]>();
  return {
    name: "silp",
    // The payload is text; a grammar, where the provider takes one, comes from silpMiddleware.
    responseFormat: Promise.resolve({ type: "text" }),
    // A reply that is not a payload throws the codec's SilpError (code, offset, line, column).
    async parseCompleteOutput({ text }) {
      return decode(text, resolved.frontend, resolved.decodeOptions);
    },
    async parsePartialOutput({ text }) {
      const followed = follower.follow(text);
      if (followed === undefined) return undefined;
      partsOf.set(followed.partial, followed.parts);
      return { partial: followed.partial };
    },
    createElementStreamTransform() {
      let published: readonly StreamPart[] = [];
      const publish = (parts: readonly StreamPart[], controller: TransformStreamDefaultController<StreamPart>): void => {
        // A shorter list, or one that does not begin with the parts published, is a new step's.
        const continues = parts.length >= published.length && published.every((part, index) => parts[index] === part);
        for (const part of parts.slice(continues ? published.length : 0)) controller.enqueue(part);
        published = parts;
      };
      return new TransformStream<{ partialOutput: PartialIR | undefined }, StreamPart>({
        transform({ partialOutput }, controller) {
          const parts = partialOutput === undefined ? undefined : partsOf.get(partialOutput);
          if (parts !== undefined) publish(parts, controller);
        },
        // A long text is read in steps (follow.ts): the parts of its last characters are read here.
        flush(controller) {
          if (follower.catchUp() !== undefined) publish([...follower.parts], controller);
        },
      });
    },
  };
}
