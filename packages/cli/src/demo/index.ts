/** `silpc demo`: two A2A agents exchanging the appendix examples as SILP payloads (scenario.ts). */
export { runDemo, type DemoOptions, type DemoTranscript, type DemoTurn, type DemoAttempt, type DemoNegotiation } from "./scenario.js";
export { renderTranscript } from "./render.js";
export { summarizeIr } from "./summary.js";
export { APPENDIX_EXAMPLES, appendixExample, type AppendixExample } from "silp/examples";
export { conciergeHandlers, DEMO_WORLD } from "./world.js";
