/**
 * The code frontend's syntax as the packages that re-spell or describe it reach it (@silp/dialects
 * prints and reads a dialect through this lexer; @silp/grammar writes the grammars from the
 * keywords and the trailer's names): `silp/util`'s `codeSyntax`, one name for one concern.
 */
export { Lexer, type Token } from "./lexer.js";
export { KEYWORDS } from "./chars.js";
export { META_RESERVED_NAMES } from "./meta-items.js";
export { quoteString } from "../text-escape.js";
