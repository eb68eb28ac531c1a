/**
 * `@silp/conformance`: the SILP conformance suite and its runner (docs/conformance.md). Load the
 * suite, run it against an adapter (a command that speaks the line protocol) or answer its
 * requests in process, and grade the answers.
 */
export { loadSuite, SuiteFormatError, type Suite, type SuiteCase, type SuiteSection, type Covers } from "./suite.js";
export {
  runSuite,
  formatReport,
  requestFor,
  selectSections,
  DEFAULT_TIMEOUT_MS,
  type RunOptions,
  type ConformanceReport,
  type CaseResult,
  type SectionScore,
} from "./run.js";
export { grade, type Verdict } from "./compare.js";
export { OPERATIONS, type AdapterRequest, type AdapterAnswer, type AdapterError, type Operation } from "./protocol.js";
export { defaultSuiteDir, silpAdapterCommand } from "./location.js";
