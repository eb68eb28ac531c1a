/** Fuzz target: the code frontend's decoder (strict and lenient) and its round trip. */
import { decode } from "silp";
import type { FuzzTarget } from "./engine.js";
import { BACKSLASH_ESCAPES } from "./escapes.js";
import { assertRoundTrip, LENIENT, resultOrSilpError, STRICT } from "./properties.js";
import { assertStreamMatchesDecode } from "./stream-property.js";

export const target: FuzzTarget = {
  name: "code-decode",
  tokens: [
    // Model-written text: damage lenient mode repairs and prose it extracts from.
    "'",
    "'hike'",
    "!START(",
    "START(",
    "to: ",
    ";",
    "Sure! Here it is:\n",
    "\n```\nDone.",
    "if ",
    ": ",
    " else: ",
    " and ",
    " then ",
    "; ",
    ",",
    "(",
    ")",
    "[",
    "]",
    "=",
    "@",
    "!",
    "==",
    "<=",
    ">",
    '"',
    "\\",
    "\\u00",
    ...BACKSLASH_ESCAPES,
    "`",
    "`{}`",
    "#meta ",
    '{"meta":{"req_id":"a1b2c3d4"}}',
    "t+1",
    "start",
    "cancel",
    "email",
    "act=",
    "time=",
    "value=",
    "subject=",
    "operator=",
    "loc=",
    "```",
    "```silp\n",
    "\n",
    "  ",
    "true",
    "null",
    "[]",
    "{}",
    '"x"',
  ],
  check(input) {
    for (const options of [LENIENT, STRICT]) {
      const result = resultOrSilpError(() => decode(input, "code", options));
      if (result) assertRoundTrip(result, (payload, again) => decode(payload, "code", again));
      assertStreamMatchesDecode(input, "code", options);
    }
  },
};
