/**
 * SILP syntax highlighting for the code frontend: a CodeMirror stream parser written from our
 * grammar (docs/grammar.md). It colours, it does not judge: the codec's decoder reports errors
 * (lint), so a token this parser does not know is simply left plain.
 *
 * Why a stream parser and not a Lezer grammar: the payload is one line of a small, regular
 * surface, and a stream parser needs no generated tables in the bundle.
 */
import { HighlightStyle, LanguageSupport, StreamLanguage, type StringStream, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";

export interface SilpStreamState {
  /** After "#meta" (earlier versions' trailer): the rest is the JSON meta object. */
  inMeta: boolean;
  /** Inside the meta trailer `#{p2 c.75 sid=a1}`, until its "}". */
  inItems?: boolean;
}

/** A meta trailer item written as its letter and a number: p2 (priority), c.75 (confidence). */
const NUMBER_ITEM = /^[pc]-?(\d|\.\d)/;

const KEYWORDS = new Set(["if", "else", "and", "then"]);
/** bare-char of the grammar: letters, marks, numbers and the listed symbols. */
const BARE = /[\p{L}\p{M}\p{N}_\-+.%/*#$&~^|?\u200c\u200d]/u;
const TIME = /^t[+-]\d+$/;

/** A quoted value: an RFC 8259 string; an unterminated one runs to the end of the line. */
function readQuoted(stream: StringStream): void {
  stream.next();
  let escaped = false;
  for (let char = stream.next(); char !== undefined && char !== null; char = stream.next()) {
    if (escaped) escaped = false;
    else if (char === "\\") escaped = true;
    else if (char === '"') return;
  }
}

export function silpToken(stream: StringStream, state: SilpStreamState): string | null {
  if (stream.eatSpace()) return null;
  if (state.inMeta) {
    if (stream.peek() === '"') {
      readQuoted(stream);
      return "string";
    }
    if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
    if (stream.match(/^(true|false|null)\b/)) return "atom";
    stream.next();
    return "meta";
  }
  if (state.inItems) return metaItemToken(stream, state);
  if (stream.match("#{")) {
    state.inItems = true;
    return "keyword";
  }
  if (stream.match("#meta")) {
    state.inMeta = true;
    return "keyword";
  }
  const char = stream.peek() ?? "";
  if (char === '"') {
    readQuoted(stream);
    return "string";
  }
  if (char === "`") {
    // A json-literal: "`" inside is written \u0060, so the next backtick closes it.
    stream.next();
    stream.skipTo("`") ? stream.next() : stream.skipToEnd();
    return "literal";
  }
  if (stream.match(/^(==|!=|<=|>=|<|>)/)) return "operator";
  if (char === "!") {
    stream.next();
    return "negation";
  }
  if (char === "@") {
    stream.next();
    return "at";
  }
  if (char === "[" || char === "]" || char === "(" || char === ")") {
    stream.next();
    return "bracket";
  }
  if (char === "," || char === ";" || char === ":" || char === "=") {
    stream.next();
    return "punctuation";
  }
  if (BARE.test(char)) {
    let word = "";
    while (!stream.eol() && BARE.test(stream.peek() ?? "")) word += stream.next();
    if (KEYWORDS.has(word)) return "keyword";
    if (TIME.test(word)) return "time";
    const next = stream.peek();
    if (next === "(") return "verb";
    // `name=` (not `==`): a keyword argument's name, as in [k=v] or value=heavy.
    if (next === "=" && stream.string.charAt(stream.pos + 1) !== "=") return "key";
    return "value";
  }
  stream.next();
  return null;
}

const silpStream = StreamLanguage.define<SilpStreamState>({
  name: "silp",
  startState: () => ({ inMeta: false, inItems: false }),
  copyState: (state) => ({ ...state }),
  token: silpToken,
  tokenTable: {
    negation: tags.logicOperator,
    at: tags.special(tags.operator),
    verb: tags.function(tags.variableName),
    key: tags.propertyName,
    value: tags.variableName,
    time: tags.special(tags.number),
    literal: tags.special(tags.string),
  },
});

/** Colours for the tags above (CodeMirror's default style leaves several of them plain). */
const silpColours = HighlightStyle.define([
  { tag: tags.keyword, color: "#7a3e9d", fontWeight: "bold" },
  { tag: tags.logicOperator, color: "#c0392b", fontWeight: "bold" },
  { tag: tags.special(tags.operator), color: "#c0392b" },
  { tag: tags.operator, color: "#c0392b" },
  { tag: tags.function(tags.variableName), color: "#1f5fbf" },
  { tag: tags.propertyName, color: "#8a5a00" },
  { tag: tags.special(tags.number), color: "#117a3e" },
  { tag: tags.string, color: "#a0522d" },
  { tag: tags.special(tags.string), color: "#6b4f9e" },
  { tag: tags.meta, color: "#777" },
]);

/** The code frontend's editor language: the stream parser and its colours. */
export const silpCode = new LanguageSupport(silpStream, [syntaxHighlighting(silpColours)]);

/** One token of the meta trailer's items (docs/grammar.md, "Meta trailer"). */
function metaItemToken(stream: StringStream, state: SilpStreamState): string | null {
  const char = stream.peek() ?? "";
  if (char === "}") {
    stream.next();
    state.inItems = false;
    return "keyword";
  }
  if (char === '"') {
    readQuoted(stream);
    return stream.peek() === "=" ? "key" : "string";
  }
  if (char === "`") {
    stream.next();
    stream.skipTo("`") ? stream.next() : stream.skipToEnd();
    return "literal";
  }
  if (char === "[" || char === "]") {
    stream.next();
    return "bracket";
  }
  if (char === "," || char === "=" || char === "!") {
    stream.next();
    return "punctuation";
  }
  if (BARE.test(char)) {
    let word = "";
    while (!stream.eol() && BARE.test(stream.peek() ?? "")) word += stream.next();
    if (stream.peek() === "=") return "key";
    return NUMBER_ITEM.test(word) ? "number" : "value";
  }
  stream.next();
  return "meta";
}
