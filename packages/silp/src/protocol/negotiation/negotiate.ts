/**
 * Choosing the version and frontend two peers use (spec 5.3, made precise here).
 *
 * The rule: the RECEIVER's priority wins. Walking the receiver's list in order, the first entry
 * the sender also lists is chosen; the same rule picks the version. The receiver has to
 * understand the payload, so its order says what it reads best; the sender's list limits the
 * choice to what the sender can produce, and its order is not used. The receiver reports its choice
 * as `prefer`, and the sender recomputes it: a pong whose `prefer` differs from the rule is a
 * `negotiation_failed`, so both sides always end up on the same frontend.
 *
 * Names the drafts left undefined (`math`, listed by draft -00 and removed by -02) are accepted
 * in lists and skipped: they never match and are reported in `skipped`.
 *
 * Dialects (docs/dialect-negotiation.md): a name both sides list with a content hash is shared
 * only when the hashes are equal, since an `x-` name says nothing about its content. A name only
 * one side gives a hash for is matched by name, as a peer without the extension does, and
 * reported in `unverified`.
 */
import { SilpError } from "../../errors.js";
import { checkFrontendName, checkProbe } from "./probe-check.js";
import { dialectRefName, type Ping, type Pong, type ProbeDialectFields } from "./probe.js";

/** Frontend names a peer may list that no draft defines; skipped with the reason given. */
export const UNDEFINED_FRONTENDS: Readonly<Record<string, string>> = Object.freeze({
  math: "listed in the degradation chain of draft -00 but never defined; removed by draft -02",
});

/** What one side speaks, most preferred first. */
export interface Capabilities {
  versions: readonly string[];
  frontends: readonly string[];
  /** The dialects among `frontends` this side holds, as `name@sha256:<hex>` references. */
  dialects?: readonly string[];
  /** The tokenizer family this side's model reads with. */
  tokenizer?: string;
  /** How this side ranks what it is sent (default "listed": its frontends' order). */
  order?: ProbeDialectFields["order"];
}

export interface SkippedFrontend {
  frontend: string;
  side: "sender" | "receiver";
  reason: string;
}

export interface Agreement {
  version: string;
  frontend: string;
  /** Frontends both sides support, in the receiver's priority order (the first is `frontend`). */
  mutual: string[];
  skipped: SkippedFrontend[];
  /** The content reference of every mutual dialect both sides named with the same hash: name -> ref. */
  dialects: Record<string, string>;
  /** Mutual names only one side gave a hash for (a peer without the extension): matched by name. */
  unverified: string[];
}

function dialectFieldsOf(local: Capabilities): ProbeDialectFields {
  return {
    ...(local.dialects === undefined || local.dialects.length === 0 ? {} : { dialects: [...local.dialects] }),
    ...(local.tokenizer === undefined ? {} : { tokenizer: local.tokenizer }),
    ...(local.order === undefined ? {} : { order: local.order }),
  };
}

/** Sender side: the ping for our capabilities (checked like a received one). */
export function createPing(local: Capabilities): Ping {
  return checkProbe({ kind: "ping", versions: [...local.versions], frontends: [...local.frontends], ...dialectFieldsOf(local) }) as Ping;
}

function refsByName(refs: readonly string[] | undefined): Map<string, string> {
  return new Map((refs ?? []).map((ref) => [dialectRefName(ref), ref]));
}

/**
 * Applies the rule to a sender's and a receiver's lists. Throws `unsupported_version` when no
 * version is shared (checked first), `negotiation_failed` when no frontend is.
 */
