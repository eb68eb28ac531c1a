/**
 * Streaming decode under fuzzing: the input pushed in three chunks, and again one character at a
 * time, ends with exactly what decode() of the whole input gives (the same IR and repairs, or the
 * same error code and offset), and every part seen on the way is one of the final IR's whenever
 * the end succeeds, whatever the end repaired (docs/grammar.md, "What a stream promises": lenient
 * extraction never chooses a payload without the parts the stream handed on).
 */
import assert from "node:assert/strict";
import { createDecoder, decode, isSilpError, type SilpOptions, type StreamPart } from "silp";

function outcome(run: () => { ir: unknown; repairs: unknown }): unknown {
  try {
    const { ir, repairs } = run();
    return { ir, repairs };
  } catch (error) {
    if (!isSilpError(error)) throw error;
    return { code: error.code, offset: error.offset };
  }
}

export function assertStreamMatchesDecode(input: string, frontend: string, options: SilpOptions): void {
  const whole = outcome(() => decode(input, frontend, options));
  const third = Math.max(1, Math.floor(input.length / 3));
  assertStreamed([input.slice(0, third), input.slice(third, 2 * third), input.slice(2 * third)], whole, frontend, options);
  // One UTF-16 unit a chunk: a surrogate pair split across chunks, as a byte-level stream may.
  assertStreamed(
    Array.from({ length: input.length }, (_, i) => input.charAt(i)),
    whole,
    frontend,
    options,
  );
}

function assertStreamed(chunks: readonly string[], whole: unknown, frontend: string, options: SilpOptions): void {
  const decoder = createDecoder(frontend, options);
  const parts: StreamPart[] = [];
  for (const chunk of chunks) for (const part of decoder.push(chunk)) parts.push(part);
  const streamed = outcome(() => decoder.end());
  assert.deepStrictEqual(streamed, whole, `the stream's end (${chunks.length} chunks) equals decode() of the whole text`);
  const final = streamed as { ir?: { intent: string; entities: unknown[]; constraints: unknown[]; alternatives: unknown[] } };
  if (!final.ir) return;
  const all = new Set([...final.ir.entities, ...final.ir.constraints, ...final.ir.alternatives].map((item) => JSON.stringify(item)));
  for (const part of parts) {
    if (part.kind === "intent") assert.equal(part.intent, final.ir.intent, "the streamed intent is the final one");
    else
      assert.ok(
        all.has(JSON.stringify(part.kind === "entity" ? part.entity : part.kind === "constraint" ? part.constraint : part.alternative)),
        `streamed ${part.kind} is in the final IR`,
      );
  }
}
