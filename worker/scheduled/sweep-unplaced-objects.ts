import { database } from "../db/client";
import { sweepUnplacedObjects } from "../db/queries/files";
import type { Env } from "../env";
import { requestObjectPurge } from "../operations/files/purge-stored-objects";

/**
 * How long an uploaded object may stay unplaced before the sweep takes it: the object becomes visible only once
 * its body has arrived whole, so this covers the company object's placement of its row, which takes seconds.
 */
export const UNPLACED_GRACE_MS = 60 * 60 * 1000;
/** Objects per round (one D1 read and one batch; D1 binds at most 100 parameters a statement). */
const ROUND = 90;
/** Rounds per run, so one run never runs long; a larger backlog waits for the next run (every 15 minutes). */
const ROUNDS = 50;

/**
 * The scheduled sweep of uploads whose request stopped between storing the object and writing its row (CONTRACT
 * section 6, Files: an object whose row is not committed is deleted, at once or by a sweep). Each object left
 * unplaced for longer than `UNPLACED_GRACE_MS` is queued for the company's purge unless a file row names it,
 * and the purge is asked for. Idempotent: what a run took is no longer unplaced, a queued purge that runs twice
 * deletes nothing more. Answers how many objects were taken.
 */
export async function sweepUnplacedFileObjects(env: Env, now: Date): Promise<number> {
  const db = database(env.DB);
  const storedBefore = new Date(now.getTime() - UNPLACED_GRACE_MS).toISOString();
  let taken = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const swept = await sweepUnplacedObjects(db, storedBefore, ROUND, now.toISOString());
    taken += swept.taken;
    const requestId = `unplaced:${now.toISOString()}:${round}`;
    for (const companyId of swept.companies) await requestObjectPurge({ env, companyId, requestId });
    if (swept.taken < ROUND) break;
  }
  return taken;
}
