import { deleteLink } from "../../db/queries/relationships";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { authorizedRelationship } from "./authorized-relationship";
import { renameLinkedEvents } from "./rename-linked-events";

export interface UnlinkRecordsInput {
  relationshipKey: string;
  linkId: string;
}

/**
 * Serialized in the company object: an unlink involving an event renames it, and every write of an
 * event row runs there. Removes one link of a relationship the caller may link; both records stay. An
 * unknown link id, or one of another relationship or company, is 404.
 */
export async function unlinkRecords(ctx: OperationContext, input: UnlinkRecordsInput): Promise<void> {
  const relationship = await authorizedRelationship(ctx, input.relationshipKey, "link");
  const removed = await deleteLink(ctx.db, ctx.companyId, relationship.key, input.linkId);
  if (!removed) throw notFound();
  await renameLinkedEvents(ctx, relationship, removed);
}
