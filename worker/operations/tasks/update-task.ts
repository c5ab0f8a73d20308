import { findTask, type TaskChange, type TaskRow, updateTaskIfUnchanged } from "../../db/queries/tasks";
import type { AttachableType } from "../../domain/attachments/attached-record";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { completedAtAfter, type TaskStatus } from "../../domain/tasks/task-rules";
import { notFound } from "../../errors/api-error";
import { finished, lostRace, withVersionRetry } from "../../lib/version-retry";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";

export interface UpdateTaskInput {
  taskId: string;
  title?: string;
  description?: string | null;
  status?: TaskStatus;
  assignee?: string | null;
  dueDate?: Fmv1Date | null;
  /** Both given: move to that record; both null: detach; both omitted: stay. */
  entityType?: AttachableType | null;
  entityId?: string | null;
}

/** The columns a partial update sets; `null` clears, omitted leaves as it is. */
function changedColumns(input: UpdateTaskInput): Omit<TaskChange, "updatedAt" | "completedAt"> {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.assignee !== undefined && { assignee: input.assignee }),
    ...(input.dueDate !== undefined && {
      dueDate: input.dueDate?.date ?? null,
      dueTimezone: input.dueDate?.timezone ?? null,
    }),
    ...(input.entityType !== undefined && { entityType: input.entityType, entityId: input.entityId ?? null }),
  };
}

/**
 * Partial update of a task. The task (404), then a newly named record (404). `completedAt` follows the
 * status change; the write is guarded by the status it was computed from and retried if that moved.
 */
export async function updateTask(ctx: OperationContext, input: UpdateTaskInput): Promise<TaskRow> {
  if (!(await findTask(ctx.db, ctx.companyId, input.taskId))) throw notFound();
  if (input.entityType && input.entityId)
    await requireRecord(ctx, { entityType: input.entityType, entityId: input.entityId });
  const at = ctx.now.toISOString();
  const columns = changedColumns(input);
  return withVersionRetry(async () => {
    const current = await findTask(ctx.db, ctx.companyId, input.taskId);
    if (!current) throw notFound();
    const status = input.status ?? current.status;
    const completedAt = completedAtAfter(current, status, at);
    const updated = await updateTaskIfUnchanged(ctx.db, current, { ...columns, completedAt, updatedAt: at });
    return updated ? finished(updated) : lostRace;
  }, "task");
}
