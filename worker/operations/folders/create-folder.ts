import { type FolderRow, insertFolder } from "../../db/queries/folders";
import { type AttachableType, ownerColumns, ownerOf, sameOwner } from "../../domain/attachments/attached-record";
import { categoryOnCreate } from "../../domain/folders/category";
import { invalidMember } from "../../errors/attachment-refusals";
import { configuredCategories } from "../attachments/configured-categories";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { namedFolder } from "./find-folder";

export interface CreateFolderInput {
  name: string;
  parentId?: string | null;
  entityType?: AttachableType;
  entityId?: string;
  category?: string | null;
}

/**
 * Serialized in the company object, with every other folder create, move and delete and every file
 * placement. A folder belongs to its parent's record; without a parent it is the root of the named
 * record's tree, or a company folder. Named ids first (404), then the record and category rules (400).
 */
export async function createFolder(ctx: OperationContext, input: CreateFolderInput): Promise<FolderRow> {
  const parent = input.parentId ? await namedFolder(ctx, "parentId", input.parentId) : null;
  const named = input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : null;
  if (named) await requireRecord(ctx, named);
  if (parent && named && !sameOwner(ownerOf(parent), named))
    throw invalidMember("entityId", "must name the parent folder's record, or be omitted");
  const owner = parent ? ownerOf(parent) : named;
  const category = categoryOnCreate(input.category, await configuredCategories(ctx, owner));
  if (!category.ok) throw invalidMember("category", category.problem);
  const at = ctx.now.toISOString();
  return insertFolder(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    name: input.name,
    parentId: parent?.id ?? null,
    ...ownerColumns(owner),
    category: category.category,
    createdAt: at,
    updatedAt: at,
  });
}
