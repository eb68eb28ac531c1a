/**
 * What the MCP client converter tests call each converted tool with (lab/mcp-client-converters.test.ts,
 * and lab/node22/openai-agents-converter.test.ts on Node 22): the SILP tools as `tools/list` lists
 * them, a host's own tool that takes SILP in its arguments, and arguments for each that together
 * use every declared property.
 */
import * as tokens from "@silp/tokens";
import { silpArgumentsSchema, silpTools } from "@silp/mcp";
import { ARGUMENT_SAMPLES } from "../client-schema-fit.js";

export type Args = Record<string, unknown>;

const tools = silpTools({ tokens });
/** A host's own tool that takes SILP in its arguments (silpArgumentsSchema), beside the SILP tools. */
const hostTool = {
  name: "book_room",
  inputSchema: silpArgumentsSchema({ properties: { user_id: { type: "string" } }, required: ["user_id"] }),
};
const hostSample: Args = {
  user_id: "u1",
  silp_encoding: "code",
  silp_payload: "book(hotel)",
  silp_meta: { req_id: "4a5b6c7d", session_id: "s1", x_trace: { hop: 1 } },
  silp: "v1",
  silp_ir_version: "ir-v0.1",
};
export const listed = [
  ...tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
  { ...hostTool, description: "a host tool" },
];
export const samples: Record<string, readonly Args[]> = { ...ARGUMENT_SAMPLES, book_room: [hostSample] };
export const schemaOf = (name: string) => (listed.find((tool) => tool.name === name) as { inputSchema: Record<string, unknown> }).inputSchema;
