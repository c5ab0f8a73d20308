import { findEntity } from "../../db/queries/entities";
import type { Payee } from "../../domain/financials/invoice-plan";
import type { OperationContext } from "../context";

export type { Payee } from "../../domain/financials/invoice-plan";

/** A payee is a person or organization record of the company. */
export async function payeeExists(ctx: OperationContext, payee: Payee): Promise<boolean> {
  return (await findEntity(ctx.db, ctx.companyId, payee.entityType, payee.entityId)) !== null;
}
