import type { Relationship } from "../../domain/configuration/document";
import { isPlatformManaged, linkPermissions, relationshipNamed } from "../../domain/relationships/ends";
import { ApiError, notAuthorized, notFound } from "../../errors/api-error";
import { configurationOf } from "../configuration/configuration-of";
import { holds, type OperationContext } from "../context";

const platformManaged = (relationshipKey: string) =>
  new ApiError({
    code: "PlatformManagedRelationship",
    message: `Links of relationship ${relationshipKey} are written only by the platform`,
    userMessages: [
      relationshipKey === "previousPolicy"
        ? "A policy's previous policy is recorded by renewing it; its links cannot be created or removed directly."
        : `Links of relationship ${relationshipKey} cannot be created or removed directly.`,
    ],
    details: [{ field: "relationshipKey", message: "is written only by the platform" }],
  });

/**
 * The configured relationship with this key, once the caller may `link` (and unlink) or `list` its links.
 * The route has already refused a key that could act on no relationship (403, see `anyLinkPermissions`);
 * an unknown key (neither configured nor one the platform writes) is then 404 like any unknown resource; permissions follow the ends (see
 * `linkPermissions`) and are checked once the relationship is known (403). A relationship only the
 * platform writes refuses direct link writes (409 `PlatformManagedRelationship`), before any record is read.
 */
export async function authorizedRelationship(
  ctx: OperationContext,
  relationshipKey: string,
  action: "link" | "list",
): Promise<Relationship> {
  const { document } = await configurationOf(ctx);
  const relationship = relationshipNamed(document.relationships, relationshipKey);
  if (!relationship) throw notFound();
  if (!linkPermissions(relationship, action).every((permission) => holds(ctx.actor, permission))) {
    throw notAuthorized();
  }
  if (action === "link" && isPlatformManaged(relationship.key)) throw platformManaged(relationship.key);
  return relationship;
}
