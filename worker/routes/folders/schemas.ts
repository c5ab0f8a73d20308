import { z } from "@hono/zod-openapi";
import type { FolderRow } from "../../db/queries/folders";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { pageQuery } from "../../http/pagination";
import { companyParams, UuidSchema } from "../../http/route";
import {
  AttachableTypeSchema,
  BatchIdMember,
  BOTH_OR_NEITHER,
  bothOrNeither,
  boundedText,
  EntityIdSchema,
  NAMES_SOMETHING,
  namesSomething,
} from "../attachments/schemas";

export const TAGS = ["Folders"];

export const CATEGORY_RULE =
  "`category` is a label from `folderCategories[<the folder's entityType>]` of the current configuration, or " +
  "`null`. On create any other label is 400 `VALIDATION_ERROR` naming `category`. On update a configured label " +
  "is set, the label the folder already carries is kept even when the configuration no longer lists it, `null` " +
  "clears, omitted leaves it, and any other label is 400 with nothing in the body applied. A company folder has " +
  "no list: any label is 400. Removing a label from the configuration leaves folders and files carrying it as " +
  "they are.";

/** A category label as sent; whether it is allowed depends on the configuration (see CATEGORY_RULE). */
export const CategoryLabel = boundedText(1_000, { min: 1 }).openapi({
  description: "A configured category label (at most 1,000 characters).",
});

const FolderName = boundedText(255, { min: 1, notBlank: true }).openapi({
  description: "1 to 255 characters, not blank; siblings may share a name.",
});

export const FolderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parentId: z.uuid().nullable().openapi({ description: "Null for a root folder." }),
    entityType: AttachableTypeSchema.nullable().openapi({ description: "Null for a company folder." }),
    entityId: z.uuid().nullable(),
    category: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Folder");

export const CreateFolderBodySchema = z
  .strictObject({
    name: FolderName,
    parentId: UuidSchema.nullable().optional().openapi({ description: "Parent folder; omitted or null: a root." }),
    entityType: AttachableTypeSchema.optional(),
    entityId: EntityIdSchema.optional(),
    category: CategoryLabel.nullable().optional(),
    ...BatchIdMember,
  })
  .refine(bothOrNeither, BOTH_OR_NEITHER)
  .openapi("CreateFolderRequest");

export const UpdateFolderBodySchema = z
  .strictObject({
    name: FolderName.optional(),
    parentId: UuidSchema.nullable().optional().openapi({
      description:
        "Moves the folder (with its subfolders and files) under another folder of the same record; null: to the root.",
    }),
    category: CategoryLabel.nullable().optional(),
    ...BatchIdMember,
  })
  .refine(namesSomething, NAMES_SOMETHING)
  .openapi("UpdateFolderRequest");

export const FolderListQuery = z
  .object({
    entityType: AttachableTypeSchema.optional(),
    entityId: EntityIdSchema.optional(),
    company: z.enum(["true"]).optional().openapi({ description: "`true`: only the company's own folders." }),
    parentId: z
      .union([z.literal("root"), UuidSchema])
      .optional()
      .openapi({
        type: "string",
        maxLength: 36,
        description: "A folder id: its direct children; `root`: the root folders of the record or company named.",
      }),
    ...pageQuery(50, 500),
  })
  .refine(bothOrNeither, BOTH_OR_NEITHER)
  .refine((q) => !(q.company && q.entityType), {
    message: "company=true lists company folders and cannot be combined with a record",
    path: ["company"],
  })
  .refine((q) => q.parentId !== "root" || q.entityType !== undefined || q.company !== undefined, {
    message: "parentId=root needs a record (entityType and entityId) or company=true",
    path: ["parentId"],
  });

export const folderParams = companyParams({
  folderId: UuidSchema.openapi({ param: { name: "folderId", in: "path" } }),
});

export const folderView = (row: FolderRow) => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  entityType: row.entityType as AttachableType | null,
  entityId: row.entityId,
  category: row.category,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
