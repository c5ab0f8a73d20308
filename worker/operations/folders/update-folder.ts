import { ancestryOf, type FolderRow, updateFolder as updateStoredFolder } from "../../db/queries/folders";
import { ownerOf, sameOwner } from "../../domain/attachments/attached-record";
import { categoryOnUpdate } from "../../domain/folders/category";
import { notFound } from "../../errors/api-error";
import { folderCycle, invalidMember } from "../../errors/attachment-refusals";
import { configuredCategories } from "../attachments/configured-categories";
import type { OperationContext } from "../context";
import { folderOfPath, namedFolder } from "./find-folder";

export interface UpdateFolderInput {
  folderId: string;
  name?: string;
  /** A folder of the same record to move under, or null for the root of the record's tree. */
  parentId?: string | null;
  /** A configured label, the label already carried, or null to clear; omitted leaves it. */
  category?: string | null;
}

/**
 * Serialized in the company object, so two moves cannot form a cycle between their checks. Renames,
 * moves (with the folder's subfolders and files, which keep pointing at it) and recategorises a folder.
 * Refusals in order: the folder and a named parent (404), a parent of another record (400), the
 * category (400), a parent that is the folder or one of its descendants (409 `FolderCycle`); a refused
 * change applies nothing.
 */
export async function updateFolder(ctx: OperationContext, input: UpdateFolderInput): Promise<FolderRow> {
  const folder = await folderOfPath(ctx, input.folderId);
  const parent = input.parentId ? await namedFolder(ctx, "parentId", input.parentId) : null;
  const owner = ownerOf(folder);
  if (parent && !sameOwner(ownerOf(parent), owner))
    throw invalidMember("parentId", "must be a folder of the same record (company folders count as one record)");
  const category = categoryOnUpdate(input.category, folder.category, await configuredCategories(ctx, owner));
  if (!category.ok) throw invalidMember("category", category.problem);
  if (parent && (await ancestryOf(ctx.db, ctx.companyId, parent.id)).includes(folder.id)) throw folderCycle();
  const updated = await updateStoredFolder(ctx.db, ctx.companyId, folder.id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.parentId !== undefined && { parentId: parent?.id ?? null }),
    category: category.category,
    updatedAt: ctx.now.toISOString(),
  });
  if (!updated) throw notFound();
  return updated;
}
