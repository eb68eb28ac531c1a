/**
 * The syntax tree of a code payload. The parser builds it without interpreting roles; lower.ts
 * turns it into an IR, which is where role rules (positional vs keyword, `@`, `[...]`) live.
 */

/** A word or literal as written: bare text, a "quoted" string or a `json` literal. */
export interface Lexeme {
  kind: "bare" | "string" | "json";
  /** Decoded text (string value, bare text, or JSON source). */
  text: string;
  start: number;
  end: number;
}

/** One argument: `value`, `key=value`, `target@location`, `value[key=value,...]`. */
export interface ArgNode {
  key?: Lexeme;
  value: Lexeme;
  location?: Lexeme;
  annotations?: ArgNode[];
  start: number;
}

export interface CallNode {
  /** The function name as written (bare). */
  name: Lexeme;
  args: ArgNode[];
  start: number;
}

export type ConstraintNode =
  | { form: "negation"; name: Lexeme; args: ArgNode[] | undefined; start: number }
  | { form: "call"; name: Lexeme; args: ArgNode[]; start: number }
  | { form: "operator"; name: Lexeme; operator: string; value: Lexeme; time: Lexeme | undefined; start: number };

export interface Statement {
  conditions: ConstraintNode[];
  actions: CallNode[];
  alternatives: CallNode[];
  /** The meta trailer: items (`#p2 sid=a1`), or the JSON object of `#meta {...}` with its offset. */
  trailer?: MetaTrailerNode | { form: "json"; json: string; start: number };
}

/** One item of the meta trailer: a flag (`p2`), `name=value`, or `name=[a,b]`. */
export interface MetaItemNode {
  name: Lexeme;
  value?: Lexeme;
  list?: Lexeme[];
  start: number;
}

export interface MetaTrailerNode {
  form: "items";
  items: MetaItemNode[];
  /** Offset of the `#`. */
  start: number;
}
