/**
 * `aidipAgentTestDouble`: a test double of an AIDIP agent endpoint (POST /agents/{id}/invoke) on
 * 127.0.0.1. It really decodes the SILP payload of `inputs` with silp/aidip and answers with a
 * SILP payload in `outputs` built by `respond`; a SilpError becomes HTTP 400 {error: {...}}.
 * Only the routing and the answer are scripted; nothing about SILP is faked.
 */
import { createServer } from "node:http";
import { SilpError, type SilpIRInput } from "silp";
import { readSilpInvocation, silpInvocationResult, type ReadResult } from "@silp/a2a/aidip";
import { closeServer, listenOnLoopback } from "./loopback.js";

export interface AidipTestDouble {
  baseUrl: string;
  /** Every request the endpoint decoded, in order. */
  received: { agentId: string; read: ReadResult }[];
  close(): Promise<void>;
}

export async function aidipAgentTestDouble(respond: (read: ReadResult, agentId: string) => SilpIRInput): Promise<AidipTestDouble> {
  const received: AidipTestDouble["received"] = [];
  const server = createServer((req, res) => {
    const match = /^\/agents\/([^/]+)\/invoke$/.exec(req.url ?? "");
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method !== "POST" || !match) return send(404, { error: { message: "not found" } });
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      try {
        const agentId = decodeURIComponent(match[1]!);
        const body: unknown = JSON.parse(raw);
        const form = typeof (body as { inputs?: unknown }).inputs === "string" ? "string" : "object";
        const read = readSilpInvocation(body);
        received.push({ agentId, read });
        send(200, silpInvocationResult(respond(read, agentId), { form, body: { agent_id: agentId, status: "completed" } }));
      } catch (error) {
        if (error instanceof SilpError) return send(400, { error: error.toJSON() });
        send(500, { error: { message: String(error) } });
      }
    });
  });
  const port = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${port}`, received, close: () => closeServer(server) };
}
