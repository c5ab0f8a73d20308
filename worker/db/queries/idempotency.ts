import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { idempotencyKeys } from "../schema";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Who holds a key: the company, the caller (API key id or `staff`) and the key string. */
export interface KeyScope {
  companyId: string;
  callerId: string;
  idempotencyKey: string;
}

const scoped = (scope: KeyScope) =>
  and(
    eq(idempotencyKeys.companyId, scope.companyId),
    eq(idempotencyKeys.callerId, scope.callerId),
    eq(idempotencyKeys.idempotencyKey, scope.idempotencyKey),
  );

/** Takes a free key for a request (true), or leaves a held one alone (false). */
export async function claimKey(db: Database, row: IdempotencyRow): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ holder: idempotencyKeys.holder });
  return inserted.length === 1;
}

export async function findKey(db: Database, scope: KeyScope): Promise<IdempotencyRow | null> {
  return (await db.select().from(idempotencyKeys).where(scoped(scope)).limit(1))[0] ?? null;
}

/** Takes a key over from a holder whose mark was lost or whose answer expired; false when another took it first. */
export async function takeOverKey(db: Database, row: IdempotencyRow, fromHolder: string): Promise<boolean> {
  const changed = await db
    .update(idempotencyKeys)
    .set(row)
    .where(and(scoped(row), eq(idempotencyKeys.holder, fromHolder)))
    .returning({ holder: idempotencyKeys.holder });
  return changed.length === 1;
}

/** Saves the answer of the request holding the key. */
export async function saveAnswer(
  db: Database,
  scope: KeyScope & { holder: string },
  answer: { status: number; body: string; contentType: string | null; location: string | null; expiresAt: string },
) {
  await db
    .update(idempotencyKeys)
    .set({ state: "done", ...answer })
    .where(and(scoped(scope), eq(idempotencyKeys.holder, scope.holder)));
}

/**
 * Frees a key its request holds, so it can be retried: whatever the request committed (`onlyUncommitted: false`,
 * after a refusal), or only while it committed nothing (`true`).
 */
export async function releaseKey(db: Database, scope: KeyScope & { holder: string }, onlyUncommitted: boolean) {
  const held = and(scoped(scope), eq(idempotencyKeys.holder, scope.holder));
  await db.delete(idempotencyKeys).where(onlyUncommitted ? and(held, eq(idempotencyKeys.state, "running")) : held);
}

/**
 * The statement a write of the holding request adds to its own D1 batch (raw D1: it is appended below
 * drizzle): the key is `committed`, so a retry never runs the write again.
 */
export function markCommittedStatement(d1: D1Database, scope: KeyScope & { holder: string }): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE idempotency_keys SET state = 'committed' WHERE company_id = ? AND caller_id = ? " +
        "AND idempotency_key = ? AND holder = ? AND state = 'running'",
    )
    .bind(scope.companyId, scope.callerId, scope.idempotencyKey, scope.holder);
}

/** Deletes keys past their retention, at most `limit` at a time; the number deleted. */
export async function deleteExpiredKeys(db: Database, now: Date, limit: number): Promise<number> {
  const result = await db.run(
    sql`DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at <= ${now.toISOString()} LIMIT ${limit})`,
  );
  return result.meta.changes ?? 0;
}
