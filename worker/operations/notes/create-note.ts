import { insertNote, type NoteRow } from "../../db/queries/notes";
import type { RecordRef } from "../../domain/attachments/attached-record";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { requirePrivilegedGrant } from "./privileged-notes";

export interface CreateNoteInput extends RecordRef {
  note: string;
  privileged?: boolean;
}

/** Adds a note to a record: the privileged grant first (403), then the record (404). */
export async function createNote(ctx: OperationContext, input: CreateNoteInput): Promise<NoteRow> {
  requirePrivilegedGrant(ctx, input.privileged);
  await requireRecord(ctx, input);
  const at = ctx.now.toISOString();
  return insertNote(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    entityType: input.entityType,
    entityId: input.entityId,
    note: input.note,
    privileged: input.privileged ?? false,
    createdAt: at,
    updatedAt: at,
    createdBy: ctx.actor.keyId,
  });
}
