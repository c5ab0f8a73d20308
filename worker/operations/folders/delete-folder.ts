import { deleteEmptyFolder } from "../../db/queries/folders";
import { folderNotEmpty } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";
import { folderOfPath } from "./find-folder";

/**
 * Serialized in the company object, so no file lands in a folder being deleted. Deletes an empty folder;
 * one holding folders or files is 409 `FolderNotEmpty` and nothing is deleted (no recursive delete).
 */
export async function deleteFolder(ctx: OperationContext, folderId: string): Promise<void> {
  await folderOfPath(ctx, folderId);
  if (!(await deleteEmptyFolder(ctx.db, ctx.companyId, folderId))) throw folderNotEmpty();
}
