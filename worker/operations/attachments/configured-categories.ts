import type { Owner } from "../../domain/attachments/attached-record";
import { folderCategoriesFor } from "../../domain/configuration/folder-categories";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/**
 * The category labels a folder or file of `owner` may take: `folderCategories[<entityType>]` of the
 * current configuration; null for the company's own folders and files, which have no list.
 */
export async function configuredCategories(ctx: OperationContext, owner: Owner): Promise<readonly string[] | null> {
  if (owner === null) return null;
  const { document } = await configurationOf(ctx);
  return folderCategoriesFor(document, owner.entityType);
}
