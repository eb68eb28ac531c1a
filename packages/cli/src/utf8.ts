/**
 * Where a byte sequence stops being UTF-8. TextDecoder's fatal mode says only that it failed;
 * an error for a person needs the byte offset, so this validator (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF) finds it in one linear pass.
 */

/** Offset of the first byte that does not start or continue a valid sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80; // allowed range of the second byte
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k];
      if (byte === undefined) return i; // truncated at the end
      const min = k === 1 ? low : 0x80;
      const max = k === 1 ? high : 0xbf;
      if (byte < min || byte > max) return i;
    }
    i += length;
  }
  return -1;
}
