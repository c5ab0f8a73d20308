import { deleteUnreferencedTemplate, findTemplate, ruleIdsReferencing } from "../../db/queries/forms";
import { notFound } from "../../errors/api-error";
import { formReferencedByLogic } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";

/**
 * Deletes a template no live forms-logic rule references (interface, Configuration and data): while one
 * does, 409 `form-template-referenced-by-form-logic` naming the rules, and nothing is deleted. The check
 * and the delete are one statement, so a rule created meanwhile still blocks it. Generated forms keep
 * their number and name.
 */
export async function deleteTemplate(ctx: OperationContext, number: string): Promise<void> {
  if (await deleteUnreferencedTemplate(ctx.db, ctx.companyId, number)) return;
  if (!(await findTemplate(ctx.db, ctx.companyId, number))) throw notFound();
  throw formReferencedByLogic(number, await ruleIdsReferencing(ctx.db, ctx.companyId, number));
}
