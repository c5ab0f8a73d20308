import { insertTask, type TaskRow } from "../../db/queries/tasks";
import type { AttachableType } from "../../domain/attachments/attached-record";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { completedAtAfter, type TaskStatus } from "../../domain/tasks/task-rules";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";

export interface CreateTaskInput {
  title: string;
  description?: string | null;
  status?: TaskStatus;
  assignee?: string | null;
  dueDate?: Fmv1Date | null;
  entityType?: AttachableType | null;
  entityId?: string | null;
}

/** Creates a task, attached to a record when one is named (404 when it does not exist). */
export async function createTask(ctx: OperationContext, input: CreateTaskInput): Promise<TaskRow> {
  const record = input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : null;
  if (record) await requireRecord(ctx, record);
  const at = ctx.now.toISOString();
  const status = input.status ?? "open";
  return insertTask(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    title: input.title,
    description: input.description ?? null,
    status,
    assignee: input.assignee ?? null,
    dueDate: input.dueDate?.date ?? null,
    dueTimezone: input.dueDate?.timezone ?? null,
    entityType: record?.entityType ?? null,
    entityId: record?.entityId ?? null,
    completedAt: completedAtAfter(null, status, at),
    createdAt: at,
    updatedAt: at,
    createdBy: ctx.actor.keyId,
  });
}
