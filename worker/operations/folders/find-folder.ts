import { type FolderRow, findFolder } from "../../db/queries/folders";
import { notFound } from "../../errors/api-error";
import { namedIdNotFound } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";

/** The folder of a path id (404 `Not found`). */
export async function folderOfPath(ctx: OperationContext, folderId: string): Promise<FolderRow> {
  const folder = await findFolder(ctx.db, ctx.companyId, folderId);
  if (!folder) throw notFound();
  return folder;
}

/** The folder a body member or filter names (404 naming that member). */
export async function namedFolder(ctx: OperationContext, field: string, folderId: string): Promise<FolderRow> {
  const folder = await findFolder(ctx.db, ctx.companyId, folderId);
  if (!folder) throw namedIdNotFound(field, "folder");
  return folder;
}
