/** The versions a lock record declares: the SILP protocol it speaks and this library's release. */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// The same relative path holds from src/lock (tsx) and dist/lock (build output).
const { version } = require("../../package.json") as { version: string };

/** SILP protocol version of the records this library writes. */
export const LOCK_PROTOCOL_VERSION = "v1";
/** `version` of this library's package.json. */
export const LIBRARY_VERSION: string = version;
