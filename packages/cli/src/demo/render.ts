/** The demo transcript as text for a terminal (the CLI prints it; `--json` prints the object). */
import { renderDialectDemo } from "./dialects.js";
import type { DemoAttempt, DemoTranscript, DemoTurn, TokenCounts } from "./scenario.js";

function counted(counts: TokenCounts): string {
  return Object.entries(counts)
    .map(([name, n]) => `${n} tokens ${name}`)
    .join(", ");
}

function tokens(counts: TokenCounts | undefined): string {
  return counts ? ` (${counted(counts)})` : "";
}

function attemptLines(attempt: DemoAttempt): string[] {
  const head = `  attempt ${attempt.attempt}  ${attempt.frontend.padEnd(7)} ${attempt.outcome}`;
  const why = attempt.error ? `: ${attempt.error.code} (${attempt.error.message})` : "";
  const lines = [`${head}${why}`];
  if (attempt.payload !== undefined) lines.push(`             ${attempt.payload}${tokens(attempt.tokens)}`);
  return lines;
}

function turnLines(turn: DemoTurn): string[] {
  const label = turn.example === "extra" ? "" : `${turn.example} `;
  const how =
    turn.agreement.source === "assumed"
      ? `before negotiation: assumed ${turn.agreement.frontend}`
      : `${turn.agreement.frontend} (agreed by ${turn.agreement.source})`;
  const lines = [
    ``,
    `turn ${turn.turn} · ${label}${turn.title}`,
    `  ${turn.from} -> ${turn.to}, ${how}${turn.irJsonTokens ? `; the IR itself as JSON: ${counted(turn.irJsonTokens)}` : ""}`,
  ];
  for (const attempt of turn.attempts) lines.push(...attemptLines(attempt));
  if (turn.decoded) {
    lines.push(`  decoded    ${turn.decoded.summary}`);
    if (turn.decoded.repairs.length > 0) lines.push(`             repairs: ${turn.decoded.repairs.join(", ")}`);
    if (turn.decoded.warnings.length > 0) lines.push(`             warnings: ${turn.decoded.warnings.join("; ")}`);
  }
  if (turn.meta) lines.push(`  meta       ${JSON.stringify(turn.meta)} (in the part's metadata: the model reads the payload only)`);
  if (turn.session) {
    const s = turn.session;
    const renewal = s.renewed ? ` -> heartbeat: context renewed after this turn (renewal ${s.renewals})` : "";
    lines.push(
      `  session    ${s.id}${s.opened ? " (new)" : ""} · turn ${s.turn} · sees ${s.contextLength} earlier turn${s.contextLength === 1 ? "" : "s"} · N=${s.heartbeat}${renewal}`,
    );
  }
  for (const handler of turn.handlers ?? []) {
    const data = handler.data
      ? ` [${Object.entries(handler.data)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ")}]`
      : "";
    lines.push(`  handler    ${handler.action}: ${handler.summary}${data}`);
  }
  if (turn.reply) lines.push(`  reply      ${turn.to} -> ${turn.from} ${turn.reply.frontend}: ${turn.reply.payload}${tokens(turn.reply.tokens)}`);
  if (turn.refused) lines.push(`  REFUSED    ${turn.refused.code}: ${turn.refused.message}`);
  return lines;
}

export function renderTranscript(transcript: DemoTranscript): string {
  const lines = [`SILP demo: two A2A v1.0 agents on 127.0.0.1 (SILP extension ${transcript.extension})`];
  for (const agent of transcript.agents) {
    lines.push(`  ${agent.name.padEnd(6)} ${agent.role.padEnd(36)} ${agent.url}  reads ${agent.reads.join(", ")}; sessions N=${agent.heartbeat}`);
  }
  lines.push(
    "tokenizers" in transcript.tokens
      ? `  token counts with ${transcript.tokens.tokenizers.join(", ")} only (one small tokenizer keeps the demo quick; silpc tokens has all six)`
      : `  no token counts: ${transcript.tokens.unavailable}`,
  );
  const [first, ...rest] = transcript.turns;
  if (first) lines.push(...turnLines(first));
  lines.push("", "negotiation (spec 5.3): the receiver's order wins");
  for (const n of transcript.negotiation) {
    lines.push(`  ${n.from} -> ${n.to}  from the AgentCard: ${n.card.frontend} (common: ${n.card.mutual.join(", ")})`);
    lines.push(`  ${" ".repeat(n.from.length + n.to.length + 4)}  by //ping (${n.ping.form}): ${n.ping.ping}  =>  ${n.ping.pong}`);
  }
  for (const turn of rest) lines.push(...turnLines(turn));
  lines.push(...renderDialectDemo(transcript.dialects));
  const s = transcript.summary;
  lines.push(
    "",
    `${s.delivered} payloads delivered and dispatched, ${s.refused} refused, ${s.degraded} degraded along the chain, ${s.renewals} heartbeat renewal${s.renewals === 1 ? "" : "s"}.`,
    ...(s.read
      ? [
          `What the models read, requests and replies of the delivered turns: ${s.read.payloads} tokens ${s.read.tokenizer}, each text the whole IR but the req_id (it rides beside it); the same IRs as JSON: ${s.read.irJson} (${(s.read.payloads / s.read.irJson).toFixed(2)}x).`,
          `The compact payloads alone would be ${s.read.compact} (${(s.read.compact / s.read.payloads).toFixed(2)}x of that): they drop the meta, the order of the steps, the session, the route and the answer's form.`,
        ]
      : []),
    "All agents are stopped and their ports closed.",
  );
  return lines.join("\n");
}
