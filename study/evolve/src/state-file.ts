/**
 * The resumable state file of `silpc evolve`: one JSON document rewritten after every
 * generation (written to a temporary file and renamed, so an interrupted write never leaves a
 * half file). It holds the settings the search ran with, the generator's state, the population
 * and the archive of every evaluation. Resuming with other settings is refused, as
 * `silpc bench run` refuses a results file written with other settings; only the number of
 * generations may grow (a finished search can be continued).
 *
 * The file is input like any other: its shape is checked with Ajv before anything is used, and a
 * bad file is a SilpError (invalid_syntax with the position of a JSON error, invalid_options for
 * a shape or settings problem), never a crash.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { Ajv } from "ajv";
import { invalidOption, SilpError } from "silp";
import type { Evaluation, SearchState } from "./engine.js";

export const STATE_FORMAT = "silp-evolve-state";
export const STATE_VERSION = 1;

/** Settings whose change makes a resumed search a different search. */
export type StateSettings = Readonly<Record<string, unknown>>;

export interface StateFile<E extends Evaluation = Evaluation> {
  readonly format: typeof STATE_FORMAT;
  readonly version: typeof STATE_VERSION;
  readonly settings: StateSettings;
  readonly state: SearchState<E>;
}

/** Settings that may differ on resume: the number of generations is a target, not a property of the search so far. */
const MAY_CHANGE = new Set(["generations"]);

const int32 = { type: "integer", minimum: -2147483648, maximum: 4294967295 };
const genome = { type: "object", additionalProperties: { type: "string" } };
const STATE_SCHEMA = {
  type: "object",
  required: ["format", "version", "settings", "state"],
  properties: {
    format: { const: STATE_FORMAT },
    version: { const: STATE_VERSION },
    settings: { type: "object" },
    state: {
      type: "object",
      required: ["generation", "population", "random", "archive"],
      properties: {
        generation: { type: "integer", minimum: 0 },
        population: { type: "array", items: genome, minItems: 1 },
        random: { type: "array", items: int32, minItems: 4, maxItems: 4 },
        archive: {
          type: "array",
          items: {
            type: "object",
            required: ["genome", "evaluation", "generation"],
            properties: {
              genome,
              generation: { type: "integer", minimum: 0 },
              evaluation: {
                type: "object",
                required: ["feasible", "score", "objectives"],
                properties: { feasible: { type: "boolean" }, score: { type: "number" }, objectives: { type: "array", items: { type: "number" } } },
              },
            },
          },
        },
      },
    },
  },
} as const;

const validateState = new Ajv({ allErrors: false }).compile(STATE_SCHEMA);

/** Parses a state file's text; `name` is for messages. */
export function parseStateFile<E extends Evaluation = Evaluation>(text: string, name: string): StateFile<E> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const match = /position (\d+)/.exec(error instanceof Error ? error.message : "");
    throw new SilpError("invalid_syntax", `${name} is not valid JSON`, { source: text, offset: match ? Number(match[1]) : 0, cause: error });
  }
  if (!validateState(value)) {
    const first = validateState.errors?.[0];
    throw invalidOption("state", `${name} is not a silpc evolve state file: ${first?.instancePath || "/"} ${first?.message ?? ""}`.trim(), {
      path: first?.instancePath ?? "",
    });
  }
  return value as unknown as StateFile<E>;
}

export function readStateFile<E extends Evaluation = Evaluation>(path: string): StateFile<E> {
  return parseStateFile<E>(readFileSync(path, "utf8"), path);
}

export function writeStateFile(path: string, file: StateFile): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file)}\n`);
  renameSync(temporary, path);
}

/** The settings that differ between a state file and this run (empty when it may resume). */
export function stateConflicts(previous: StateSettings, current: StateSettings): string[] {
  const names = [...new Set([...Object.keys(previous), ...Object.keys(current)])].filter((name) => !MAY_CHANGE.has(name)).sort();
  return names
    .filter((name) => JSON.stringify(previous[name]) !== JSON.stringify(current[name]))
    .map((name) => `${name}: ${JSON.stringify(previous[name]) ?? "absent"} -> ${JSON.stringify(current[name]) ?? "absent"}`);
}

/** Throws when the state file was written with other settings. */
export function assertResumable(previous: StateSettings, current: StateSettings, name: string): void {
  const conflicts = stateConflicts(previous, current);
  if (conflicts.length > 0) {
    throw invalidOption("state", `${name} was written by a search with other settings (${conflicts.join("; ")}); start a new state file`, {
      details: { conflicts },
    });
  }
}
