/**
 * The list of `silpc` commands. Add one line per command module; each module exports
 * `register(program)` and keeps heavy imports inside its action handler.
 */
import type { Command } from "commander";
import { register as registerValidate } from "./validate.js";
import { register as registerCompile } from "./compile.js";
import { register as registerDecode } from "./decode.js";
import { register as registerRoundtrip } from "./roundtrip.js";
import { register as registerFrontends } from "./frontends.js";
import { register as registerWhitelist } from "./whitelist.js";
import { register as registerLock } from "./lock.js";
import { register as registerSanitize } from "./sanitize.js";
import { register as registerCensus } from "./census.js";
import { register as registerTokens } from "./tokens.js";
import { register as registerWhitelistVerify } from "./whitelist-verify.js";
import { register as registerNegotiate } from "./negotiate.js";
import { register as registerLlmlingua2 } from "./llmlingua2.js";
import { register as registerBench } from "./bench.js";
import { register as registerMcp } from "./mcp.js";
import { register as registerDemo } from "./demo.js";
import { register as registerConformance } from "./conformance.js";
import { register as registerSchema } from "./schema.js";
import { register as registerPlayground } from "./playground.js";
import { register as registerGrammar } from "./grammar.js";
import { register as registerPrompt } from "./prompt.js";
import { register as registerEvolve } from "./evolve.js";

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [
  registerValidate,
  registerCompile,
  registerDecode,
  registerRoundtrip,
  registerFrontends,
  registerWhitelist,
  registerLock,
  registerCensus,
  registerTokens,
  registerWhitelistVerify,
  registerSanitize,
  registerLlmlingua2,
  registerNegotiate,
  registerBench,
  registerMcp,
  registerDemo,
  registerConformance,
  registerSchema,
  registerPlayground,
  registerGrammar,
  registerPrompt,
  registerEvolve,
];
