import { type NoteRow, updateNote as updateStoredNote } from "../../db/queries/notes";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { requirePrivilegedGrant, seesPrivilegedNotes } from "./privileged-notes";

export interface UpdateNoteInput {
  noteId: string;
  note?: string;
  privileged?: boolean;
}

/**
 * Partial update of `note` and/or `privileged`: the privileged grant first (403, nothing changes), then
 * the note, which a caller without the grant cannot see when it is privileged (404). One statement.
 */
export async function updateNote(ctx: OperationContext, input: UpdateNoteInput): Promise<NoteRow> {
  requirePrivilegedGrant(ctx, input.privileged);
  const updated = await updateStoredNote(ctx.db, ctx.companyId, input.noteId, seesPrivilegedNotes(ctx), {
    ...(input.note !== undefined && { note: input.note }),
    ...(input.privileged !== undefined && { privileged: input.privileged }),
    updatedAt: ctx.now.toISOString(),
  });
  if (!updated) throw notFound();
  return updated;
}
