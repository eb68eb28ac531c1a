/** Types of silp-ts.mjs's one export, for the tests that drive the suite in process. */
import type { AdapterAnswer, AdapterRequest } from "@silp/conformance";

export function answer(request: AdapterRequest): AdapterAnswer;
