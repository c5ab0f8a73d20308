import { type FormLogicRuleRow, insertRuleIfTemplateExists } from "../../db/queries/forms";
import { namedIdNotFound } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";

export interface CreateRuleInput {
  formNumber: string;
  entityType: "quote" | "policy";
  name: string;
}

/** A forms-logic rule: form `formNumber` applies to `entityType`. Its template must exist (404). */
export async function createRule(ctx: OperationContext, input: CreateRuleInput): Promise<FormLogicRuleRow> {
  const rule = await insertRuleIfTemplateExists(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    formNumber: input.formNumber,
    entityType: input.entityType,
    name: input.name,
    createdAt: ctx.now.toISOString(),
    createdBy: ctx.actor.keyId,
  });
  if (!rule) throw namedIdNotFound("formNumber", "form template");
  return rule;
}
