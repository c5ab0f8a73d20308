import { type FileRow, findFile, updateFile as updateStoredFile } from "../../db/queries/files";
import { ownerOf, sameOwner } from "../../domain/attachments/attached-record";
import { categoryOnUpdate } from "../../domain/folders/category";
import { notFound } from "../../errors/api-error";
import { invalidMember } from "../../errors/attachment-refusals";
import { configuredCategories } from "../attachments/configured-categories";
import type { OperationContext } from "../context";
import { namedFolder } from "../folders/find-folder";

export interface UpdateFileInput {
  fileId: string;
  name?: string;
  /** A folder of the file's record to move into, or null to take the file out of any folder. */
  folderId?: string | null;
  category?: string | null;
}

/**
 * Serialized in the company object (a move is a file placement). Renames, moves and recategorises a file;
 * its record and its bytes never change. The file and a named folder (404), then a folder of another
 * record (400) and the category (400); a refused change applies nothing.
 */
export async function updateFile(ctx: OperationContext, input: UpdateFileInput): Promise<FileRow> {
  const file = await findFile(ctx.db, ctx.companyId, input.fileId);
  if (!file) throw notFound();
  const folder = input.folderId ? await namedFolder(ctx, "folderId", input.folderId) : null;
  const owner = ownerOf(file);
  if (folder && !sameOwner(ownerOf(folder), owner))
    throw invalidMember("folderId", "must be a folder of the file's record (company files go in company folders)");
  const category = categoryOnUpdate(input.category, file.category, await configuredCategories(ctx, owner));
  if (!category.ok) throw invalidMember("category", category.problem);
  const updated = await updateStoredFile(ctx.db, ctx.companyId, file.id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.folderId !== undefined && { folderId: folder?.id ?? null }),
    category: category.category,
    updatedAt: ctx.now.toISOString(),
  });
  if (!updated) throw notFound();
  return updated;
}
