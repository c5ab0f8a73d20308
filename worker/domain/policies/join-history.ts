/**
 * The renewal link of a policy, for the staff repair kind `joinHistory` (`POST P/policies/repair`):
 * pure planning from what storage holds.
 */

export interface PreviousPolicyLink {
  id: string;
  toId: string;
}

export type JoinHistoryChange =
  | { target: "previousPolicy"; before: string | null; after: string | null }
  | { target: "previousPolicyLink"; action: "remove" | "add"; linkId: string; toId: string };

export interface JoinHistoryPlan {
  changes: JoinHistoryChange[];
  /** The link that stays (existing or added) to the recorded previous policy; null when there is none to keep. */
  keptLinkId: string | null;
  /** The link to insert, when none to the recorded previous policy exists. */
  added: PreviousPolicyLink | null;
}

/**
 * What makes the head and the `previousPolicy` links agree with the renewal recorded in the version
 * data: exactly one link to `recorded` (the oldest existing one is kept), none when `recorded` is null.
 */
export function planJoinHistory(
  recorded: string | null,
  headPreviousPolicyId: string | null,
  links: readonly PreviousPolicyLink[],
  newLinkId: string,
): JoinHistoryPlan {
  const changes: JoinHistoryChange[] = [];
  if (headPreviousPolicyId !== recorded)
    changes.push({ target: "previousPolicy", before: headPreviousPolicyId, after: recorded });
  const kept = recorded ? (links.find((l) => l.toId === recorded) ?? null) : null;
  for (const link of links) {
    if (link !== kept)
      changes.push({ target: "previousPolicyLink", action: "remove", linkId: link.id, toId: link.toId });
  }
  const added = recorded && !kept ? { id: newLinkId, toId: recorded } : null;
  if (added) changes.push({ target: "previousPolicyLink", action: "add", linkId: added.id, toId: added.toId });
  return { changes, keptLinkId: kept?.id ?? added?.id ?? null, added };
}
