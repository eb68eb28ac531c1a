/**
 * SHA-256 of a text's UTF-8 bytes as lowercase hex, synchronously, on every platform. The codec's
 * decode is synchronous and derives a payload's req_id from this hash (spec 4.6), so Web Crypto's
 * digest, which is asynchronous only, cannot serve. Where the platform has a native SHA-256 that
 * the codec can reach without importing a Node builtin (Node.js, Deno and Bun expose
 * `process.getBuiltinModule("node:crypto")`), that one runs: one call, no copy of the text. A
 * browser bundle therefore stays free of Node builtins and uses the small implementation below.
 *
 * Hand-written instead of a library's (@noble/hashes): the codec installs without dependencies
 * for hashing, and what it needs is one function of FIPS 180-4 over short texts, tested against
 * node:crypto and the standard's vectors (test/ir/sha256.test.ts). This is an identifier, never a
 * signature or a password hash; the compile lock hashes with node:crypto in its own package.
 */

type NativeHash = (algorithm: string, data: string, encoding: "hex") => string;

/** node:crypto's one-shot `hash` (Node >= 20.12), or undefined off Node-compatible platforms. */
function nativeHash(): NativeHash | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = process?.getBuiltinModule?.("node:crypto") as { hash?: NativeHash } | undefined;
  return typeof crypto?.hash === "function" ? crypto.hash : undefined;
}

/** Looked up on the first hash, not at import: loading node:crypto costs a fresh process milliseconds. */
let native: NativeHash | null | undefined;

/** Lowercase hex SHA-256 of `text` encoded as UTF-8. */
export function sha256Hex(text: string): string {
  if (native === undefined) native = nativeHash() ?? null;
  return native === null ? portableSha256Hex(text) : native("sha256", text, "hex");
}

// FIPS 180-4, section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
// Signed 32-bit words throughout (Int32Array, `| 0`): V8 keeps those as small integers, where
// unsigned words above 2^31 would each become a heap number.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
// Section 5.3.3: the initial hash value.
const H0 = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

// Reused by every call (the codec is single-threaded per realm): the encoder, the message
// schedule, the hash state, and the bytes of texts up to SCRATCH_MAX. A fresh array per call
// (TextEncoder.encode) and Number.toString(16) for the digest cost a short text four times its
// hashing.
const encoder = new TextEncoder();
const W = new Int32Array(64);
const H = new Int32Array(8);
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const SCRATCH_MAX = 64 * 1024;
let scratch = new Uint8Array(256);

/** The pure implementation, exported for its tests (they compare it with node:crypto). */
export function portableSha256Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; padding adds at most 72 (section 5.1.1).
  const need = text.length * 3 + 72;
  let bytes = scratch;
  if (need > bytes.length) {
    bytes = new Uint8Array(need);
    if (need <= SCRATCH_MAX) scratch = bytes;
  }
  const length = encoder.encodeInto(text, bytes).written;
  // Padding: a 1 bit, zeros, then the length in bits as 64 bits big-endian.
  const end = (((length + 8) >>> 6) + 1) * 64;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, end - 8);
  const bits = length * 8;
  const high = Math.floor(bits / 2 ** 32);
  for (let i = 0; i < 4; i++) {
    bytes[end - 8 + i] = high >>> (24 - 8 * i);
    bytes[end - 4 + i] = bits >>> (24 - 8 * i);
  }
  H.set(H0);
  for (let offset = 0; offset < end; offset += 64) compress(bytes, offset);
  let hex = "";
  for (let i = 0; i < 8; i++) {
    const word = H[i] as number;
    hex += (HEX[word >>> 24] as string) + HEX[(word >>> 16) & 255] + HEX[(word >>> 8) & 255] + HEX[word & 255];
  }
  return hex;
}

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** Section 6.2.2: the 512-bit block of `bytes` at `offset` into H. */
function compress(bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const at = offset + t * 4;
    W[t] = ((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
  }
  let a = H[0] as number;
  let b = H[1] as number;
  let c = H[2] as number;
  let d = H[3] as number;
  let e = H[4] as number;
  let f = H[5] as number;
  let g = H[6] as number;
  let h = H[7] as number;
  for (let t = 0; t < 64; t++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0] as number) + a;
  H[1] = (H[1] as number) + b;
  H[2] = (H[2] as number) + c;
  H[3] = (H[3] as number) + d;
  H[4] = (H[4] as number) + e;
  H[5] = (H[5] as number) + f;
  H[6] = (H[6] as number) + g;
  H[7] = (H[7] as number) + h;
}
