/**
 * `silpc negotiate --local code,json,natural --remote json,natural [--ir FILE --fail code]`:
 * plays both peers of spec 5.3. The local side sends the //ping, the remote side answers with
 * the //pong, both apply the agreement rule; with --ir, the IR is then sent along the
 * degradation chain to a remote that really decodes, failing on the frontends given by --fail.
 */
import type { Command } from "commander";
import { SilpError } from "silp";
import type { SilpIRInput } from "silp";
import { IR_SHAPE } from "silp/util";
import { decodingPeer } from "silp/negotiation";
import { sendWithDegradation, type AttemptRecord, type DeliveryResult } from "silp/negotiation";
import { acceptPong, answerPing, createPing, type Agreement, type Capabilities } from "silp/negotiation";
import { formatProbe, probeToJson } from "silp/negotiation";
import { isFrontendName, type Ping, type Pong } from "silp/negotiation";
import { EXIT_INVALID, UsageError, errorAsJson, readJsonInput, runCommand, writeJson, writeOut } from "../io.js";

interface NegotiateFlags {
  local: string;
  remote: string;
  localSilp: string;
  remoteSilp: string;
  ir?: string;
  fail?: string;
  maxAttempts: string;
  lossy: boolean;
  json?: boolean;
}

function splitList(value: string): string[] {
  return value.split(",").map((item) => item.trim());
}

/** Builds one side's capabilities, reporting a bad list as a usage error naming the flag. */
function side(flag: string, frontends: string, versions: string): Capabilities & { ping: Ping } {
  try {
    const ping = createPing({ versions: splitList(versions), frontends: splitList(frontends) });
    return { ...ping, ping };
  } catch (error) {
    if (error instanceof SilpError) throw new UsageError(`${flag}: ${error.message}`);
    throw error;
  }
}

function describeAttempt(a: AttemptRecord): string {
  const head = a.attempt === 0 ? "  skipped  " : `  attempt ${a.attempt}`;
  const status = a.outcome === "delivered" ? `delivered (${a.lossless ? "lossless" : "lossy: prose only, nothing to decode back"})` : a.outcome;
  const why = a.error ? `  ${a.error.code}: ${a.error.message}` : "";
  return `${head}: ${a.frontend.padEnd(8)} ${status}${why}`;
}

export function register(program: Command): void {
  program
    .command("negotiate")
    .description("play both sides of //ping frontend negotiation, optionally with a simulated degradation run")
    .requiredOption("--local <frontends>", "the sender's frontends, most preferred first (e.g. code,json,natural)")
    .requiredOption("--remote <frontends>", "the receiver's frontends, most preferred first (the receiver's order wins)")
    .option("--local-silp <versions>", "the sender's SILP versions", IR_SHAPE.silpVersions.join(","))
    .option("--remote-silp <versions>", "the receiver's SILP versions", IR_SHAPE.silpVersions.join(","))
    .option("--ir <file>", "send this IR (JSON file or -) along the degradation chain after agreeing")
    .option("--fail <frontends>", "with --ir: the receiver reports a decode failure for these frontends (simulated)")
    .option("--max-attempts <n>", "with --ir: most payloads sent", "3")
    .option("--no-lossy", "with --ir: never fall back to a lossy frontend (natural)")
    .option("--json", "machine-readable output")
    .action((flags: NegotiateFlags) =>
      runCommand(Boolean(flags.json), async () => {
        if (flags.fail !== undefined && flags.ir === undefined) throw new UsageError("--fail needs --ir");
        const failOn = flags.fail === undefined ? [] : splitList(flags.fail);
        const badFail = failOn.find((name) => !isFrontendName(name));
        if (badFail !== undefined) throw new UsageError(`--fail: ${JSON.stringify(badFail)} is not a frontend name`);
        const maxAttempts = Number(flags.maxAttempts);
        if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new UsageError("--max-attempts must be a positive integer");
        const local = side("--local", flags.local, flags.localSilp);
        const remote = side("--remote", flags.remote, flags.remoteSilp);
        const ir = flags.ir === undefined ? undefined : (readJsonInput(flags.ir) as SilpIRInput);

        const answer = answerPing(local.ping, remote);
        const report: {
          ping: { line: string; json: unknown };
          pong: { line: string; json: unknown };
          agreement?: Agreement;
          delivery?: DeliveryResult & { failOn: string[] };
        } = {
          ping: { line: formatProbe(local.ping), json: probeToJson(local.ping) },
          pong: { line: formatProbe(answer.pong), json: probeToJson(answer.pong) },
        };
        if (!flags.json) {
          writeOut(`> ${report.ping.line}`);
          writeOut(`< ${report.pong.line}`);
        }
        try {
          report.agreement = acceptPong(local.ping, answer.pong as Pong);
          if (!flags.json) {
            const { frontend, version, mutual, skipped } = report.agreement;
            writeOut(`chosen: ${frontend} (silp ${version}; mutual, receiver's order: ${mutual.join(", ")})`);
            for (const s of skipped) writeOut(`skipped: ${s.frontend} (${s.side}): ${s.reason}`);
          }
          if (ir !== undefined) {
            if (!flags.json) writeOut(`degradation run${failOn.length ? ` (simulated failures: ${failOn.join(", ")})` : ""}:`);
            const delivery = await sendWithDegradation(ir, report.agreement, decodingPeer({ failOn }), {
              maxAttempts,
              allowLossy: flags.lossy,
            }).catch((error: unknown) => {
              const attempts = error instanceof SilpError ? (error.details?.attempts as AttemptRecord[] | undefined) : undefined;
              if (!flags.json && attempts) for (const a of attempts) writeOut(describeAttempt(a));
              throw error;
            });
            report.delivery = { ...delivery, failOn };
            if (!flags.json) {
              for (const a of delivery.attempts) writeOut(describeAttempt(a));
              writeOut(`delivered as ${delivery.frontend}`);
            }
          }
        } catch (error) {
          if (!flags.json || !(error instanceof SilpError)) throw error;
          const attempts = error.details?.attempts;
          writeJson({ ...report, ...(attempts ? { attempts } : {}), ...errorAsJson(error) });
          return EXIT_INVALID;
        }
        if (flags.json) writeJson(report);
      }),
    );
}
