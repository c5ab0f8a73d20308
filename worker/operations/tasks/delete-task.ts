import { deleteTask as deleteStoredTask } from "../../db/queries/tasks";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export async function deleteTask(ctx: OperationContext, taskId: string): Promise<void> {
  if (!(await deleteStoredTask(ctx.db, ctx.companyId, taskId))) throw notFound();
}
