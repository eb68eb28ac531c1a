/**
 * The frontend registry (spec section 4, Table 9). Each entry says what it can do: whether its
 * round trip is lossless, whether it decodes, whether compiling is asynchronous (a model runs).
 * Optional frontends (llmlingua2) register themselves when their subpath module is imported.
 */
import { SilpFrontendError } from "../errors.js";
import type { SilpIR, SilpIRInput } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";
import { decodeCodePayload } from "./code/decode.js";
import { printCode } from "./code/printer.js";
import type { DecodeContext } from "./decode-context.js";
import { decodeJsonPayload } from "./json/decoder.js";
import { printJson } from "./json/printer.js";
import { inlineMetaFor } from "./meta-carriage.js";
import { printNatural } from "./natural.js";
import { printNlJson } from "./nl-json.js";

export interface FrontendInfo {
  name: string;
  /** decode(compile(ir)) gives back the IR (spec 4.6). */
  lossless: boolean;
  /** The frontend can decode payloads. */
  decodes: boolean;
  /** Compiling needs `compileAsync` (e.g. a model runs). */
  async: boolean;
  description: string;
}

export interface Frontend extends FrontendInfo {
  compile?(ir: SilpIR, options: ResolvedOptions): string;
  compileAsync?(ir: SilpIR, options: ResolvedOptions, extra?: Record<string, unknown>): Promise<string>;
  /** Decodes `context.source` between `start` and `end` into a (not yet validated) IR. */
  decode?(context: DecodeContext, start: number, end: number): SilpIRInput;
}

const builtins: Frontend[] = [
  {
    name: "code",
    lossless: true,
    decodes: true,
    async: false,
    description: "function-call syntax: if !rain(t+1): start(hike) else: start(cards@indoor)",
    compile: (ir, options) => printCode(ir, inlineMetaFor(ir, options)),
    decode: decodeCodePayload,
  },
  {
    name: "json",
    lossless: true,
    decodes: true,
    async: false,
    description: "flat JSON semantic slots",
    compile: (ir, options) => printJson(ir, inlineMetaFor(ir, options)),
    decode: decodeJsonPayload,
  },
  {
    name: "natural",
    lossless: false,
    decodes: false,
    async: false,
    description: "unstructured English prose (control baseline)",
    compile: (ir) => printNatural(ir),
  },
  {
    name: "nl_json",
    lossless: false,
    decodes: false,
    async: false,
    description: 'the natural prose inside {"task_description": ...} (control baseline)',
    compile: (ir) => printNlJson(ir),
  },
];

const registry = new Map<string, Frontend>(builtins.map((frontend) => [frontend.name, frontend]));

export function registerFrontend(frontend: Frontend): void {
  if (!frontend.compile && !frontend.compileAsync) throw new TypeError(`frontend ${frontend.name} cannot compile`);
  registry.set(frontend.name, frontend);
}

/** The frontend called `name`, or `unsupported_frontend`. */
export function getFrontend(name: string): Frontend {
  const frontend = registry.get(name);
  if (!frontend) {
    throw new SilpFrontendError(`unknown frontend "${name}" (known: ${[...registry.keys()].join(", ")})`, {
      details: { frontend: name, known: [...registry.keys()] },
    });
  }
  return frontend;
}

/** What each registered frontend can do, in registration order. */
export function listFrontends(): FrontendInfo[] {
  return [...registry.values()].map(({ name, lossless, decodes, async, description }) => ({ name, lossless, decodes, async, description }));
}

/** The names of the frontends known to be lossless; the llmlingua2 name is known even when not loaded. */
export const LOSSLESS_FRONTENDS: readonly string[] = ["code", "json"];
