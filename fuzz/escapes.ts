/**
 * Backslash escapes for the string-bearing targets' dictionaries: valid ones (RFC
 * 8259: \" \\ \/ \b \f \n \r \t \uXXXX, surrogate pairs in either case) and the ones models write
 * that JSON does not have (\v \a \0 \' \x41 \U0041, short or non-hex \u, lone or reversed
 * surrogate halves). Without them mutations rarely put a letter after a backslash, so an escape
 * the lexer forgot to reject (it then reaches JSON.parse, which throws an untyped SyntaxError)
 * would go unnoticed. Kept short: each entry is as likely as any other dictionary token.
 */
export const BACKSLASH_ESCAPES: readonly string[] = [
  '\\"',
  "\\\\",
  "\\/",
  "\\b",
  "\\f",
  "\\n",
  "\\r",
  "\\t",
  "\\v",
  "\\a",
  "\\0",
  "\\'",
  "\\x41",
  "\\U0041",
  "\\u",
  "\\u12",
  "\\u12G4",
  "\\u0060",
  "\\ud83d\\ude00",
  "\\uD83D\\uDE00",
  "\\ud800",
  "\\ude00\\ud83d",
];
