import { database } from "../db/client";
import { deleteExpiredKeys } from "../db/queries/idempotency";
import type { Env } from "../env";

const CHUNK = 5_000;

/**
 * The scheduled clean-up of idempotency keys past their 24 hours (CONTRACT 8.1), in chunks so no statement
 * runs long. Idempotent: a second run finds nothing more to delete. Answers how many went.
 */
export async function expireIdempotencyKeys(env: Env, now: Date): Promise<number> {
  const db = database(env.DB);
  let deleted = 0;
  for (;;) {
    const gone = await deleteExpiredKeys(db, now, CHUNK);
    deleted += gone;
    if (gone < CHUNK) return deleted;
  }
}
