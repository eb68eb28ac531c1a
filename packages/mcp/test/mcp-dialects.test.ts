/**
 * Dialect negotiation across two processes that never shared a file: `silp-mcp` (its built bin,
 * spawned over stdio) starts with no dialect and takes x-evolved from this client by content
 * hash, through the negotiate tool; the 27 study cases then go to its decode tool as x-evolved
 * payloads and come back as the same IRs. A spec that does not hash to its offer is refused with
 * dialect_refused and the server stays on code.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { compile, normalize, type SilpIRInput } from "silp";
import { envelopeOf } from "silp/carriage";
import { type Capabilities, type Ping, type Pong, formatProbe, parseProbeJson, probeToJson } from "silp/negotiation";
import { type DialectSpec, DialectHoldings, EVOLVED_DIALECT, dialectRef, negotiateDialects, parseDialectSpec, randomDialectSpec } from "@silp/dialects";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { serveSilpMcpHttp } from "../src/index.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { seededRandom as seeded } from "@silp/testkit/seeded-random.js";

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "packages/mcp/package.json"), "utf8")) as { bin: Record<string, string> };
const BIN = join(REPO_ROOT, "packages/mcp", manifest.bin["silp-mcp"] as string);
const STUDY_DIR = join(REPO_ROOT, "data/study/cases");
const STUDY = readdirSync(STUDY_DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(join(STUDY_DIR, name), "utf8")) as SilpIRInput);
const BASE: Capabilities = { versions: ["v1"], frontends: ["code", "json"] };
type CallResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

let client: Client;

/** The negotiate tool as the carrier: a line when the ping carries no specs, its JSON form when it does. */
async function exchange(ping: Ping): Promise<Pong> {
  const argument = ping.specs === undefined ? formatProbe(ping) : probeToJson(ping);
  const result = (await client.callTool({ name: "negotiate", arguments: { ping: argument } })) as CallResult;
  assert.ok(!result.isError, JSON.stringify(result.structuredContent));
  return parseProbeJson({ silp_pong: result.structuredContent?.pong }) as Pong;
}

describe("silp-mcp --accept-dialects any: a dialect agreed by hash across processes", () => {
  beforeAll(async () => {
    client = new Client({ name: "dialect-client", version: "0.0.0" }, { versionNegotiation: { mode: "auto" } });
    const args = [BIN, "--no-count-tokens", "--whitelist", "off", "--accept-dialects", "any", "--tokenizer", "gpt-4o", "--order", "cost"];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: REPO_ROOT, stderr: "pipe" }));
  });
  afterAll(async () => {
    await client.close();
  });

  test("a spec that does not hash to its offer is refused (dialect_refused) and the server stays on code", async () => {
    const ref = dialectRef(EVOLVED_DIALECT);
    const altered = { ...JSON.parse(JSON.stringify(EVOLVED_DIALECT)), genes: { ...EVOLVED_DIALECT.genes, negation: "no" } };
    const ping = { silp_ping: { silp: ["v1"], frontends: ["x-evolved", "code"], dialects: [ref], dialect_specs: [altered] } };
    const result = (await client.callTool({ name: "negotiate", arguments: { ping } })) as CallResult;
    const refused = result.structuredContent?.refused as { code: string; details: { reason: string } }[];
    assert.deepEqual(
      refused.map((error) => [error.code, error.details.reason]),
      [["dialect_refused", "hash_mismatch"]],
    );
    assert.deepEqual(result.structuredContent?.received, []);
    assert.equal((result.structuredContent?.pong as { prefer?: string } | undefined)?.prefer, "code");
    assert.deepEqual((result.structuredContent?.pong as { want?: string[] } | undefined)?.want, [ref], "it still asks for the offer it lacks");
  });

  test("the client's x-evolved is taken by hash, chosen for the gpt-4o reader by cost, and the 27 study cases decode in the other process", async () => {
    const sender = new DialectHoldings();
    const ref = sender.hold(parseDialectSpec(EVOLVED_DIALECT));
    const result = await negotiateDialects(exchange, BASE, sender);
    assert.deepEqual(result.sent, [ref]);
    assert.equal(result.pongs[0]?.want?.[0], ref);
    assert.deepEqual(result.pongs[1]?.dialects, [ref]);
    assert.equal(result.agreement.frontend, "x-evolved");
    assert.equal(result.choice.by, "cost");
    assert.equal(result.choice.costs[0]?.frontend, "x-evolved");

    // Each case as the same envelope twice, its payload in x-evolved and in code: the server
    // gives back the same IR for both, and that IR carries the case's intent, entities,
    // constraints and alternatives unchanged.
    const decodeIn = async (ir: SilpIRInput, frontend: string) => {
      const payload = compile(ir, frontend, { whitelist: "off", inlineMeta: false });
      const decoded = (await client.callTool({ name: "decode", arguments: { ...envelopeOf(normalize(ir), frontend, payload) } })) as CallResult;
      assert.ok(!decoded.isError, `${payload}: ${JSON.stringify(decoded.structuredContent)}`);
      return { payload, ir: decoded.structuredContent?.ir as Record<string, unknown> };
    };
    for (const ir of STUDY) {
      const dialect = await decodeIn(ir, "x-evolved");
      const code = await decodeIn(ir, "code");
      assert.deepEqual(dialect.ir, code.ir, dialect.payload);
      const { intent, entities, constraints, alternatives } = normalize(ir);
      assert.deepEqual(
        [dialect.ir.intent, dialect.ir.entities, dialect.ir.constraints, dialect.ir.alternatives],
        [intent, entities, constraints, alternatives],
      );
    }
    assert.equal(STUDY.length, 27);
    // The reply's frontend is what the server reads now: x-evolved first.
    const again = (await client.callTool({ name: "negotiate", arguments: { ping: formatProbe(result.pings[0] as Ping) } })) as CallResult;
    assert.equal((again.structuredContent?.pong as { prefer?: string } | undefined)?.prefer, "x-evolved");
  });
});

