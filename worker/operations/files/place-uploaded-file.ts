import { type FileRow, insertFile } from "../../db/queries/files";
import { type AttachableType, ownerColumns, ownerOf, sameOwner } from "../../domain/attachments/attached-record";
import { categoryOnCreate } from "../../domain/folders/category";
import { invalidMember } from "../../errors/attachment-refusals";
import { configuredCategories } from "../attachments/configured-categories";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { namedFolder } from "../folders/find-folder";

export interface PlaceFileInput {
  id: string;
  objectKey: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  folderId?: string;
  entityType?: AttachableType;
  entityId?: string;
  category?: string;
}

/**
 * Serialized in the company object, with folder creates, moves and deletes, so no file lands in a folder
 * being deleted. Writes the row of an object already stored: a file in a folder takes the folder's record
 * (`entityType`/`entityId` omitted or equal, else 400); without one it is attached to the named record or
 * is a company file. Named ids first (404), then the record and category rules (400).
 */
export async function placeUploadedFile(ctx: OperationContext, input: PlaceFileInput): Promise<FileRow> {
  const folder = input.folderId ? await namedFolder(ctx, "folderId", input.folderId) : null;
  const named = input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : null;
  if (named) await requireRecord(ctx, named);
  if (folder && named && !sameOwner(ownerOf(folder), named))
    throw invalidMember("entityId", "must name the folder's record, or be omitted");
  const owner = folder ? ownerOf(folder) : named;
  const category = categoryOnCreate(input.category, await configuredCategories(ctx, owner));
  if (!category.ok) throw invalidMember("category", category.problem);
  const at = ctx.now.toISOString();
  return insertFile(ctx.db, {
    id: input.id,
    companyId: ctx.companyId,
    name: input.name,
    size: input.size,
    contentType: input.contentType,
    sha256: input.sha256,
    objectKey: input.objectKey,
    folderId: folder?.id ?? null,
    category: category.category,
    ...ownerColumns(owner),
    createdAt: at,
    updatedAt: at,
    createdBy: ctx.actor.keyId,
  });
}
