/**
 * Tests run offline (scripts/no-network.mjs, loaded by vitest's setup): a connection or a name
 * lookup that would leave the machine is refused, in the test process and in the Node processes
 * it starts; loopback stays open for the tests' own servers.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import dns from "node:dns";
import { createServer, connect } from "node:net";
import { test } from "vitest";

test("fetch, net.connect and dns.lookup to the outside are refused with a clear error", async () => {
  const failed = await fetch("http://93.184.216.34/").then(
    () => undefined,
    (error: Error & { cause?: { code?: string } }) => error,
  );
  assert.equal(failed?.cause?.code, "SILP_TEST_OFFLINE");
  assert.throws(() => connect(80, "93.184.216.34"), { code: "SILP_TEST_OFFLINE" });
  assert.throws(() => connect({ host: "registry.npmjs.org", port: 443 }), { code: "SILP_TEST_OFFLINE" });
  assert.throws(() => dns.lookup("registry.npmjs.org", () => undefined), { code: "SILP_TEST_OFFLINE" });
  await assert.rejects(dns.promises.lookup("example.org"), { code: "SILP_TEST_OFFLINE" });
});

test("a Node process the test starts is refused too", () => {
  const child = spawnSync(process.execPath, ["-e", "require('node:net').connect(443, 'registry.npmjs.org')"], { encoding: "utf8" });
  assert.notEqual(child.status, 0);
  assert.match(child.stderr, /network access refused: connect to registry\.npmjs\.org/);
});

test("loopback stays open", async () => {
  const server = createServer((socket) => socket.end("hi"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    assert.equal(reply, "hi");
    assert.equal((await (await fetch(`http://localhost:${port}/`).catch(() => undefined))?.status) ?? "closed", "closed");
  } finally {
    server.close();
  }
});