describe("hostile peers over Streamable HTTP (serveSilpMcpHttp --accept-dialects any): a dialect name means one thing, no client holds the pool", () => {
  let running: Awaited<ReturnType<typeof serveSilpMcpHttp>>;
  const clients: Client[] = [];
  async function httpClient(name: string): Promise<Client> {
    const http = new Client({ name, version: "0.0.0" });
    await http.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    clients.push(http);
    return http;
  }
  const negotiate = async (on: Client, ping: unknown) => (await on.callTool({ name: "negotiate", arguments: { ping } })) as CallResult;
  const offer = (...specs: DialectSpec[]) => ({
    silp_ping: {
      silp: ["v1"],
      frontends: [...specs.map((spec) => spec.name), "code"],
      dialects: specs.map(dialectRef),
      dialect_specs: specs.map((spec) => JSON.parse(JSON.stringify(spec))),
    },
  });
  const prefer = (result: CallResult) => (result.structuredContent?.pong as { prefer?: string } | undefined)?.prefer;

  beforeAll(async () => {
    running = await serveSilpMcpHttp({ port: 0, countTokens: false, whitelist: "off", dialects: new DialectHoldings({ accept: "any" }) });
  });
  afterAll(async () => {
    for (const each of clients) await each.close();
    await running.close();
  });

  test("D1: a forged x-evolved is refused; a draft client naming x-evolved, and one naming another client's dialect, agree on code", async () => {
    const a = await httpClient("client-a");
    const b = await httpClient("client-b");
    const order = { ...(EVOLVED_DIALECT.argument_order as Record<string, string[]>), "!TRANSLATE": ["tgt", "src", "style"] };
    const forged = parseDialectSpec({ ...EVOLVED_DIALECT, argument_order: order });
    const refused = (await negotiate(a, offer(forged))).structuredContent?.refused as { code: string; details: { reason: string } }[];
    assert.deepEqual(
      refused.map((error) => [error.code, error.details.reason]),
      [["dialect_refused", "name_taken"]],
    );
    assert.equal(prefer(await negotiate(b, "//ping silp=v1 frontends=x-evolved,code,json")), "code");

    const own = randomDialectSpec(seeded(11), "x-client-a");
    assert.equal(prefer(await negotiate(a, offer(own))), "x-client-a");
    assert.equal(prefer(await negotiate(b, "//ping silp=v1 frontends=x-client-a,code,json")), "code");
  });

  test("D2: one client's 2 pings of 4 random specs do not fill the pool for good: another client's dialect is agreed, and every spec received is in its pong", async () => {
    const flooder = await httpClient("flooder");
    const random = seeded(2026);
    for (const round of [0, 1]) {
      const specs = Array.from({ length: 4 }, (_, i) => randomDialectSpec(random, `x-flood-${round}-${i}`));
      const result = await negotiate(flooder, offer(...specs));
      assert.deepEqual(result.structuredContent?.received, specs.map(dialectRef));
      const pong = result.structuredContent?.pong as { dialects?: string[]; want?: string[] } | undefined;
      assert.deepEqual(pong?.dialects, specs.map(dialectRef), "every spec received is listed");
      assert.equal(pong?.want, undefined, "none asked for again");
    }
    const honest = await httpClient("honest");
    const mine = randomDialectSpec(seeded(77), "x-honest");
    const result = await negotiate(honest, offer(mine));
    assert.deepEqual([result.structuredContent?.received, result.structuredContent?.refused, prefer(result)], [[dialectRef(mine)], [], "x-honest"]);
    // And the agreed dialect reads: the honest client's payload decodes.
    const ir = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "0badc0de" } };
    const decoded = (await honest.callTool({
      name: "decode",
      arguments: { ...envelopeOf(normalize(ir), "x-honest", compile(ir, "x-honest", { inlineMeta: false })) },
    })) as CallResult;
    assert.ok(!decoded.isError, JSON.stringify(decoded.structuredContent));
  });
});
