import { findPolicyHead } from "../../db/queries/policies";
import { unlinkContact as deleteLink } from "../../db/queries/policy-contacts";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** `DELETE P/policies/{policyId}/contacts/{personId}`: removes only the association; the person stays. */
export async function unlinkContact(ctx: OperationContext, policyId: string, personId: string): Promise<void> {
  if (!(await findPolicyHead(ctx.db, ctx.companyId, policyId))) throw notFound();
  if (!(await deleteLink(ctx.db, ctx.companyId, policyId, personId))) throw notFound();
}
