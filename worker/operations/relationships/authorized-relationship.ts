import { loadConfiguration } from "../../db/queries/configuration";
import type { Relationship } from "../../domain/configuration/document";
import { linkPermissions } from "../../domain/relationships/ends";
import { notAuthorized, notFound } from "../../errors/api-error";
import { holds, type OperationContext } from "../context";

/**
 * The configured relationship with this key, once the caller may `link` (and unlink) or `list` its links.
 * An unknown key is 404 like any unknown resource; permissions follow the ends (see `linkPermissions`)
 * and are checked once the relationship is known (403).
 */
export async function authorizedRelationship(
  ctx: OperationContext,
  relationshipKey: string,
  action: "link" | "list",
): Promise<Relationship> {
  const { document } = await loadConfiguration(ctx.db, ctx.companyId);
  const relationship = document.relationships.find((r) => r.key === relationshipKey);
  if (!relationship) throw notFound();
  if (!linkPermissions(relationship, action).every((permission) => holds(ctx.actor, permission))) {
    throw notAuthorized();
  }
  return relationship;
}
