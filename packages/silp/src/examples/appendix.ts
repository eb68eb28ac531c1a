/**
 * The spec's Appendix A examples as IRs, for `silpc demo` and the integration tests.
 *
 * A.1-A.3 are the IRs printed in the appendix. Our changes, each needed for a valid IR:
 * - A.2: the appendix's req_id "e5f6g7h8" is not hex (g, h); we use "e5f6a7b8".
 * - A.4 is given only as code (`if budget<=500 and rating>=4.0: book(hotel,downtown,t+5)`);
 *   the IR is what that payload decodes to, with a req_id of our choosing.
 * - A.5 is given only as the pseudo-code `fetch(data) -> process -> email(result) with timeout`;
 *   written here as three actions in `meta.seq` order (draft -02 3.6) under a timeout constraint.
 *   `process` gets the argument `data` because a secondary action needs one to be carried.
 */
import type { SilpIRInput } from "../ir/types.js";

export interface AppendixExample {
  /** "A.1" ... */
  id: string;
  title: string;
  ir: SilpIRInput;
}

export const APPENDIX_EXAMPLES: readonly AppendixExample[] = Object.freeze([
  {
    id: "A.1",
    title: "negation logic with alternative",
    ir: {
      silp: "v1",
      intent: "!START",
      entities: [{ id: "act", value: "hike", action: "!START" }],
      constraints: [{ type: "!rain", value: "true", time: "t+1" }],
      alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
      meta: { req_id: "a1b2c3d4", out: "code" },
    },
  },
  {
    id: "A.2",
    title: "multi-constraint with secondary action",
    ir: {
      silp: "v1",
      intent: "!CANCEL",
      entities: [
        { id: "act", value: "flight", action: "!CANCEL" },
        { id: "time", value: "t+1pm", action: "!CANCEL" },
        { id: "act", value: "zhangsan", action: "!EMAIL" },
      ],
      constraints: [{ type: "loc", value: "Beijing", time: "t+1am", subject: "me" }],
      alternatives: [],
      meta: { req_id: "e5f6a7b8", out: "code" },
    },
  },
  {
    id: "A.3",
    title: "keyword arguments (detail preservation)",
    ir: {
      silp: "v1",
      intent: "!TRANSLATE",
      entities: [
        { id: "src", value: "fr_rev_bold", action: "!TRANSLATE" },
        { id: "tgt", value: "shakespeare_en", action: "!TRANSLATE" },
        { id: "style", value: "archaic_heavy", action: "!TRANSLATE" },
      ],
      constraints: [],
      alternatives: [],
      meta: { req_id: "1a2b3c4d", out: "code" },
    },
  },
  {
    id: "A.4",
    title: "nested constraints",
    ir: {
      silp: "v1",
      intent: "!BOOK",
      entities: [
        { id: "act", value: "hotel", action: "!BOOK" },
        { id: "act", value: "downtown", action: "!BOOK" },
        { id: "act", value: "t+5", action: "!BOOK" },
      ],
      constraints: [
        { type: "budget", value: "500", operator: "<=" },
        { type: "rating", value: "4.0", operator: ">=" },
      ],
      alternatives: [],
      meta: { req_id: "4a5b6c7d", out: "code" },
    },
  },
  {
    id: "A.5",
    title: "parallel actions with sequencing",
    ir: {
      silp: "v1",
      intent: "!FETCH",
      entities: [
        { id: "act", value: "data", action: "!FETCH" },
        { id: "act", value: "data", action: "!PROCESS" },
        { id: "act", value: "result", action: "!EMAIL" },
      ],
      constraints: [{ type: "timeout", value: "30s" }],
      alternatives: [],
      meta: { req_id: "5e6f7a8b", out: "code", seq: ["!FETCH", "!PROCESS", "!EMAIL"] },
    },
  },
]);

/** The example with `id` ("A.1" ...); throws for an unknown id. */
export function appendixExample(id: string): AppendixExample {
  const found = APPENDIX_EXAMPLES.find((example) => example.id === id);
  if (!found) throw new RangeError(`no appendix example ${id}`);
  return found;
}
