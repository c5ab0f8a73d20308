import { revokeApiKey as revokeKeyRow } from "../../db/queries/api-keys";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** The key stops working at once: keys are looked up on every request and never cached. */
export async function revokeApiKey(ctx: OperationContext, keyId: string): Promise<void> {
  if (!(await revokeKeyRow(ctx.db, ctx.companyId, keyId, ctx.now))) throw notFound();
}
