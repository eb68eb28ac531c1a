/** Fuzz target: the json frontend's decoder (strict and lenient) and its round trip. */
import { decode } from "silp";
import type { FuzzTarget } from "./engine.js";
import { BACKSLASH_ESCAPES } from "./escapes.js";
import { assertRoundTrip, LENIENT, resultOrSilpError, STRICT } from "./properties.js";
import { assertStreamMatchesDecode } from "./stream-property.js";

export const target: FuzzTarget = {
  name: "json-decode",
  tokens: [
    // Model-written text: damage lenient mode repairs and prose it extracts from.
    "'",
    "'intent'",
    "intent:",
    "True",
    "False",
    "None",
    "// c\n",
    "/* c */",
    ",}",
    ",]",
    '"START"',
    "Sure: ",
    "```json\n",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    '"',
    "\\",
    "\\u00",
    ...BACKSLASH_ESCAPES,
    '"intent"',
    '"!START"',
    '"act"',
    '"entities"',
    '"constraints"',
    '"alternatives"',
    '"meta"',
    '"version"',
    '"silp"',
    '"action_email"',
    '"ACTION_EMAIL"',
    '"id"',
    '"value"',
    '"type"',
    '"time"',
    '"action"',
    '"target"',
    '"location"',
    '"operator"',
    '"__proto__"',
    '"0"',
    '"req_id"',
    '"a1b2c3d4"',
    "1",
    "-0",
    "4.0",
    "1e3",
    "true",
    "false",
    "null",
    "```json\n",
    "```",
    " ",
    "\n",
  ],
  check(input) {
    for (const options of [LENIENT, STRICT]) {
      const result = resultOrSilpError(() => decode(input, "json", options));
      if (result) assertRoundTrip(result, (payload, again) => decode(payload, "json", again));
      assertStreamMatchesDecode(input, "json", options);
    }
  },
};
