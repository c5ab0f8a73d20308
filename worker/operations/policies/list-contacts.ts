import { findPolicyHead } from "../../db/queries/policies";
import { listContacts as listLinkedPersons } from "../../db/queries/policy-contacts";
import { type ContactView, contactView } from "../../domain/policies/contact-view";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { requirePermissions } from "./contact-permissions";

/** `GET P/policies/{policyId}/contacts`: the persons linked to the policy, oldest link first. */
export async function listContacts(ctx: OperationContext, policyId: string): Promise<{ items: ContactView[] }> {
  requirePermissions(ctx, "person.view");
  if (!(await findPolicyHead(ctx.db, ctx.companyId, policyId))) throw notFound();
  return { items: (await listLinkedPersons(ctx.db, ctx.companyId, policyId)).map(contactView) };
}