export function agree(sender: Capabilities, receiver: Capabilities): Agreement {
  const senderVersions = new Set(sender.versions);
  const version = receiver.versions.find((v) => senderVersions.has(v));
  if (version === undefined) {
    throw new SilpError(
      "unsupported_version",
      `no common SILP version: sender speaks ${sender.versions.join(", ")}, receiver ${receiver.versions.join(", ")}`,
      { details: { sender: [...sender.versions], receiver: [...receiver.versions] } },
    );
  }
  const skipped: SkippedFrontend[] = [];
  const usable = (list: readonly string[], side: SkippedFrontend["side"]): string[] =>
    list.filter((frontend) => {
      const reason = UNDEFINED_FRONTENDS[frontend];
      if (reason !== undefined) skipped.push({ frontend, side, reason });
      return reason === undefined;
    });
  const senderFrontends = new Set(usable(sender.frontends, "sender"));
  const senderRefs = refsByName(sender.dialects);
  const receiverRefs = refsByName(receiver.dialects);
  const dialects: Record<string, string> = {};
  const unverified: string[] = [];
  const mutual = usable(receiver.frontends, "receiver").filter((f) => {
    if (!senderFrontends.has(f)) return false;
    const ours = senderRefs.get(f);
    const theirs = receiverRefs.get(f);
    if (ours === undefined && theirs === undefined) return true;
    if (ours === undefined || theirs === undefined) {
      unverified.push(f);
      return true;
    }
    if (ours !== theirs) {
      skipped.push({
        frontend: f,
        side: "receiver",
        reason: `a dialect of this name with another content hash (${theirs.slice(f.length + 1, f.length + 20)}..., sender ${ours.slice(f.length + 1, f.length + 20)}...)`,
      });
      return false;
    }
    dialects[f] = ours;
    return true;
  });
  const frontend = mutual[0];
  if (frontend === undefined) {
    throw new SilpError("negotiation_failed", `no common frontend: sender lists ${sender.frontends.join(", ")}, receiver ${receiver.frontends.join(", ")}`, {
      details: { sender: [...sender.frontends], receiver: [...receiver.frontends], skipped },
    });
  }
  return { version, frontend, mutual, skipped, dialects, unverified };
}

export interface Answer {
  /** What the receiver answers; `want` lists the offered dialects it lacks and may ask for. */
  pong: Pong;
  /** Present when the peers agree. */
  agreement?: Agreement;
  /** Present when they do not; the pong then carries no `prefer`. */
  error?: SilpError;
}

/** What a receiver asks for: `want(ref)` decides per offered dialect it does not hold (default: none). */
export interface AnswerOptions {
  want?: (ref: string) => boolean;
}

/**
 * Receiver side: answers a ping. Always returns a pong, so the sender learns our lists either
 * way. An offered dialect this side lacks (no dialect of that name, or one with another hash) is
 * put in `want` when `options.want` says so; a name this side holds with another hash is never
 * wanted, since one name stands for one spec on a side.
 */
export function answerPing(ping: Ping, local: Capabilities, options: AnswerOptions = {}): Answer {
  const mine = createPing(local);
  const pong: Pong = { kind: "pong", versions: mine.versions, frontends: mine.frontends, ...dialectFieldsOf(mine) };
  const held = refsByName(mine.dialects);
  const listed = new Set(mine.frontends);
  const want = (ping.dialects ?? []).filter((ref) => !listed.has(dialectRefName(ref)) && !held.has(dialectRefName(ref)) && options.want?.(ref) === true);
  if (want.length > 0) pong.want = want;
  try {
    const agreement = agree(ping, mine);
    return { pong: { ...pong, prefer: agreement.frontend }, agreement };
  } catch (error) {
    if (error instanceof SilpError) return { pong, error };
    throw error;
  }
}

/**
 * Sender side: checks the pong against the ping it answered. Throws the rule's error when there
 * is no agreement, and `negotiation_failed` when the receiver's `prefer` is missing or is not
 * what the rule gives.
 */
export function acceptPong(ping: Ping, pong: Pong): Agreement {
  const agreement = agree(ping, pong);
  if (pong.prefer === undefined) {
    throw new SilpError("negotiation_failed", `the receiver chose no frontend although ${agreement.frontend} is common to both`, {
      details: { expected: agreement.frontend },
    });
  }
  checkFrontendName(pong.prefer, "/prefer");
  if (pong.prefer !== agreement.frontend) {
    throw new SilpError("negotiation_failed", `the receiver chose ${pong.prefer}, but the receiver's priority order gives ${agreement.frontend}`, {
      details: { expected: agreement.frontend, got: pong.prefer, mutual: agreement.mutual },
    });
  }
  return agreement;
}
