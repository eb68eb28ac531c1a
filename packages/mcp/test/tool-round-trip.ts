/**
 * The round trip a test makes through a running SILP MCP server: the compile tool's payload is
 * the compact code payload (compared with the codec's own compile), and the decode tool, given
 * the envelope compile returned, gives back the IR's normal form.
 */
import assert from "node:assert/strict";
import { compile, normalize, type SilpIRInput } from "silp";

interface ToolClient {
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}
type CallResult = { structuredContent?: Record<string, unknown> };

export async function assertToolRoundTrip(client: ToolClient, ir: SilpIRInput): Promise<void> {
  const compiled = (await client.callTool({ name: "compile", arguments: { ir } })) as CallResult;
  assert.equal(compiled.structuredContent?.silp_payload, compile(ir, "code", { inlineMeta: false }));
  const decoded = (await client.callTool({ name: "decode", arguments: compiled.structuredContent ?? {} })) as CallResult;
  assert.deepEqual(decoded.structuredContent?.ir, normalize(ir));
}
