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
import { envelopeOf } from "silp/util";
import { type Capabilities, type Ping, type Pong, formatProbe, parseProbeJson, probeToJson } from "silp/negotiation";
import { DialectHoldings, EVOLVED_DIALECT, dialectRef, negotiateDialects, parseDialectSpec } from "@silp/dialects";
import { REPO_ROOT } from "@silp/testkit/paths.js";

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
