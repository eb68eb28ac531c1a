/**
 * The command-line flags of serving the SILP tools, checked one way for both commands that serve
 * them (`silp-mcp`, this package's bin, and `silpc mcp`): each returns the value, or the problem as
 * a message naming the flag, which each command turns into its usage error.
 */

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "::1", "localhost"]);

export type FlagCheck<T> = { ok: true; value: T } | { ok: false; problem: string };

/** `--timeout MS`: a positive whole number of milliseconds that a timer can hold. */
export function checkTimeoutFlag(text: string): FlagCheck<number> {
  const ms = Number(text);
  if (!/^[1-9][0-9]*$/.test(text) || ms > 2_147_483_647) return { ok: false, problem: "--timeout must be a positive number of milliseconds" };
  return { ok: true, value: ms };
}

/** `--http PORT`: 0 (a free port) to 65535. */
export function checkPortFlag(text: string): FlagCheck<number> {
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port > 65535) return { ok: false, problem: "--http must be a port number (0-65535)" };
  return { ok: true, value: port };
}

/** `--host ADDRESS`: loopback only (the server accepts loopback Host headers only). */
export function checkHostFlag(text: string): FlagCheck<string> {
  return LOOPBACK_HOSTS.has(text) ? { ok: true, value: text } : { ok: false, problem: "--host must be a loopback address (127.0.0.1, ::1 or localhost)" };
}
