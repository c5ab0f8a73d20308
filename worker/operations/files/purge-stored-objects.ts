import { clearObjectPurges, pendingObjectPurges } from "../../db/queries/files";
import type { OperationContext } from "../context";

/** Queue message type of a purge of one company's queued objects (payload `{}`). */
export const PURGE_OBJECTS_MESSAGE = "files.purge-objects";

/** Keys per round: one R2 delete call and one D1 statement (D1 binds at most 100 parameters). */
const KEYS_PER_ROUND = 90;
/** Rounds per message; a larger backlog continues in a new message, so no delivery runs for long. */
const ROUNDS_PER_MESSAGE = 50;

/**
 * Deletes the stored objects queued for the company (by file deletes, resets and wipes, in the same D1
 * batch that removed their rows) and then forgets them. Idempotent: deleting an absent object succeeds,
 * so a repeated or re-delivered purge does no harm. Returns whether objects remain queued.
 */
export async function purgeStoredObjects(ctx: OperationContext): Promise<{ more: boolean; purged: number }> {
  let purged = 0;
  for (let round = 0; round < ROUNDS_PER_MESSAGE; round++) {
    const keys = await pendingObjectPurges(ctx.db, ctx.companyId, KEYS_PER_ROUND);
    if (keys.length === 0) return { more: false, purged };
    await ctx.env.FILES.delete(keys);
    await clearObjectPurges(ctx.db, ctx.companyId, keys);
    purged += keys.length;
  }
  return { more: true, purged };
}

/**
 * Asks the background queue to purge the company's queued objects. Called after the D1 batch that
 * queued them committed; failing to ask is logged, not thrown (the change stands, the objects stay
 * queued and are never served, and the company's next purge takes them).
 */
export async function requestObjectPurge(
  ctx: Pick<OperationContext, "env" | "companyId" | "requestId">,
): Promise<void> {
  try {
    await ctx.env.BACKGROUND.send({
      type: PURGE_OBJECTS_MESSAGE,
      messageId: `${ctx.companyId}:${ctx.requestId}`,
      companyId: ctx.companyId,
      payload: {},
    });
  } catch (err) {
    console.error(JSON.stringify({ requestId: ctx.requestId, objectPurgeNotQueued: String(err) }));
  }
}
