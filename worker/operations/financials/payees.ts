import { findEntity } from "../../db/queries/entities";
import type { PayeeEntityType } from "../../domain/financials/catalog";
import type { OperationContext } from "../context";

export interface Payee {
  entityType: PayeeEntityType;
  entityId: string;
}

/** A payee is a person or organization record of the company. */
export async function payeeExists(ctx: OperationContext, payee: Payee): Promise<boolean> {
  return (await findEntity(ctx.db, ctx.companyId, payee.entityType, payee.entityId)) !== null;
}
