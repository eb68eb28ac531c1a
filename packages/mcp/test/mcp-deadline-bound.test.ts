/**
 * The MCP request deadline cannot interrupt synchronous codec work (a decode runs to
 * its end once started; docs/integrations.md, "Request deadline"). What bounds that work is the
 * input limit together with linear-time decoding (perf/complexity.ts): this test finds the
 * slowest pathological code and json shapes of the complexity benchmark at an eighth of the
 * limit, decodes them at the largest payload the default limits accept (maxInputLength, 2 MiB)
 * and requires each to take less than half the default deadline of CPU time; then it sends the
 * slowest one through the real `decode` tool and requires an answer that is not `timeout`. Linear decoding takes about a second or less at
 * 2 MiB; a quadratic path (one once took 51 s at 200K characters) would take hours, so the
 * bound is far from both and machine load does not make it flaky.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { resolveOptions } from "silp/util";
import { SHAPES, type Shape } from "@silp/testkit/complexity-shapes.js";
import { testDepth } from "@silp/testkit/property.js";
import { createSilpMcpServer, DEFAULT_TOOL_TIMEOUT_MS } from "../src/index.js";

const LIMIT = resolveOptions(undefined).limits.maxInputLength;
const BOUND_MS = DEFAULT_TOOL_TIMEOUT_MS / 2;

/** CPU milliseconds (user + system) spent in `run`: machine load does not inflate it. */
async function cpuTime(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/**
 * The shape's largest input the default limits accept. Build sizes are approximate (a shape may
 * add a fixed frame or round up to whole units), so each step asks for strictly less than the
 * last, by at least the excess: scaling alone could settle on a size whose input stays 30
 * characters too long, forever (it did, for json/deep extra fields).
 */
function largestAccepted(shape: Shape): string {
  let size = LIMIT;
  let input = shape.build(size);
  while (input.length > LIMIT) {
    size = Math.min(size - (input.length - LIMIT) - 64, Math.floor((size * LIMIT) / input.length));
    input = shape.build(size);
  }
  return input;
}

const decodeShapes = SHAPES.filter((shape) => shape.target === "code" || shape.target === "json");
/**
 * Shapes run at the full limit: the slowest at an eighth of it (all of them there would take
 * minutes of CPU); a quick run takes the slowest one only.
 */
const AT_LIMIT = testDepth() === "quick" ? 1 : 4;
/** The slowest shapes are found at this fraction of the limit (a quick run ranks on smaller inputs). */
const RANKING_FRACTION = testDepth() === "quick" ? 32 : 8;

test(`the slowest code and json shapes at the input limit (${LIMIT} characters) decode in under ${BOUND_MS} ms of CPU`, async (_t) => {
  assert.ok(decodeShapes.length >= 20, "the complexity shapes are there");
  const eighth: { shape: Shape; ms: number }[] = [];
  for (const shape of decodeShapes) {
    const input = shape.build(LIMIT / RANKING_FRACTION);
    shape.run(input); // warm-up
    eighth.push({ shape, ms: await cpuTime(() => shape.run(input)) });
  }
  eighth.sort((a, b) => b.ms - a.ms);
  const times: { shape: Shape; input: string; ms: number }[] = [];
  for (const { shape } of eighth.slice(0, AT_LIMIT)) {
    const input = largestAccepted(shape);
    assert.ok(input.length > LIMIT * 0.9, `${shape.name}: ${input.length} characters`);
    const ms = await cpuTime(() => shape.run(input));
    assert.ok(ms < BOUND_MS, `${shape.name}: ${ms.toFixed(0)} ms at ${input.length} characters`);
    times.push({ shape, input, ms });
  }
  times.sort((a, b) => b.ms - a.ms);
  console.log(`at the limit: ${times.map((each) => `${each.shape.name} ${each.ms.toFixed(0)} ms`).join(", ")}`);

  // The slowest shape through the MCP decode tool, with the default deadline: it answers, and not with timeout.
  const slowest = times[0];
  assert.ok(slowest);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await (await createSilpMcpServer({ countTokens: false, whitelist: "off" })).connect(serverSide);
  const client = new Client({ name: "deadline-bound", version: "0.0.0" });
  await client.connect(clientSide);
  try {
    let result: { isError?: boolean; structuredContent?: { error?: { code?: string } } } | undefined;
    const ms = await cpuTime(async () => {
      result = (await client.callTool({
        name: "decode",
        arguments: { silp_encoding: slowest.shape.target, silp_payload: slowest.input },
      })) as typeof result;
    });
    assert.notEqual(result?.structuredContent?.error?.code, "timeout", slowest.shape.name);
    assert.ok(ms < DEFAULT_TOOL_TIMEOUT_MS, `${slowest.shape.name} through MCP: ${ms.toFixed(0)} ms`);
    console.log(`${slowest.shape.name} through the MCP decode tool: ${ms.toFixed(0)} ms CPU`);
  } finally {
    await client.close();
  }
});
