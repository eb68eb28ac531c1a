/**
 * Figures in the docs are written by the scripts that measure them, never by hand: a script
 * replaces what stands between `<!-- figures:NAME:start -->` and `<!-- figures:NAME:end -->` in a
 * page with its own output, under a line saying which command wrote it, when, and on what.
 * packages/cli/test/readme.test.ts checks that the README states no figure outside such a block.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** The markers of figure block `name`. */
export function figureMarkers(name) {
  return { start: `<!-- figures:${name}:start -->`, end: `<!-- figures:${name}:end -->` };
}

/**
 * Replaces figure block `name` of the page at `path` with `body` (markdown lines), stamped with
 * `command` and this machine. Throws when the page lacks the block, so a moved block is noticed.
 */
export function writeFigures(path, name, body, command) {
  const page = readFileSync(path, "utf8");
  const { start, end } = figureMarkers(name);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${path} has no ${start} ... ${end} block`);
  const stamp = `<!-- written by ${command} on ${new Date().toISOString().slice(0, 10)}: node ${process.version}, ${process.platform} ${process.arch} -->`;
  writeFileSync(path, `${page.slice(0, from + start.length)}\n${stamp}\n${body.trimEnd()}\n${page.slice(to)}`);
}
