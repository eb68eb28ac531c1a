/** The compile lock tests' fixtures, shared with silpc's lock tests through the testkit. */
import { assertValid } from "silp";
import { resolveOptions } from "silp/util";
import { hashNormalIr, linkRecord, outputHash, type LockRecord } from "../src/record.js";
import { serializeRecord } from "../src/serialize.js";

export { repoRoot, sampleIr, withTempDir } from "@silp/testkit/lock-fixtures.js";

/**
 * The text of a valid chain of `count` seal records (IR `task_<n>` sealed as `start(task_<n>)`),
 * built without the file lock, so a large file takes a second to make instead of `count` fsyncs.
 */
export function chainText(count: number): string {
  const lines: string[] = [];
  let tail: LockRecord | undefined;
  for (let n = 0; n < count; n++) {
    const ir = assertValid({ intent: "!START", entities: [{ id: "act", value: `task_${n}` }], meta: { req_id: "0000abcd" } }, resolveOptions({})).ir;
    const compiled = `start(task_${n})`;
    tail = linkRecord(
      {
        kind: "seal",
        frontend: "code",
        ir_hash: hashNormalIr(ir),
        output_hash: outputHash(compiled),
        compiled,
        ir,
        timestamp: "2026-01-01T00:00:00.000Z",
        silp: "v1",
        library_version: "0.2.0",
      },
      tail,
    );
    lines.push(serializeRecord(tail as unknown as Record<string, unknown>));
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
