import { z } from "@hono/zod-openapi";
import type { FileRow } from "../../db/queries/files";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { hasControlCharacter } from "../../domain/text/code-points";
import { companyParams, UuidSchema } from "../../http/route";
import {
  AttachableTypeSchema,
  BatchIdMember,
  boundedText,
  NAMES_SOMETHING,
  namesSomething,
} from "../attachments/schemas";
import { CategoryLabel } from "../folders/schemas";

export const TAGS = ["Files"];

export const FILE_CATEGORY_RULE =
  "`category` follows the folder rule against the list of the file's `entityType`: on upload a label from " +
  "`folderCategories[<entityType>]` or none; on update a configured label, the label the file already carries, " +
  "or `null` to clear (omitted leaves it); any other label is 400 `VALIDATION_ERROR` naming `category`. A " +
  "company file takes no category.";

export const FileName = boundedText(255, { min: 1 })
  .refine((name) => !hasControlCharacter(name), "must not contain control characters")
  .openapi({ description: "1 to 255 characters (code points) without control characters." });

export const FileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    size: z.number().int().openapi({ description: "Bytes stored (0 to 26,214,400)." }),
    contentType: z
      .string()
      .openapi({ description: "Media type of the `file` part, `application/octet-stream` when none." }),
    sha256: z.string().openapi({ description: "Lowercase hex SHA-256 of the stored bytes." }),
    folderId: z.uuid().nullable(),
    category: z.string().nullable(),
    entityType: AttachableTypeSchema.nullable().openapi({ description: "Null for a company file." }),
    entityId: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable().openapi({ description: "Id of the API key that uploaded the file." }),
  })
  .openapi("File");

export const UpdateFileBodySchema = z
  .strictObject({
    name: FileName.optional(),
    folderId: UuidSchema.nullable().optional().openapi({
      description:
        "A folder of the file's record to move into; null takes the file out of any folder (the record stays).",
    }),
    category: CategoryLabel.nullable().optional(),
    ...BatchIdMember,
  })
  .refine(namesSomething, NAMES_SOMETHING)
  .openapi("UpdateFileRequest");

export const FileListQuery = {
  folderId: z
    .union([z.literal("none"), UuidSchema])
    .optional()
    .openapi({
      type: "string",
      maxLength: 36,
      description: "A folder id: the files directly in it (404 when unknown); `none`: files in no folder.",
    }),
  entityType: AttachableTypeSchema.optional(),
  entityId: UuidSchema.optional(),
  category: CategoryLabel.optional().openapi({ description: "Files carrying exactly this label." }),
};

export const fileParams = companyParams({ fileId: UuidSchema.openapi({ param: { name: "fileId", in: "path" } }) });

export const fileView = (row: FileRow) => ({
  id: row.id,
  name: row.name,
  size: row.size,
  contentType: row.contentType,
  sha256: row.sha256,
  folderId: row.folderId,
  category: row.category,
  entityType: row.entityType as AttachableType | null,
  entityId: row.entityId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  createdBy: row.createdBy,
});
