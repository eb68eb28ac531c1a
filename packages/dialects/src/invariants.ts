/**
 * The invariants that make every dialect unambiguous (docs/dialects.md, "Lossless by
 * construction"), checked on a dialect's resolved spellings. Every point of DIALECT_SPACE keeps
 * them by the choice of the option tables; the check is there so that an edit of those tables, or
 * a spec that did not come through parseDialectSpec, is refused with the rule it breaks instead of
 * producing a dialect that could read a payload two ways.
 */

import type { ArgumentOrder } from "./argument-order.js";
import { invalidOption } from "silp";

/** The spellings the checks look at, by the role they play. */
export interface SpellingRoles {
  readonly if: string;
  readonly and: string;
  readonly thenWord: string;
  readonly actions: string;
  readonly else: string;
  readonly alternatives: string;
  readonly equals: string;
  readonly location: string;
  readonly negation: string;
  readonly time: string;
  readonly meta: string;
  readonly operators: Readonly<Record<string, string>>;
  readonly spacesCall: boolean;
  /** Verb -> names whose leading run is written without names (`keywords: ordered`); empty with `named`. */
  readonly argumentOrder: ArgumentOrder;
}

/** The only non-word characters a spelling may use: none of them can be part of a bare value. */
const STRUCTURE = " \n(),;:@=!<>[]{}";
/** Characters a word of a spelling may use: ASCII letters, and the bare marks & | # (docs/grammar.md). */
const isWordChar = (char: string): boolean => (char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || char === "&" || char === "|" || char === "#";

function refuse(rule: string, detail: string): never {
  throw invalidOption("dialect", `the dialect breaks the rule "${rule}": ${detail} (docs/dialects.md, Lossless by construction)`, {
    details: { rule },
  });
}

/**
 * Points where more than one spelling may come next, and which ones. Those must all differ (the
 * longest-match rule then tells them apart, since what follows each shorter one is a value).
 */
function decisionPoints(s: SpellingRoles): [string, string[]][] {
  return [
    ["after a condition", [s.and, s.thenWord, s.time]],
    ["after a call", [s.actions, s.else, s.meta]],
    ["after an alternative", [s.alternatives, s.meta]],
    ["after a condition's name", [...Object.values(s.operators), s.spacesCall ? " " : "("]],
    ["after an argument's first value", [s.equals, s.location, s.spacesCall ? " " : ","]],
  ];
}

export function checkInvariants(s: SpellingRoles): void {
  const all: [string, string][] = [
    ["if", s.if],
    ["and", s.and],
    ["then", s.thenWord],
    ["actions", s.actions],
    ["else", s.else],
    ["alternatives", s.alternatives],
    ["equals", s.equals],
    ["location", s.location],
    ["negation", s.negation],
    ["time", s.time],
    ["meta", s.meta],
    ...Object.entries(s.operators).map(([operator, text]): [string, string] => [`operator ${operator}`, text]),
  ];
  for (const [role, text] of all) {
    if (text === "") refuse("no empty spelling", `${role} is empty`);
    for (const char of text) {
      if (!STRUCTURE.includes(char) && !isWordChar(char))
        refuse("spellings use structure characters and words only", `${role} ${JSON.stringify(text)} has ${JSON.stringify(char)}`);
    }
    // A word must never touch a value: it ends before a space or punctuation, and only the two
    // spellings that follow the payload's start or a space may begin with one.
    if (isWordChar(text.at(-1) as string)) refuse("a spelling never ends in a word", `${role} ${JSON.stringify(text)}`);
    if (isWordChar(text[0] as string) && role !== "if" && role !== "negation")
      refuse("only if and negation begin with a word", `${role} ${JSON.stringify(text)}`);
  }
  if (!s.if.endsWith(" ")) refuse("if ends with a space", JSON.stringify(s.if));
  // Rule 6: an argument written without its name is told from a named one by the equals
  // spelling after its first value (checked above, "after an argument's first value"); which name
  // it stands for is its place in the leading run, so each verb's names must be distinct (a
  // repeated name could never be matched twice: keyword ids are unique per call) and plain
  // identifiers (the code frontend writes them bare, so the reader writes back the same key).
  for (const [verb, names] of Object.entries(s.argumentOrder)) {
    if (!/^![A-Z][A-Z_]*$/.test(verb)) refuse("argument order keys are verbs", JSON.stringify(verb));
    if (names.length === 0) refuse("an argument order names at least one argument", verb);
    if (new Set(names).size !== names.length) refuse("an argument order names each argument once", `${verb}: ${names.join(" ")}`);
    for (const name of names) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) refuse("argument order names are identifiers", `${verb}: ${JSON.stringify(name)}`);
  }
  for (const [point, spellings] of decisionPoints(s)) {
    if (new Set(spellings).size !== spellings.length)
      refuse("spellings that may come at the same point differ", `${point}: ${spellings.map((text) => JSON.stringify(text)).join(" ")}`);
  }
}
