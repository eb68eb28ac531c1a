/**
 * The names of the meta trailer's items (docs/grammar.md, "Meta trailer"), shared by the printer
 * and lowering. Short names keep the trailer a few tokens long: the trailer exists for the fields
 * that differ from their defaults, and a model reads it with every payload.
 */

/** Item names of the string-valued known fields (and seq), by IR field. */
export const META_ITEM_NAMES: Readonly<Record<string, string>> = Object.freeze({
  req_id: "id",
  session_id: "sid",
  out: "out",
  next_agent: "next",
  seq: "seq",
});

/** IR field by item name: the reverse of META_ITEM_NAMES. */
export const META_ITEM_FIELDS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(META_ITEM_NAMES).map(([field, name]) => [name, field])),
);

/**
 * Bare names that are not extra fields: the item names, `silp` and `version` (the IR's own
 * fields), `p` and `c` (priority and confidence are written `p2`, `c.75`), `meta` (`#meta {…}` is
 * the JSON trailer) and the known fields' long names. An extra field of one of these names is
 * written quoted (`"sid"=x`), as a quoted key is always an extra field's literal name.
 */
export const META_RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(META_ITEM_FIELDS),
  "silp",
  "version",
  "p",
  "c",
  "meta",
  "req_id",
  "session_id",
  "priority",
  "confidence",
  "next_agent",
]);

/** `p2`, `p-1`: priority, a JSON number (the schema requires an integer). */
export const PRIORITY_ITEM = /^p(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)$/;
/** `c.75`, `c0.75`, `c1`, `c1e-7`: confidence, a JSON number whose leading `0` may be left out. */
export const CONFIDENCE_ITEM = /^c((?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)$/;
