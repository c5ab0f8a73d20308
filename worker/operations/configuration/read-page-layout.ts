import { CONFIGURABLE_ENTITY_TYPES } from "../../domain/configuration/field-kinds";
import { type PageLayout, pageLayout } from "../../domain/configuration/page-layout";
import { ApiError, notFound } from "../../errors/api-error";
import { holds, type OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

const viewPermission = (entityType: string) => `${entityType}.view`;

function refuse(userMessage: string): ApiError {
  return new ApiError({
    code: "AuthorizationError",
    message: "User is not authorized to perform the requested action",
    userMessages: [userMessage],
  });
}

/**
 * A page's cards, sections and field placements. The permission depends on the page: the view permission
 * of its entity type. A key that may view no entity type is refused before the page is looked up, so it
 * cannot learn which pages exist.
 */
export async function readPageLayout(ctx: OperationContext, pageKey: string): Promise<PageLayout> {
  if (!CONFIGURABLE_ENTITY_TYPES.some((entityType) => holds(ctx.actor, viewPermission(entityType)))) {
    throw refuse("Viewing a page needs the view permission of the page's entity type.");
  }
  const { document } = await configurationOf(ctx);
  const layout = pageLayout(document, pageKey);
  if (!layout) throw notFound();
  const needed = viewPermission(layout.entityType);
  if (!holds(ctx.actor, needed)) throw refuse(`Viewing this page needs the ${needed} permission.`);
  return layout;
}
