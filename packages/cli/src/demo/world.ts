/**
 * The demo's receiving agent is a small travel concierge over a fixed, in-memory world: a weather
 * forecast, where the user will be, a few hotels. Its handlers really evaluate the IR's
 * constraints against that world and pick the primary action or the alternative, so the
 * transcript shows decisions made from the decoded IR, not canned text. Nothing leaves the process.
 */
import type { Constraint, Entity } from "silp";
import type { ActionCall, ActionHandler, ActionOutcome } from "@silp/a2a";
import type { DispatchContext } from "@silp/a2a";

interface Hotel {
  name: string;
  area: string;
  price: number;
  rating: number;
}

export const DEMO_WORLD = Object.freeze({
  /** Condition -> time -> holds. */
  forecast: { rain: { "t+1": false } } as Record<string, Record<string, boolean>>,
  /** Where "me" is, by time. */
  location: { "t+1am": "Beijing" } as Record<string, string>,
  hotels: [
    { name: "Grand Bund", area: "downtown", price: 780, rating: 4.8 },
    { name: "Lotus Inn", area: "downtown", price: 420, rating: 4.3 },
    { name: "Harbor Lodge", area: "harbor", price: 260, rating: 4.1 },
  ] as Hotel[],
  flights: ["CA1501 PEK 08:00", "MU5101 PEK 09:30"],
});

const args = (entities: Entity[]): string[] => entities.map((e) => (e.id === "act" ? e.value : `${e.id}=${e.value}`));

/** Evaluates one constraint against the world (and, for numeric ones, a candidate object). */
function holds(constraint: Constraint, candidate: Record<string, number> = {}): boolean | undefined {
  const negated = constraint.type.startsWith("!");
  const type = negated ? constraint.type.slice(1) : constraint.type;
  if (type === "loc") return DEMO_WORLD.location[constraint.time ?? ""] === constraint.value;
  const forecast = DEMO_WORLD.forecast[type]?.[constraint.time ?? ""];
  if (forecast !== undefined) return negated ? !forecast : forecast;
  const operator = constraint.operator;
  const actual = candidate[type];
  if (typeof operator === "string" && actual !== undefined) {
    const limit = Number(constraint.value);
    const compare: Record<string, (a: number, b: number) => boolean> = {
      "<": (a, b) => a < b,
      "<=": (a, b) => a <= b,
      ">": (a, b) => a > b,
      ">=": (a, b) => a >= b,
      "==": (a, b) => a === b,
      "!=": (a, b) => a !== b,
    };
    return compare[operator]?.(actual, limit);
  }
  return undefined;
}

function describe(constraint: Constraint): string {
  if (constraint.type.startsWith("!") && constraint.value === "true") return `${constraint.type}${constraint.time ? `@${constraint.time}` : ""}`;
  const op = typeof constraint.operator === "string" ? constraint.operator : "=";
  return `${constraint.type}${op}${constraint.value}${constraint.time ? `@${constraint.time}` : ""}`;
}

/** The primary action runs when every world-checkable constraint holds, else the first alternative. */
function conditional(call: ActionCall, act: () => string): ActionOutcome {
  const checked = call.ir.constraints.map((c) => ({ c, ok: holds(c) })).filter((x) => x.ok !== undefined);
  const failed = checked.find((x) => x.ok === false);
  const because = checked.map((x) => `${describe(x.c)}: ${x.ok ? "holds" : "does not hold"}`).join(", ");
  if (!failed) return because ? `${because} -> ${act()}` : act();
  const alternative = call.ir.alternatives[0];
  if (!alternative) return `${because} -> nothing to do (no alternative)`;
  const where = alternative.location ? ` at ${alternative.location}` : "";
  return `${because} -> alternative: ${alternative.action.slice(1).toLowerCase()} ${alternative.target ?? ""}${where}`.trimEnd();
}

function book(call: ActionCall): ActionOutcome {
  const [what = "hotel", area, when] = call.entities.map((e) => e.value);
  const fits = DEMO_WORLD.hotels.filter(
    (hotel) =>
      (area === undefined || hotel.area === area) &&
      call.ir.constraints.every((c) => holds(c, { budget: hotel.price, price: hotel.price, rating: hotel.rating }) !== false),
  );
  const choice = fits.sort((a, b) => a.price - b.price)[0];
  if (!choice) return `no ${what} in ${area ?? "any area"} meets ${call.ir.constraints.map(describe).join(" and ")}`;
  return {
    summary: `booked ${choice.name} (${choice.price}, rating ${choice.rating}) ${area ?? ""} for ${when ?? "the requested date"}`.replace(/\s+/g, " "),
    data: { ref: `BK-${call.ir.meta.req_id.slice(0, 4).toUpperCase()}` },
  };
}

/** Handlers of the concierge by verb. Secondary actions (email after cancel) run after the primary. */
export function conciergeHandlers(): Record<string, ActionHandler<DispatchContext>> {
  return {
    "!START": (call) => conditional(call, () => `started ${args(call.entities).join(", ")}`),
    "!CANCEL": (call) => conditional(call, () => `cancelled ${args(call.entities).join(", ")}`),
    "!EMAIL": (call) => `emailed ${args(call.entities).join(", ")}`,
    "!TRANSLATE": (call) => {
      const field = (id: string): string => call.entities.find((e) => e.id === id)?.value ?? "?";
      return `translation queued: ${field("src")} -> ${field("tgt")} in style ${field("style")}`;
    },
    "!BOOK": book,
    "!FETCH": (call) => `fetched ${args(call.entities).join(", ")} (${call.ir.constraints.map(describe).join(", ") || "no limit"})`,
    "!PROCESS": (call) => `processed ${args(call.entities).join(", ")}`,
    "!SEARCH": (call) => {
      const to = call.entities.find((e) => e.id === "to")?.value;
      const found = DEMO_WORLD.flights.filter((flight) => to === undefined || flight.includes(to === "Beijing" ? "PEK" : to));
      return {
        summary: `found ${found.length} ${args(call.entities.filter((e) => e.id === "act")).join(" ")}: ${found.join("; ")}`,
        data: { count: String(found.length) },
      };
    },
    "!UPDATE": (call) => `updated ${args(call.entities).join(", ")}`,
  };
}
