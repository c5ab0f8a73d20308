import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Owner, RecordRef } from "../../domain/attachments/attached-record";
import type { Database } from "../client";
import { entities, policies } from "../schema";

/** True when the company has the record: an entity of that type, or a policy by its policy id. */
export async function recordExists(db: Database, companyId: string, record: RecordRef): Promise<boolean> {
  const found =
    record.entityType === "policy"
      ? db
          .select({ one: sql`1` })
          .from(policies)
          .where(and(eq(policies.id, record.entityId), eq(policies.companyId, companyId)))
      : db
          .select({ one: sql`1` })
          .from(entities)
          .where(
            and(
              eq(entities.id, record.entityId),
              eq(entities.companyId, companyId),
              eq(entities.kind, "entity"),
              eq(entities.entityType, record.entityType),
            ),
          );
  return (await found.limit(1)).length > 0;
}

/** SQL that holds for rows owned by `owner`: that record, or the company itself (both columns null). */
export function ownedBy(columns: { entityType: SQLiteColumn; entityId: SQLiteColumn }, owner: Owner): SQL {
  if (owner === null) return sql`${columns.entityType} IS NULL AND ${columns.entityId} IS NULL`;
  return sql`${columns.entityType} = ${owner.entityType} AND ${columns.entityId} = ${owner.entityId}`;
}
