/**
 * A guard in front of the A2A SDK's JSON-RPC handler: refuses the requests the SDK would answer
 * with its own exception text (a part that is not an object makes it read `.text` of null: -32603
 * "Cannot read properties of null") or with a stack trace on stderr (it console.errors every
 * streaming request to an agent that does not stream), or with the wrong code: @a2a-js/sdk 1.3.0
 * answers a request that is not JSON-RPC 2.0 and an unknown method without params with invalid
 * params (-32602), where JSON-RPC 2.0 (section 5.1) asks for invalid request (-32600) and method
 * not found (-32601), and it accepts ListTasks parameters the spec rules out (a negative
 * historyLength, a statusTimestampAfter such as "-1", which Date.parse reads as a year). The peer
 * gets the generic error of the case, and the log one line per refusal, naming only the method
 * (from a fixed list) and the reason. docs/integrations.md lists each with the request and what
 * the SDK answers.
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

/** The methods of A2A 1.0's JSON-RPC binding, which the SDK routes. */
const METHODS = new Set([
  "SendMessage",
  "SendStreamingMessage",
  "GetTask",
  "ListTasks",
  "CancelTask",
  "SubscribeToTask",
  "CreateTaskPushNotificationConfig",
  "GetTaskPushNotificationConfig",
  "ListTaskPushNotificationConfigs",
  "DeleteTaskPushNotificationConfig",
  "GetExtendedAgentCard",
]);
/** Methods that carry a message. */
const MESSAGE_METHODS = new Set(["SendMessage", "SendStreamingMessage"]);
/** Methods answered as a stream. */
const STREAM_METHODS = new Set(["SendStreamingMessage", "SubscribeToTask"]);

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const UNSUPPORTED_OPERATION = -32004;

/** An RFC 3339 date-time (the profile of ISO 8601 A2A's timestamps use). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export function requestGuard(options: RequestGuardOptions): Router {
  const router = express.Router();
  // strict: false reads any JSON value, so a body that is JSON but not an object is an invalid
  // request, and only a body that is not JSON at all a parse error.
  router.use(express.json({ strict: false }), malformedJson);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    // Another content type is the SDK's to refuse (-32005, content type not supported).
    if (req.method !== "POST" || !req.is("application/json")) {
      next();
      return;
    }
    const refuse = (id: string | number | null, code: number, message: string, why: string): void => {
      options.log(`silp a2a: refused ${why}`);
      res.status(200).json({ jsonrpc: "2.0", id, error: { code, message } });
    };
    const defect = requestDefect(body);
    if (defect !== undefined) {
      refuse(isPlainObject(body) && validId(body.id) ? (body.id as string | number | null) : null, INVALID_REQUEST, "Invalid Request.", `a request: ${defect}`);
      return;
    }
    const request = body as Record<string, unknown> & { method: string };
    const method = request.method;
    const id = (request.id ?? null) as string | number | null;
    if (!METHODS.has(method)) {
      refuse(id, METHOD_NOT_FOUND, "Method not found.", "an unknown method");
      return;
    }
    if (!options.streaming && STREAM_METHODS.has(method)) {
      refuse(id, UNSUPPORTED_OPERATION, "Streaming is not supported.", `${method}: this agent does not stream`);
      return;
    }
    const paramsDefect = MESSAGE_METHODS.has(method) ? messageDefect(request.params) : method === "ListTasks" ? listDefect(request.params) : undefined;
    if (paramsDefect !== undefined) {
      refuse(id, INVALID_PARAMS, "Invalid method parameters.", `${method}: ${paramsDefect}`);
      return;
    }
    next();
  });
  return router;
}

/**
 * Why a body is not a JSON-RPC 2.0 request (section 4): not an object (a batch included: A2A
 * has none), `jsonrpc` other than "2.0", an id other than a string, an integer or null, or no
 * method name.
 */
function requestDefect(body: unknown): string | undefined {
  if (!isPlainObject(body)) return Array.isArray(body) ? "a batch" : "not an object";
  if (body.jsonrpc !== "2.0") return 'jsonrpc is not "2.0"';
  if ("id" in body && !validId(body.id)) return "id is not a string, an integer or null";
  if (typeof body.method !== "string" || body.method === "") return "no method name";
  return undefined;
}

function validId(id: unknown): boolean {
  return id === null || typeof id === "string" || (typeof id === "number" && Number.isInteger(id));
}

/** ListTasks parameters A2A 1.0 rules out that the SDK lets through. */
function listDefect(params: unknown): string | undefined {
  if (!isPlainObject(params)) return undefined; // the SDK answers these itself
  const { historyLength, statusTimestampAfter } = params;
  if (historyLength !== undefined && !(Number.isInteger(historyLength) && (historyLength as number) >= 0)) return "historyLength is not a count";
  if (
    statusTimestampAfter !== undefined &&
    !(typeof statusTimestampAfter === "string" && DATE_TIME.test(statusTimestampAfter) && !Number.isNaN(Date.parse(statusTimestampAfter)))
  ) {
    return "statusTimestampAfter is not a date-time";
  }
  return undefined;
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
