import { deleteNote as deleteStoredNote } from "../../db/queries/notes";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { seesPrivilegedNotes } from "./privileged-notes";

/** Deletes a note the caller can see; a privileged one without `note.view-privileged` is 404. */
export async function deleteNote(ctx: OperationContext, noteId: string): Promise<void> {
  if (!(await deleteStoredNote(ctx.db, ctx.companyId, noteId, seesPrivilegedNotes(ctx)))) throw notFound();
}
