/**
 * Escaping shared by every frontend that prints JSON strings (code's quoted values, json,
 * nl_json). JSON.stringify leaves invisible format characters (zero-width, bidi controls, tag
 * characters) raw; a sanitizer on the receiving side would strip them and silently change the
 * value. Printing them as \uXXXX escapes keeps the payload visible and the value exact.
 */

/** Invisible (format, default-ignorable) or line-breaking characters that must never appear raw in a payload. */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u007f-\u009f]/u;
const INVISIBLE_GLOBAL = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u007f-\u009f]/gu;

function escapeChar(char: string): string {
  let out = "";
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/** Escapes invisible characters in JSON text; safe on whole documents (they occur only in strings). */
export function escapeInvisible(jsonText: string): string {
  return INVISIBLE.test(jsonText) ? jsonText.replace(INVISIBLE_GLOBAL, escapeChar) : jsonText;
}

/** A JSON string literal for `value`, with invisible characters escaped. */
export function quoteString(value: string): string {
  return escapeInvisible(JSON.stringify(value));
}

/** JSON text for any value, invisible characters escaped. */
export function stringifyJson(value: unknown): string {
  return escapeInvisible(JSON.stringify(value));
}
