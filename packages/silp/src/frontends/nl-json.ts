/**
 * The nl_json frontend (spec 4.4): the natural frontend's exact prose inside a JSON
 * `task_description` field, isolating the effect of the JSON container. Compile only.
 */
import type { SilpIR } from "../ir/types.js";
import { printNatural } from "./natural.js";
import { stringifyJson } from "./text-escape.js";

export function printNlJson(ir: SilpIR): string {
  return stringifyJson({ task_description: printNatural(ir) });
}
