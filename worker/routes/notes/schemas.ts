import { z } from "@hono/zod-openapi";
import type { NoteRow } from "../../db/queries/notes";
import { companyParams, UuidSchema } from "../../http/route";
import {
  AttachableTypeSchema,
  BatchIdMember,
  boundedText,
  EntityIdSchema,
  NAMES_SOMETHING,
  namesSomething,
} from "../attachments/schemas";

export const TAGS = ["Notes"];

export const PRIVILEGED_RULE =
  "A body carrying `privileged` (true or false) also needs `note.view-privileged`, else 403 " +
  "`AuthorizationError` and nothing changes (checked after the body is valid, before any lookup). A caller " +
  "without `note.view-privileged` never sees a privileged note: lists leave it out of `items` and " +
  "`totalCount`, and reading, changing or deleting it by id answers 404 `NotFoundError` exactly as for an " +
  "unknown id.";

const NoteText = boundedText(20_000, { min: 1, notBlank: true }).openapi({
  description: "1 to 20,000 characters (code points), at least one not white space; stored as sent.",
});

export const NoteSchema = z
  .object({
    id: z.uuid(),
    entityType: AttachableTypeSchema,
    entityId: z.uuid(),
    note: z.string(),
    privileged: z.boolean(),
    createdAt: z.string().openapi({ description: "ISO 8601 UTC." }),
    updatedAt: z.string(),
    createdBy: z.string().nullable().openapi({ description: "Id of the API key that made the note." }),
  })
  .openapi("Note");

export const CreateNoteBodySchema = z
  .strictObject({
    entityType: AttachableTypeSchema,
    entityId: EntityIdSchema,
    note: NoteText,
    privileged: z.boolean().optional().openapi({ description: "Default false; needs `note.view-privileged`." }),
    ...BatchIdMember,
  })
  .openapi("CreateNoteRequest");

export const UpdateNoteBodySchema = z
  .strictObject({
    note: NoteText.optional(),
    privileged: z.boolean().optional().openapi({ description: "Needs `note.view-privileged`." }),
    ...BatchIdMember,
  })
  .refine(namesSomething, NAMES_SOMETHING)
  .openapi("UpdateNoteRequest");

export const noteParams = companyParams({ noteId: UuidSchema.openapi({ param: { name: "noteId", in: "path" } }) });

export const noteView = (row: NoteRow) => ({
  id: row.id,
  entityType: row.entityType as z.infer<typeof AttachableTypeSchema>,
  entityId: row.entityId,
  note: row.note,
  privileged: row.privileged,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  createdBy: row.createdBy,
});
