/**
 * The dialect printer: the code frontend's canonical payload, re-spelled token by token. The code
 * printer decides everything about meaning (which arguments are positional, keyword or `@`, when
 * a value is quoted, when the meta trailer is needed); a dialect only changes how each abstract token is
 * written, and quotes a bare value that is one of its reserved words (docs/dialects.md); with
 * `keywords: ordered` it also leaves out the names of an action call's leading arguments that
 * follow the agreed order (argument-order.ts, rule 6).
 */
import { codeSyntax, functionNameToAction } from "silp/util";
import { LeadingRun, orderOf, POSITIONAL } from "./argument-order.js";
import type { Spellings } from "./spellings.js";

/**
 * Reads the code payload's tokens up to the meta trailer; returns them and where the trailer's
 * items start (just after ` #{`). The trailer is a bare `#` then `{` after the last call, at depth
 * 0; no value can be followed by `{`. Its items are copied as the code frontend writes them.
 */
function tokensOf(code: string): { tokens: codeSyntax.Token[]; metaStart: number | undefined } {
  const lexer = new codeSyntax.Lexer(code);
  const tokens: codeSyntax.Token[] = [];
  let depth = 0;
  for (;;) {
    const token = lexer.next();
    if (token.kind === "eof") return { tokens, metaStart: undefined };
    if (token.kind === "(" || token.kind === "[") depth++;
    else if (token.kind === ")" || token.kind === "]") depth--;
    if (depth === 0 && token.kind === "bare" && token.text === "#" && code.charCodeAt(token.end) === 0x7b /* { */) return { tokens, metaStart: token.end + 1 };
    tokens.push(token);
  }
}

/** The code frontend's canonical payload `code` written in the dialect. */
export function respell(code: string, spellings: Spellings): string {
  const { tokens, metaStart } = tokensOf(code);
  let out = "";
  let parens = 0;
  let brackets = 0;
  let section: "conditions" | "actions" | "alternatives" = "actions";
  /** The action call being written, when its verb has an agreed argument order (keywords: ordered). */
  let run: LeadingRun | undefined;
  let argumentStart = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as codeSyntax.Token;
    const next = tokens[i + 1];
    const top = parens === 0 && brackets === 0;
    if (argumentStart && run !== undefined) {
      argumentStart = false;
      // In the code payload an argument is `key=value...` or a positional `value...`.
      const named = next?.kind === "=";
      const writing = run.write(named ? token.text : POSITIONAL);
      if (writing === "without-name" && named) {
        i++; // the key and its "=" are left out; the loop moves on to the value
        continue;
      }
      if (writing === "with-name") out += (spellings.reserved.has(POSITIONAL) ? codeSyntax.quoteString(POSITIONAL) : POSITIONAL) + spellings.equals;
    }
    switch (token.kind) {
      case "bare":
        if (i === 0 && token.text === "if" && next?.kind !== "(") {
          out += spellings.if;
          section = "conditions";
        } else if (top && section === "conditions" && token.text === "and") {
          out += spellings.and;
        } else if (top && token.text === "else" && next?.kind === ":") {
          out += spellings.else;
          section = "alternatives";
          i++;
        } else if (top && section !== "conditions" && next?.kind === "(" && !spellings.quoteReservedFunctionNames) {
          out += token.text; // a function name, always followed by "(" in this dialect
        } else {
          out += spellings.reserved.has(token.text) ? codeSyntax.quoteString(token.text) : token.text;
        }
        break;
      case "string":
      case "json":
        out += code.slice(token.start, token.end);
        break;
      case ":":
        out += spellings.thenWord;
        section = "actions";
        break;
      case ";":
        out += section === "alternatives" ? spellings.alternatives : spellings.actions;
        break;
      case "(":
        if (next?.kind === ")") {
          out += spellings.omitEmptyArgs ? "" : "()";
          i++;
        } else {
          if (parens === 0 && section === "actions") {
            // An action call: its function name is the token before "(".
            const order = orderOf(spellings.argumentOrder, functionNameToAction((tokens[i - 1] as codeSyntax.Token).text));
            run = order === undefined ? undefined : new LeadingRun(order);
            argumentStart = true;
          }
          parens++;
          out += spellings.spacesCall ? " " : "(";
        }
        break;
      case ")":
        parens--;
        if (parens === 0) run = undefined;
        out += spellings.spacesCall ? "" : ")";
        break;
      case ",":
        if (parens === 1 && brackets === 0) argumentStart = true;
        if (brackets > 0) out += ",";
        else if (parens > 0) out += spellings.spacesCall ? " " : ",";
        else out += spellings.time; // `temp>30, t+1`: the only comma outside a call
        break;
      case "[":
        brackets++;
        out += "[";
        break;
      case "]":
        brackets--;
        out += "]";
        break;
      case "=":
        out += spellings.equals;
        break;
      case "@":
        out += spellings.location;
        break;
      case "!":
        out += spellings.negation;
        break;
      case "op":
        out += spellings.operators[token.text] as string;
        break;
      case "eof":
        break;
    }
  }
  if (metaStart !== undefined) out += spellings.meta + code.slice(metaStart);
  return out;
}
