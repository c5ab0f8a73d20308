import { type FolderFilter, listFolders as listStoredFolders } from "../../db/queries/folders";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { namedFolder } from "./find-folder";

export interface ListFoldersInput {
  entityType?: AttachableType;
  entityId?: string;
  /** Only the company's own folders. */
  company?: boolean;
  /** A folder id (its direct children), or `root` (root folders of the record or company named). */
  parentId?: string;
  limit: number;
  offset: number;
}

/** Folders by name then id; every named record or folder must exist (404). */
export async function listFolders(ctx: OperationContext, input: ListFoldersInput) {
  const record = input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : null;
  if (record) await requireRecord(ctx, record);
  const filter: FolderFilter = {};
  if (record) filter.owner = record;
  else if (input.company) filter.owner = null;
  if (input.parentId === "root") filter.parent = "root";
  else if (input.parentId) filter.parent = { folderId: (await namedFolder(ctx, "parentId", input.parentId)).id };
  return listStoredFolders(ctx.db, ctx.companyId, filter, input);
}
