import { findLink, type LinkRow } from "../../db/queries/relationships";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { authorizedRelationship } from "./authorized-relationship";

export interface ReadLinkInput {
  relationshipKey: string;
  linkId: string;
}

/** One link of a relationship the caller may list; an unknown id, or one of another relationship or company, is 404. */
export async function readRelationshipLink(ctx: OperationContext, input: ReadLinkInput): Promise<LinkRow> {
  const relationship = await authorizedRelationship(ctx, input.relationshipKey, "list");
  const link = await findLink(ctx.db, ctx.companyId, relationship.key, input.linkId);
  if (!link) throw notFound();
  return link;
}
