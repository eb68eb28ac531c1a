/**
 * Our own worked examples for the prompts: requests a person might make, each with its IR. Written
 * for this project (not taken from the study or the reference implementation); the prompt shows
 * each IR compiled to the chosen frontend, so the examples can never disagree with the codec.
 */
import type { SilpIRInput } from "silp";

export interface WorkedExample {
  /** The request in plain English, as a user would ask it. */
  readonly request: string;
  /** What it means as SILP. `meta` is filled by the sender; examples carry a fixed req_id. */
  readonly ir: SilpIRInput;
}

const meta = { req_id: "e0e0" };

export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  {
    request: "Look up train times from Lyon to Turin.",
    ir: {
      intent: "!SEARCH",
      entities: [
        { id: "act", value: "trains" },
        { id: "from", value: "Lyon" },
        { id: "to", value: "Turin" },
      ],
      meta,
    },
  },
  {
    request: "If the room costs 120 or less, book it and tell Priya; otherwise look for a hostel in the old town.",
    ir: {
      intent: "!BOOK",
      entities: [
        { id: "act", value: "room" },
        { id: "act", value: "Priya", action: "!NOTIFY" },
      ],
      constraints: [{ type: "price", operator: "<=", value: "120" }],
      alternatives: [{ action: "!SEARCH", target: "hostel", location: "old town" }],
      meta,
    },
  },
  {
    request: "Unless it snows tomorrow morning, start the backup; if it does, send the on-call team an email instead.",
    ir: {
      intent: "!START",
      entities: [{ id: "act", value: "backup" }],
      constraints: [{ type: "!snow", value: "true", time: "t+1am" }],
      alternatives: [{ action: "!EMAIL", target: "on-call team" }],
      meta,
    },
  },
  {
    request: "Translate the release notes into Korean, then email them to Ana Lima.",
    ir: {
      intent: "!TRANSLATE",
      entities: [
        { id: "act", value: "release notes" },
        { id: "to", value: "Korean" },
        { id: "act", value: "Ana Lima", action: "!EMAIL" },
      ],
      meta,
    },
  },
];

/** The examples whose verbs are all in force; when none is left, one minimal example per verb set. */
export function examplesFor(verbs: readonly string[]): WorkedExample[] {
  const inForce = new Set(verbs);
  const usable = WORKED_EXAMPLES.filter(({ ir }) =>
    [ir.intent, ...(ir.entities ?? []).map((entity) => entity.action ?? ir.intent), ...(ir.alternatives ?? []).map((alternative) => alternative.action)].every(
      (code) => inForce.has(code),
    ),
  );
  if (usable.length > 0) return usable;
  const verb = verbs[0] as string;
  return [
    {
      request: `${verb.slice(1).toLowerCase().replace(/_/g, " ")} order 17 for Dana Okafor`,
      ir: {
        intent: verb,
        entities: [
          { id: "act", value: "order_17" },
          { id: "for", value: "Dana Okafor" },
        ],
        meta,
      },
    },
  ];
}
