import { clearObjectPurges, deleteFileQueuingObject } from "../../db/queries/files";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { requestObjectPurge } from "./purge-stored-objects";

/**
 * Removes the row first (reads answer 404 from then on), with the object queued for deletion in the same
 * batch; then deletes the object at once, leaving it to the background purge when that fails.
 */
export async function deleteFile(ctx: OperationContext, fileId: string): Promise<void> {
  const removed = await deleteFileQueuingObject(ctx.db, ctx.companyId, fileId, ctx.now.toISOString());
  if (!removed) throw notFound();
  try {
    await ctx.env.FILES.delete(removed.objectKey);
    await clearObjectPurges(ctx.db, ctx.companyId, [removed.objectKey]);
  } catch (err) {
    console.error(JSON.stringify({ requestId: ctx.requestId, objectDeleteDeferred: String(err) }));
    await requestObjectPurge(ctx);
  }
}
