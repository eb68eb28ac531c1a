/**
 * Tests run offline (CONTRIBUTING.md, "Two lanes"): loaded into every test process and, through
 * NODE_OPTIONS, into every Node process a test starts, this refuses any TCP connection and any
 * name lookup that would leave the machine. Loopback stays open, since the tests' own servers
 * (Redis, MCP, A2A, the chat test doubles) listen there; a Unix socket or a named pipe passes too.
 * A refusal throws an Error naming the destination, so the test that reached out fails loudly.
 *
 * Why a guard of our own: the other half of the check, running the tests with the npm registry
 * unreachable (.ci/run), only catches npm; this catches fetch, http, ioredis and anything else
 * that dials out, including in child processes.
 */
import dns from "node:dns";
import net from "node:net";
import tls from "node:tls";

const LOOPBACK_NAMES = new Set(["localhost", "ip6-localhost", "ip6-loopback"]);

function isLoopback(host) {
  if (host === undefined || host === null || host === "") return true; // Node's default: localhost
  const name = String(host)
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (LOOPBACK_NAMES.has(name) || name.endsWith(".localhost")) return true;
  if (net.isIPv4(name)) return name.startsWith("127.") || name === "0.0.0.0";
  if (net.isIPv6(name)) return name === "::1" || name === "::" || /^::ffff:127\./.test(name);
  return false;
}

function refuse(what) {
  const error = new Error(`network access refused: ${what} (tests run offline; scripts/no-network.mjs)`);
  error.code = "SILP_TEST_OFFLINE";
  return error;
}

/** The host of net.connect's / tls.connect's arguments: (options), (port, host), (path). */
function hostOf(args) {
  const [first, second] = args;
  if (first !== null && typeof first === "object") return first.path !== undefined ? undefined : (first.host ?? first.hostname ?? first.servername);
  if (typeof first === "string" && Number.isNaN(Number(first))) return undefined; // a socket path
  return typeof second === "string" ? second : undefined;
}

for (const [module, names] of [
  [net, ["connect", "createConnection"]],
  [tls, ["connect"]],
]) {
  for (const name of names) {
    const original = module[name];
    module[name] = function guarded(...args) {
      const host = hostOf(args);
      if (!isLoopback(host)) throw refuse(`${name} to ${host}`);
      return original.apply(this, args);
    };
  }
}

const originalSocketConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const normalized = Array.isArray(args[0]) ? args[0] : args;
  const host = hostOf(normalized);
  if (!isLoopback(host)) throw refuse(`a socket to ${host}`);
  return originalSocketConnect.apply(this, args);
};

const originalLookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!isLoopback(hostname)) throw refuse(`a lookup of ${hostname}`);
  return originalLookup.call(this, hostname, ...rest);
};
const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = function guardedPromiseLookup(hostname, ...rest) {
  if (!isLoopback(hostname)) return Promise.reject(refuse(`a lookup of ${hostname}`));
  return originalPromiseLookup.call(this, hostname, ...rest);
};
