import { type LinkRow, listLinks } from "../../db/queries/relationships";
import type { OperationContext } from "../context";
import { authorizedRelationship } from "./authorized-relationship";

export interface ListLinksInput {
  relationshipKey: string;
  fromId?: string;
  toId?: string;
  limit: number;
  offset: number;
}

/** A page of a relationship's links, oldest first, optionally narrowed to one `fromId` and/or one `toId`. */
export async function listRelationshipLinks(
  ctx: OperationContext,
  input: ListLinksInput,
): Promise<{ items: LinkRow[]; totalCount: number }> {
  const relationship = await authorizedRelationship(ctx, input.relationshipKey, "list");
  const filter = { fromId: input.fromId, toId: input.toId };
  return listLinks(ctx.db, ctx.companyId, relationship.key, filter, input.limit, input.offset);
}
