import { findNote, type NoteRow } from "../../db/queries/notes";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { seesPrivilegedNotes } from "./privileged-notes";

/** One note; a privileged note read without `note.view-privileged` is 404 exactly like an unknown id. */
export async function readNote(ctx: OperationContext, noteId: string): Promise<NoteRow> {
  const note = await findNote(ctx.db, ctx.companyId, noteId, seesPrivilegedNotes(ctx));
  if (!note) throw notFound();
  return note;
}
