import { findEntity } from "../../db/queries/entities";
import type { FieldProblem } from "../../domain/financials/invoice-draft";
import type { Payee } from "../../domain/financials/invoice-plan";
import type { OperationContext } from "../context";

export type { Payee } from "../../domain/financials/invoice-plan";

/** A payee is a person or organization record of the company. */
export async function payeeExists(ctx: OperationContext, payee: Payee): Promise<boolean> {
  return (await findEntity(ctx.db, ctx.companyId, payee.entityType, payee.entityId)) !== null;
}

/** The payee's problem when it is not a record of its type of the company ("a person", "an organization"). */
export const payeeProblems = (payee: Pick<Payee, "entityType">, found: boolean): FieldProblem[] =>
  found
    ? []
    : [
        {
          field: "payee.entityId",
          message: `is not ${/^[aeiou]/.test(payee.entityType) ? "an" : "a"} ${payee.entityType} of this company`,
        },
      ];
