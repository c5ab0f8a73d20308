import { listNotes as listRecordNotes } from "../../db/queries/notes";
import type { RecordRef } from "../../domain/attachments/attached-record";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";
import { seesPrivilegedNotes } from "./privileged-notes";

/** A record's notes, newest first, cut from the notes the caller may see (404 for an unknown record). */
export async function listNotes(ctx: OperationContext, input: { record: RecordRef; limit: number; offset: number }) {
  await requireRecord(ctx, input.record);
  return listRecordNotes(ctx.db, ctx.companyId, input.record, seesPrivilegedNotes(ctx), input);
}
