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

/**
 * Controls (C0, DEL, C1) and the invisible characters above: what prose must not carry raw.
 * JSON.stringify escapes C0 controls itself; the natural frontend's prose has no such step.
 */
const NOT_VISIBLE_GLOBAL = /[\u0000-\u001f\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u007f-\u009f]/gu;

/**
 * Text with every control and invisible character written as a visible \uXXXX escape (UTF-16
 * units, as in JSON): for prose, which has no quoting. Lossy by design (a literal backslash-u in
 * the text reads the same), like the prose itself.
 */
export function visibleText(text: string): string {
  return text.replace(NOT_VISIBLE_GLOBAL, escapeChar);
}
