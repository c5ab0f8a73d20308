import { isRecord } from "../../lib/json";

/**
 * Arbitration of an `Object: OfacScreening` value written over a stored one (interface, Entities: OFAC
 * rule). The screening has three parts:
 * - the request half (`name`, `notes`, anything not below): the caller's; incoming members win and
 *   members the write omits keep their stored value;
 * - the response half (`status`, `screeningOutcome`, `screenedAt`, `screenedBy`, `screenedRequest`,
 *   `matches`): taken whole from the write when its `screenedAt` is equal to or newer than the stored
 *   one (or nothing is stored), else kept whole from storage (an absent `screenedAt` keeps it too);
 * - review decisions (`reviewDecision` on the screening and on each match, with `reviewedBy`,
 *   `reviewedAt`): a changed decision applies even when the response half is kept, merged by match `id`.
 * `screenedBy` and `reviewedBy` are platform-recorded: a write that advances `screenedAt` or changes a
 * decision records the actor; otherwise the stored attribution stays, whatever the write sends.
 */

export type Screening = Record<string, unknown>;

export const RESPONSE_MEMBERS = [
  "status",
  "screeningOutcome",
  "screenedAt",
  "screenedBy",
  "screenedRequest",
  "matches",
] as const;
export const REVIEW_MEMBERS = ["reviewDecision", "reviewedBy", "reviewedAt"] as const;

export interface ScreeningWrite {
  /** The stored value (anything; only an object counts as a stored screening). */
  stored: unknown;
  /** The value being written, already shape-checked. */
  incoming: Screening;
  /** Attribution recorded in `screenedBy` / `reviewedBy`. */
  actor: string;
  now: Date;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isResponseMember = (member: string) => (RESPONSE_MEMBERS as readonly string[]).includes(member);
const isReviewMember = (member: string) => (REVIEW_MEMBERS as readonly string[]).includes(member);

/** Milliseconds since the epoch of an ISO timestamp; null when absent or unreadable. */
function instant(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether the write's response half replaces the stored one. */
export function acceptsResponse(stored: Screening, incoming: Screening): boolean {
  const incomingAt = instant(incoming.screenedAt);
  const storedAt = instant(stored.screenedAt);
  return incomingAt !== null && (storedAt === null || incomingAt >= storedAt);
}

function copyMembers(from: Screening | undefined, members: readonly string[], to: Screening) {
  if (!from) return;
  for (const member of members) if (member in from) to[member] = from[member];
}

type SentDecision = { present: false } | { present: true; value: unknown };

/** `base` without review members, then the review that stands: a changed decision by `actor`, else the previous one. */
function withReview(
  base: Screening,
  previous: Screening | undefined,
  sent: SentDecision,
  actor: string,
  now: Date,
): Screening {
  const out = Object.fromEntries(Object.entries(base).filter(([member]) => !isReviewMember(member)));
  if (sent.present && !same(sent.value, previous?.reviewDecision)) {
    return { ...out, reviewDecision: sent.value ?? null, reviewedBy: actor, reviewedAt: now.toISOString() };
  }
  copyMembers(previous, REVIEW_MEMBERS, out);
  return out;
}

function matchesById(matches: unknown): Map<unknown, Screening> {
  const byId = new Map<unknown, Screening>();
  if (Array.isArray(matches))
    for (const match of matches)
      if (isRecord(match) && match.id !== undefined && match.id !== null) byId.set(match.id, match);
  return byId;
}

/**
 * The matches that stand, each with its review. When the write's response half is taken, its matches
 * are taken as sent (a match without a decision carries none); otherwise the stored matches stay and a
 * decision sent for a stored match's `id` is applied to it. A match without an `id` cannot be merged.
 */
function arbitrateMatches(
  matches: unknown[],
  stored: Screening,
  incoming: Screening,
  tookResponse: boolean,
  actor: string,
  now: Date,
): unknown[] {
  const previous = matchesById(stored.matches);
  const sent = matchesById(incoming.matches);
  return matches.map((match) => {
    if (!isRecord(match)) return match;
    const before = match.id === undefined ? undefined : previous.get(match.id);
    const source = tookResponse ? match : match.id === undefined ? undefined : sent.get(match.id);
    const decision: SentDecision = tookResponse
      ? { present: true, value: match.reviewDecision ?? null }
      : source && "reviewDecision" in source
        ? { present: true, value: source.reviewDecision }
        : { present: false };
    return withReview(match, before, decision, actor, now);
  });
}

/** The screening to store for a write (companies with OFAC screening on). */
export function arbitrateScreening({ stored, incoming, actor, now }: ScreeningWrite): Screening {
  const before = isRecord(stored) ? stored : {};
  const tookResponse = acceptsResponse(before, incoming);
  const out: Screening = {};

  for (const [member, value] of [...Object.entries(before), ...Object.entries(incoming)]) {
    if (!isResponseMember(member) && !isReviewMember(member)) out[member] = value;
  }

  copyMembers(tookResponse ? incoming : before, RESPONSE_MEMBERS, out);
  delete out.screenedBy;
  const screenedBy =
    tookResponse && instant(incoming.screenedAt) !== instant(before.screenedAt) ? actor : before.screenedBy;
  if (screenedBy !== undefined) out.screenedBy = screenedBy;
  if (Array.isArray(out.matches))
    out.matches = arbitrateMatches(out.matches, before, incoming, tookResponse, actor, now);

  const topDecision: SentDecision =
    "reviewDecision" in incoming ? { present: true, value: incoming.reviewDecision } : { present: false };
  return withReview(out, before, topDecision, actor, now);
}
