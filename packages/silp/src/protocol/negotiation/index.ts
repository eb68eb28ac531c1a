/** Frontend negotiation (spec 5.3): the //ping probe, the agreement rule, and the degradation chain. */
export { formatProbe, probeToJson, type PingJson, type PongJson } from "./probe-format.js";
export {
  isFrontendName,
  isVersion,
  MAX_PROBE_LINE,
  MAX_LIST_ITEMS,
  MAX_NAME_LENGTH,
  MAX_DIALECT_OFFERS,
  MAX_TOKENIZER_LENGTH,
  DIALECT_REF_PATTERN,
  READER_ORDERS,
  isDialectRef,
  dialectRefName,
  isTokenizerFamily,
  type ProbeDialectFields,
  type ReaderOrder,
  type Ping,
  type Pong,
  type Probe,
} from "./probe.js";
export { parseProbeLine, findProbe } from "./probe-parser.js";
export { parseProbeJson } from "./probe-json.js";
export { checkProbe } from "./probe-check.js";
export { readProbe, readPing, readPong } from "./read-probe.js";
export {
  agree,
  createPing,
  answerPing,
  acceptPong,
  UNDEFINED_FRONTENDS,
  type Capabilities,
  type Agreement,
  type Answer,
  type AnswerOptions,
  type SkippedFrontend,
} from "./negotiate.js";
export {
  sendWithDegradation,
  degradationOrder,
  Conversation,
  DEGRADATION_CHAIN,
  DEGRADATION_CHAIN_00,
  DEGRADE_ON,
  DEFAULT_MAX_ATTEMPTS,
  type Deliver,
  type PeerReport,
  type AttemptRecord,
  type DeliveryResult,
  type SendOptions,
} from "./degradation.js";
export { chooseFrontend, type Choice, type ChooseOptions, type CostOf, type FrontendCost } from "./choose.js";
export { decodingPeer, type DecodingPeerOptions } from "./decoding-peer.js";
