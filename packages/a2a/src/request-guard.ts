/**
 * A guard in front of the A2A SDK's JSON-RPC handler: refuses the requests the SDK would answer
 * with its own exception text (a part that is not an object makes it read `.text` of null: -32603
 * "Cannot read properties of null") or with a stack trace on stderr (it console.errors every
 * streaming request to an agent that does not stream). The peer gets the generic A2A error of
 * the case (invalid params -32602, unsupported operation -32004, the SDK's own texts), and the log
 * one line per refusal, naming only the method (from a fixed list) and the reason.
 *
 * It parses the body itself, as the SDK would (express.json with its defaults, and the SDK's
 * answer to malformed JSON); the SDK's parser then sees the body parsed and leaves it alone.
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";

export interface RequestGuardOptions {
  /** The agent answers SendStreamingMessage and SubscribeToTask (its card says streaming). */
  streaming: boolean;
  /** One line per refused request. */
  log: (line: string) => void;
}

/** Methods that carry a message (v1.0 names and the 0.3 ones the SDK still routes). */
const MESSAGE_METHODS = new Set(["SendMessage", "SendStreamingMessage", "message/send", "message/stream"]);
/** Methods answered as a stream. */
const STREAM_METHODS = new Set(["SendStreamingMessage", "SubscribeToTask", "message/stream", "tasks/resubscribe"]);

const INVALID_PARAMS = -32602;
const UNSUPPORTED_OPERATION = -32004;
const PARSE_ERROR = -32700;

export function requestGuard(options: RequestGuardOptions): Router {
  const router = express.Router();
  router.use(express.json(), malformedJson);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    if (req.method !== "POST" || !isPlainObject(body) || typeof body.method !== "string") {
      next();
      return;
    }
    const method = body.method;
    const id = typeof body.id === "string" || typeof body.id === "number" ? body.id : null;
    if (!options.streaming && STREAM_METHODS.has(method)) {
      options.log(`silp a2a: refused ${method}: this agent does not stream`);
      res.status(200).json({ jsonrpc: "2.0", id, error: { code: UNSUPPORTED_OPERATION, message: "Streaming is not supported." } });
      return;
    }
    const defect = MESSAGE_METHODS.has(method) ? messageDefect(body.params) : undefined;
    if (defect !== undefined) {
      options.log(`silp a2a: refused ${method}: ${defect}`);
      res.status(200).json({ jsonrpc: "2.0", id, error: { code: INVALID_PARAMS, message: "Invalid method parameters." } });
      return;
    }
    next();
  });
  return router;
}

/** What is wrong with a message's parts, when the SDK would trip over it. */
function messageDefect(params: unknown): string | undefined {
  if (!isPlainObject(params) || !isPlainObject(params.message)) return undefined; // the SDK answers these itself
  const parts = params.message.parts;
  if (parts === undefined) return undefined;
  if (!Array.isArray(parts)) return "params.message.parts is not an array";
  const bad = parts.findIndex((part) => !isPlainObject(part));
  return bad >= 0 ? `params.message.parts[${bad}] is not an object` : undefined;
}

/** The SDK's answer to a body that is not JSON; other body errors (413) go on to the app's handler. */
function malformedJson(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (error instanceof SyntaxError && "body" in error) {
    res.status(200).json({ jsonrpc: "2.0", id: null, error: { code: PARSE_ERROR, message: "Invalid JSON payload." } });
    return;
  }
  next(error);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
