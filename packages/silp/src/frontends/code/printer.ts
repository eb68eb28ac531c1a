/**
 * Printer of the code frontend: IR normal form -> payload text. For the IRs the reference
 * implementation can express it prints byte for byte what the reference printed
 * (`if loc(me,Beijing,t+1am): cancel(flight); email(zhangsan)`); for everything else it uses the
 * grammar's extensions (quoted strings, keyword roles, [...] extras, `json` literals, #meta), so
 * that every valid IR prints to text that parses back to the same IR.
 */
import { extraEntries } from "../../ir/fields.js";
import {
  ACTION_CODE_PATTERN,
  ALTERNATIVE_FIELDS,
  CONSTRAINT_FIELDS,
  CONSTRAINT_OPERATORS,
  ENTITY_FIELDS,
  type Alternative,
  type Constraint,
  type Entity,
  type JsonValue,
  type SilpIR,
} from "../../ir/types.js";
import { actionToFunctionName } from "../../ir/verbs.js";
import type { InlineMeta } from "../meta-carriage.js";
import { quoteString, stringifyJson } from "../text-escape.js";
import { isBareName, isBareValue, isTimeLike } from "./chars.js";
import { META_ITEM_NAMES, META_RESERVED_NAMES } from "./meta-items.js";
import { assignConstraintRoles } from "./roles.js";

const OPERATORS: ReadonlySet<string> = new Set(CONSTRAINT_OPERATORS);
/** Field names that a bare keyword would alias in else-branch calls (`loc=` means location). */
const ALTERNATIVE_ALIASES: ReadonlySet<string> = new Set(["loc"]);
const NO_ALIASES: ReadonlySet<string> = new Set();

export function printCode(ir: SilpIR, inlineMeta: InlineMeta | undefined): string {
  let out = "";
  if (ir.constraints.length > 0) {
    out = "if ";
    for (let i = 0; i < ir.constraints.length; i++) {
      if (i > 0) out += " and ";
      out += printConstraint(ir.constraints[i] as Constraint);
    }
    out += ": ";
  }
  out += printActions(ir);
  if (ir.alternatives.length > 0) {
    out += " else: ";
    for (let i = 0; i < ir.alternatives.length; i++) {
      if (i > 0) out += "; ";
      out += printAlternative(ir.alternatives[i] as Alternative);
    }
  }
  if (inlineMeta) out += printMetaTrailer(inlineMeta);
  return out;
}

/**
 * The meta trailer (docs/grammar.md, "Meta trailer"): ` #{`, one item per field separated by
 * single spaces, `}`: `p2` and `c.75` for priority and confidence, `name=value` for the rest
 * (`seq=[a,b]`), so `start(hike) #{p1 c.9}` carries priority 1 and confidence 0.9.
 */
export function printMetaTrailer(inline: InlineMeta): string {
  let items = "";
  if (inline.silp !== undefined) items = `silp=${printValue(inline.silp)}`;
  if (inline.version !== undefined) items += `${items === "" ? "" : " "}version=${printValue(inline.version)}`;
  for (const key of Object.keys(inline.meta)) items += `${items === "" ? "" : " "}${printMetaItem(key, inline.meta[key] as JsonValue)}`;
  return ` #{${items}}`;
}

/** A seq entry: an action code (`!FETCH`) stays as the IR writes it; any other as a value. */
function printSeqEntry(entry: string): string {
  return ACTION_CODE_PATTERN.test(entry) ? entry : printValue(entry);
}

function printMetaItem(key: string, value: JsonValue): string {
  // Compile validated the IR, so the known fields have their schema's types here: priority and
  // confidence are finite numbers, whose JSON text is String()'s.
  if (key === "priority") return `p${String(value)}`;
  if (key === "confidence") {
    const text = String(value);
    return `c${text.startsWith("0.") ? text.slice(1) : text}`;
  }
  if (key === "seq") return `seq=[${(value as string[]).map(printSeqEntry).join(",")}]`;
  const short = Object.hasOwn(META_ITEM_NAMES, key) ? META_ITEM_NAMES[key] : undefined;
  if (short !== undefined) return `${short}=${printValue(value as string)}`;
  const name = isBareName(key) && !META_RESERVED_NAMES.has(key) ? key : quoteString(key);
  return `${name}=${printExtraValue(value)}`;
}

