/** The versions a lock record declares: the SILP protocol it speaks and this library's release. */
import { VERSION } from "silp/util";

/** SILP protocol version of the records this library writes. */
export const LOCK_PROTOCOL_VERSION = "v1";
/** The codec release that compiled the records (all silp packages are versioned together). */
export const LIBRARY_VERSION: string = VERSION;
