import { and, asc, count, eq, lt, type SQL, sql } from "drizzle-orm";
import type { RecordRef } from "../../domain/attachments/attached-record";
import type { TaskStatus } from "../../domain/tasks/task-rules";
import type { Database } from "../client";
import { tasks } from "../schema";

export type TaskRow = typeof tasks.$inferSelect;

export async function insertTask(db: Database, row: TaskRow): Promise<TaskRow> {
  const [inserted] = await db.insert(tasks).values(row).returning();
  if (!inserted) throw new Error("task insert returned no row");
  return inserted;
}

export async function findTask(db: Database, companyId: string, id: string): Promise<TaskRow | null> {
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export interface TaskFilter {
  status?: TaskStatus;
  record?: RecordRef;
  assignee?: string;
  /** Keeps tasks whose `dueDate.date` is strictly earlier than this day (YYYY-MM-DD); undated never match. */
  dueBefore?: string;
}

/** Order: `dueDate.date` ascending with undated tasks last, then `createdAt`, then `id`. */
export async function listTasks(
  db: Database,
  companyId: string,
  filter: TaskFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(tasks.companyId, companyId)];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.record)
    conditions.push(eq(tasks.entityType, filter.record.entityType), eq(tasks.entityId, filter.record.entityId));
  if (filter.assignee !== undefined) conditions.push(eq(tasks.assignee, filter.assignee));
  if (filter.dueBefore) conditions.push(lt(tasks.dueDate, filter.dueBefore));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(sql`${tasks.dueDate} IS NULL`, asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export type TaskChange = Partial<
  Pick<
    TaskRow,
    | "title"
    | "description"
    | "status"
    | "assignee"
    | "dueDate"
    | "dueTimezone"
    | "entityType"
    | "entityId"
    | "completedAt"
  >
> & { updatedAt: string };

/**
 * Applies a change if the task's status and completion are still what the change was computed from
 * (`completedAt` follows the status); null when the task is gone or changed status meanwhile.
 */
export async function updateTaskIfUnchanged(
  db: Database,
  current: Pick<TaskRow, "companyId" | "id" | "status" | "completedAt">,
  change: TaskChange,
): Promise<TaskRow | null> {
  const rows = await db
    .update(tasks)
    .set(change)
    .where(
      and(
        eq(tasks.companyId, current.companyId),
        eq(tasks.id, current.id),
        eq(tasks.status, current.status),
        sql`${tasks.completedAt} IS ${current.completedAt}`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function deleteTask(db: Database, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}