/** Primary call, then one call per secondary action (entities are grouped in normal form). */
function printActions(ir: SilpIR): string {
  let out = `${actionToFunctionName(ir.intent)}(`;
  let currentAction = ir.intent;
  let first = true;
  for (const entity of ir.entities) {
    const action = entity.action ?? ir.intent;
    if (action !== currentAction) {
      out += `); ${actionToFunctionName(action)}(`;
      currentAction = action;
      first = true;
    }
    if (!first) out += ",";
    out += printEntity(entity);
    first = false;
  }
  return `${out})`;
}

function printEntity(entity: Entity): string {
  let out = entity.id === "act" ? printValue(entity.value) : `${printName(entity.id, NO_ALIASES)}=${printValue(entity.value)}`;
  const extras = extraEntries(entity, ENTITY_FIELDS);
  if (extras.length > 0) out += `[${extras.map(([key, value]) => printKeyword(key, value, NO_ALIASES)).join(",")}]`;
  return out;
}

function printConstraint(constraint: Constraint): string {
  const negated = constraint.type.startsWith("!");
  const name = printName(negated ? constraint.type.slice(1) : constraint.type, NO_ALIASES);
  const extras = extraEntries(constraint, CONSTRAINT_FIELDS);
  const time = constraint.time;

  if (negated) {
    const args: string[] = [];
    if (time !== undefined && isTimeLike(time)) args.push(printValue(time));
    if (constraint.value !== "true") args.push(`value=${printValue(constraint.value)}`);
    if (time !== undefined && !isTimeLike(time)) args.push(`time=${printValue(time)}`);
    for (const [key, value] of extras) args.push(printKeyword(key, value, NO_ALIASES));
    return args.length === 0 ? `!${name}` : `!${name}(${args.join(",")})`;
  }

  const operator = constraint.operator;
  if (
    typeof operator === "string" &&
    OPERATORS.has(operator) &&
    extras.length === 1 && // the operator itself is the only extra field
    (time === undefined || isTimeLike(time))
  ) {
    return `${name}${operator}${printValue(constraint.value)}${time === undefined ? "" : `, ${printValue(time)}`}`;
  }

  const subject = typeof constraint.subject === "string" ? constraint.subject : undefined;
  const timePositional = time !== undefined && isTimeLike(time);
  const positional: string[] = [];
  if (subject !== undefined) positional.push(subject);
  positional.push(constraint.value);
  if (timePositional) positional.push(time);
  const roles = assignConstraintRoles(positional.length, isTimeLike(positional[positional.length - 1] as string));
  const expected = subject !== undefined ? ["subject", "value"] : ["value"];
  if (timePositional) expected.push("time");
  const readsBack = roles !== undefined && roles.length === expected.length && roles.every((role, index) => role === expected[index]);

  const args: string[] = [];
  if (readsBack) {
    for (const text of positional) args.push(printValue(text));
  } else {
    // e.g. {subject:"user", value:"t+5"}: `auth(user,t+5)` would read back as value,time.
    if (subject !== undefined) args.push(`subject=${printValue(subject)}`);
    args.push(`value=${printValue(constraint.value)}`);
    if (timePositional) args.push(`time=${printValue(time)}`);
  }
  if (time !== undefined && !timePositional) args.push(`time=${printValue(time)}`);
  for (const [key, value] of extras) {
    if (key === "subject" && subject !== undefined) continue;
    args.push(printKeyword(key, value, NO_ALIASES));
  }
  return `${name}(${args.join(",")})`;
}

function printAlternative(alternative: Alternative): string {
  const args: string[] = [];
  if (alternative.target !== undefined) {
    const location = alternative.location === undefined ? "" : `@${printValue(alternative.location)}`;
    args.push(`${printValue(alternative.target)}${location}`);
  } else if (alternative.location !== undefined) {
    args.push(`loc=${printValue(alternative.location)}`);
  }
  for (const [key, value] of extraEntries(alternative, ALTERNATIVE_FIELDS)) {
    args.push(printKeyword(key, value, ALTERNATIVE_ALIASES));
  }
  return `${actionToFunctionName(alternative.action)}(${args.join(",")})`;
}

function printKeyword(key: string, value: JsonValue, aliases: ReadonlySet<string>): string {
  return `${printName(key, aliases)}=${printExtraValue(value)}`;
}

/** Strings print as values; any other JSON value as a `...` literal (backticks escaped inside). */
function printExtraValue(value: JsonValue): string {
  if (typeof value === "string") return printValue(value);
  return `\`${stringifyJson(value).replace(/`/g, "\\u0060")}\``;
}

export function printValue(text: string): string {
  return isBareValue(text) ? text : quoteString(text);
}

function printName(text: string, aliases: ReadonlySet<string>): string {
  return isBareName(text) && !aliases.has(text) ? text : quoteString(text);
}
