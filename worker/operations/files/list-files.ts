import { type FileFilter, listFiles as listStoredFiles } from "../../db/queries/files";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { namedFolder } from "../folders/find-folder";

export interface ListFilesInput {
  /** A folder id, or `none` for files in no folder. */
  folderId?: string;
  entityType?: AttachableType;
  entityId?: string;
  category?: string;
  limit: number;
  offset: number;
}

/** Files newest first; a named folder or record must exist (404). */
export async function listFiles(ctx: OperationContext, input: ListFilesInput) {
  const filter: FileFilter = {};
  if (input.folderId === "none") filter.folder = "none";
  else if (input.folderId) filter.folder = { folderId: (await namedFolder(ctx, "folderId", input.folderId)).id };
  if (input.entityType && input.entityId) {
    filter.record = { entityType: input.entityType, entityId: input.entityId };
    await requireRecord(ctx, filter.record);
  }
  if (input.category !== undefined) filter.category = input.category;
  return listStoredFiles(ctx.db, ctx.companyId, filter, input);
}
