/**
 * A private redis-server for the tests that need one: started on a free loopback port when the
 * binary is on PATH (or at $SILP_REDIS_SERVER), stopped when the test process exits, with no
 * persistence. $SILP_REDIS_URL points the tests at a server of your own instead. Without either,
 * `REDIS.skip` is the one line the skipped tests print.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { skipUnlessRequired } from "./require-all.js";

export type RedisForTests = { url: string; skip: false } | { url: undefined; skip: string };

const MISSING = "redis-server not found: install it (apt-get install redis-server) or set SILP_REDIS_URL to run the Redis tests";

function binary(): string | undefined {
  const named = process.env.SILP_REDIS_SERVER ?? "redis-server";
  return spawnSync(named, ["--version"], { encoding: "utf8" }).status === 0 ? named : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function start(command: string): Promise<string> {
  const port = await freePort();
  const child = spawn(command, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on port ${port}: ${output}`)), 10_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}: ${output}`));
    });
  });
  child.stdout.removeAllListeners("data").resume();
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  return `redis://127.0.0.1:${port}`;
}

async function locate(): Promise<RedisForTests> {
  const given = process.env.SILP_REDIS_URL;
  if (given !== undefined && given !== "") return { url: given, skip: false };
  const command = binary();
  if (command === undefined) return { url: undefined, skip: skipUnlessRequired(MISSING) };
  return { url: await start(command), skip: false };
}

/** The Redis of this test process (started once, on first import). */
export const REDIS: RedisForTests = await locate();
