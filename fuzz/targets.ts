/** The fuzz targets by name (one file each). */
import { target as codeDecode } from "./code-decode.js";
import { target as dialectDecode } from "./dialect-decode.js";
import type { FuzzTarget } from "./engine.js";
import { target as envelope } from "./envelope.js";
import { target as jsonDecode } from "./json-decode.js";
import { target as lock } from "./lock.js";
import { target as probe } from "./probe.js";

export const TARGETS: Readonly<Record<string, FuzzTarget>> = Object.freeze({
  "code-decode": codeDecode,
  "json-decode": jsonDecode,
  probe,
  envelope,
  lock,
  "dialect-decode": dialectDecode,
});
