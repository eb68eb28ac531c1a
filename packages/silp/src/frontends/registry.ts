/**
 * The frontend registry (spec section 4, Table 9). A frontend says whether its round trip is
 * lossless and gives its methods; what it can do is read from the methods, once, when it is
 * registered: it decodes when it has a reader (`openStream`) or `decode`, it streams when it has a
 * reader, it compiles asynchronously (a model runs) when it
 * has only `compileAsync`. So no flag can disagree with what the codec will do. Optional
 * frontends (llmlingua2, dialects) register themselves; replacing a registered name, a built-in
 * included, takes `{ replace: true }`.
 */

import type { SilpIR } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";
import { CodeParser } from "./code/parser.js";
import { printCode } from "./code/printer.js";
import type { DecodeContext, DecodedPayload, PartSink, PayloadStream } from "./decode-context.js";
import { openJsonStream } from "./json/reader.js";
import { printJson } from "./json/printer.js";
import { inlineMetaFor } from "./meta-carriage.js";
import { printNatural } from "./natural.js";
import { printNlJson } from "./nl-json.js";
import { SilpError, invalidOption } from "../errors.js";

export interface FrontendInfo {
  name: string;
  /** decode(compile(ir)) gives back the IR (spec 4.6). */
  lossless: boolean;
  /** The frontend can decode payloads. */
  decodes: boolean;
  /** Compiling needs `compileAsync` (e.g. a model runs). */
  async: boolean;
  /** A streaming decode reports the IR's parts as they arrive (the frontend has `openStream`). */
  streams: boolean;
  description: string;
}

/** What a frontend gives the registry: its name, its claim of losslessness, its methods. */
export interface FrontendDefinition {
  name: string;
  /** decode(compile(ir)) gives back the IR (spec 4.6). */
  lossless: boolean;
  description: string;
  compile?(ir: SilpIR, options: ResolvedOptions): string;
  /** Compiling with a model or another asynchronous step; `options.frontendOptions` carries the frontend's own options. */
  compileAsync?(ir: SilpIR, options: ResolvedOptions): Promise<string>;
  /**
   * A frontend that reads only whole payloads: decodes `context.source` between `start` and `end`
   * into a (not yet validated) IR. Not with `openStream`, whose reader decodes too.
   */
  decode?(context: DecodeContext, start: number, end: number): DecodedPayload;
  /**
   * The frontend's reader, which both decodes and streams: reads a payload starting at `start` as
   * it arrives (`append`), sending each part of the IR to `sink` as soon as the text holding it is
   * complete, and `finish` returns the (not yet validated) IR. decode() is this reader given
   * nothing to append and finished at the payload's end, so no second decoder can disagree with it.
   */
  openStream?(context: DecodeContext, start: number, sink?: PartSink): PayloadStream;
}

/** A registered frontend: its definition, with what it can do read from its methods (`decode`: its reader's, when it has one). */
export interface Frontend extends FrontendDefinition, FrontendInfo {}

export interface RegisterOptions {
  /** Replace a frontend already registered under this name (a built-in included). Default false. */
  replace?: boolean;
}

const builtins: FrontendDefinition[] = [
  {
    name: "code",
    lossless: true,
    description: "function-call syntax: if !rain(t+1): start(hike) else: start(cards@indoor)",
    compile: (ir, options) => printCode(ir, inlineMetaFor(ir, options)),
    openStream: (context, start, sink) => new CodeParser(context, start, sink),
  },
  {
    name: "json",
    lossless: true,
    description: "flat JSON semantic slots",
    compile: (ir, options) => printJson(ir, inlineMetaFor(ir, options)),
    openStream: openJsonStream,
  },
  {
    name: "natural",
    lossless: false,
    description: "unstructured English prose (control baseline)",
    compile: (ir) => printNatural(ir),
  },
  {
    name: "nl_json",
    lossless: false,
    description: 'the natural prose inside {"task_description": ...} (control baseline)',
    compile: (ir) => printNlJson(ir),
  },
];

