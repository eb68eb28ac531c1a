/**
 * Streaming decode under fuzzing: the input pushed in three chunks ends with
 * exactly what decode() of the whole input gives (the same IR and repairs, or the same error
 * code and offset), and every part seen on the way is one of the final IR's.
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
  const third = Math.max(1, Math.floor(input.length / 3));
  const decoder = createDecoder(frontend, options);
  const parts: StreamPart[] = [];
  for (const chunk of [input.slice(0, third), input.slice(third, 2 * third), input.slice(2 * third)]) for (const part of decoder.push(chunk)) parts.push(part);
  const streamed = outcome(() => decoder.end());
  assert.deepStrictEqual(
    streamed,
    outcome(() => decode(input, frontend, options)),
    "the stream's end equals decode() of the whole text",
  );
  const final = streamed as { ir?: { intent: string; entities: unknown[]; constraints: unknown[]; alternatives: unknown[] }; repairs?: { kind: string }[] };
  // Parts are only promised for a payload that decodes as it streams: once the final decode had to
  // extract the payload from prose, what streamed before it may have been prose (docs/grammar.md).
  if (!final.ir || final.repairs?.some((repair) => repair.kind === "prose_around_payload")) return;
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
