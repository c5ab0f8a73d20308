import type { LinkRow } from "../../db/queries/relationships";
import type { Relationship } from "../../domain/configuration/document";
import { endsOf, isEventEnd } from "../../domain/relationships/ends";
import type { OperationContext } from "../context";
import { refreshEventName } from "../events/refresh-event-name";

/** Events derive their name from linked exposures and claimant: a link change involving one renames it. */
export async function renameLinkedEvents(ctx: OperationContext, relationship: Relationship, link: LinkRow) {
  const { from, to } = endsOf(relationship);
  const events = [...(isEventEnd(from) ? [link.fromId] : []), ...(isEventEnd(to) ? [link.toId] : [])];
  for (const eventId of events) await refreshEventName(ctx.db, ctx.companyId, eventId);
}
