import { deleteRule as deleteStoredRule } from "../../db/queries/forms";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export async function deleteRule(ctx: OperationContext, ruleId: string): Promise<void> {
  if (!(await deleteStoredRule(ctx.db, ctx.companyId, ruleId))) throw notFound();
}
