import { listTasks as listStoredTasks } from "../../db/queries/tasks";
import type { AttachableType } from "../../domain/attachments/attached-record";
import { readDueBefore, type TaskStatus } from "../../domain/tasks/task-rules";
import { invalidMember } from "../../errors/attachment-refusals";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";

export interface ListTasksInput {
  status?: TaskStatus;
  entityType?: AttachableType;
  entityId?: string;
  assignee?: string;
  /** The `dueBefore` query members as sent: `dueBefore` (JSON) or `dueBefore.year`/`.month`/`.day`. */
  dueBefore: Record<string, string | undefined>;
  limit: number;
  offset: number;
}

/** Tasks matching every filter given; a named record that does not exist is 404. */
export async function listTasks(ctx: OperationContext, input: ListTasksInput) {
  const dueBefore = readDueBefore(input.dueBefore);
  if (!dueBefore.ok) throw invalidMember("dueBefore", dueBefore.problem);
  const record = input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : null;
  if (record) await requireRecord(ctx, record);
  return listStoredTasks(
    ctx.db,
    ctx.companyId,
    {
      status: input.status,
      record: record ?? undefined,
      assignee: input.assignee,
      dueBefore: dueBefore.day ?? undefined,
    },
    input,
  );
}
