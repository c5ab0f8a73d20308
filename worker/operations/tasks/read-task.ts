import { findTask, type TaskRow } from "../../db/queries/tasks";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export async function readTask(ctx: OperationContext, taskId: string): Promise<TaskRow> {
  const task = await findTask(ctx.db, ctx.companyId, taskId);
  if (!task) throw notFound();
  return task;
}