const METHODS = ["compile", "compileAsync", "decode", "openStream"] as const;
const DERIVED = ["decodes", "async", "streams"] as const;

/** Checks a definition and freezes it with its capabilities; `invalid_options` for a malformed one. */
function entryOf(definition: FrontendDefinition): Frontend {
  const given: unknown = definition;
  if (typeof given !== "object" || given === null) throw invalidOption("frontend", "a frontend must be an object");
  const { name, lossless, description } = definition;
  if (typeof name !== "string" || name === "") throw invalidOption("frontend.name", "a frontend's name must be a non-empty string");
  if (typeof lossless !== "boolean") throw invalidOption("frontend.lossless", `frontend ${name}: lossless must be a boolean`);
  if (typeof description !== "string") throw invalidOption("frontend.description", `frontend ${name}: description must be a string`);
  for (const method of METHODS) {
    if (definition[method] !== undefined && typeof definition[method] !== "function") {
      throw invalidOption(`frontend.${method}`, `frontend ${name}: ${method} must be a function`);
    }
  }
  for (const flag of DERIVED) {
    if (flag in (given as object)) {
      throw invalidOption(`frontend.${flag}`, `frontend ${name}: "${flag}" is read from the methods (decode, openStream, compile, compileAsync), not given`);
    }
  }
  if (!definition.compile && !definition.compileAsync) throw invalidOption("frontend.compile", `frontend ${name} cannot compile: give compile or compileAsync`);
  const { openStream } = definition;
  if (openStream && definition.decode) {
    throw invalidOption("frontend.decode", `frontend ${name}: give openStream or decode, not both (openStream's reader decodes whole payloads too)`);
  }
  return Object.freeze({
    ...definition,
    decode: openStream ? (context: DecodeContext, start: number, end: number) => openStream(context, start).finish(end) : definition.decode,
    decodes: definition.decode !== undefined || openStream !== undefined,
    async: definition.compile === undefined,
    streams: definition.openStream !== undefined,
  });
}

const registry = new Map<string, Frontend>(builtins.map((definition) => [definition.name, entryOf(definition)]));

/** Registers a frontend; a name already registered is refused unless `replace` is set. */
export function registerFrontend(definition: FrontendDefinition, options: RegisterOptions = {}): Frontend {
  const entry = entryOf(definition);
  if (registry.has(entry.name) && options.replace !== true) {
    throw invalidOption("replace", `a frontend "${entry.name}" is registered already; pass { replace: true } to replace it`, {
      details: { frontend: entry.name },
    });
  }
  registry.set(entry.name, entry);
  return entry;
}

const BUILTIN_NAMES: ReadonlySet<string> = new Set(builtins.map((definition) => definition.name));

/**
 * Removes a registered frontend that is not a built-in; false when none is registered by that
 * name. A process that registers frontends it received (dialects taken from peers) removes them
 * again when it lets them go, so that its registry stays as bounded as what it holds.
 */
export function unregisterFrontend(name: string): boolean {
  if (BUILTIN_NAMES.has(name))
    throw invalidOption("frontend", `"${name}" is a built-in frontend; it can be replaced, not removed`, { details: { frontend: name } });
  return registry.delete(name);
}

/** The frontend called `name`, or `unsupported_frontend`. */
export function getFrontend(name: string): Frontend {
  const frontend = registry.get(name);
  if (!frontend) {
    throw new SilpError("unsupported_frontend", `unknown frontend "${name}" (known: ${[...registry.keys()].join(", ")})`, {
      details: { frontend: name, known: [...registry.keys()] },
    });
  }
  return frontend;
}

/** What each registered frontend can do, in registration order. */
export function listFrontends(): FrontendInfo[] {
  return [...registry.values()].map(({ name, lossless, decodes, async, streams, description }) => ({ name, lossless, decodes, async, streams, description }));
}
