import { findPolicyHead } from "../../db/queries/policies";
import { findPerson, linkContact as insertLink } from "../../db/queries/policy-contacts";
import { type ContactView, contactView } from "../../domain/policies/contact-view";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { requirePermissions } from "./contact-permissions";

/**
 * `POST P/policies/{policyId}/contacts`: links an existing person to the policy, idempotently. Contacts
 * are unversioned: no policy version is written. `created` is false when the person was already linked.
 */
export async function linkContact(
  ctx: OperationContext,
  policyId: string,
  personId: string,
): Promise<{ contact: ContactView; created: boolean }> {
  requirePermissions(ctx, "policy.view", "person.view");
  if (!(await findPolicyHead(ctx.db, ctx.companyId, policyId))) throw notFound();
  const person = await findPerson(ctx.db, ctx.companyId, personId);
  if (!person) throw notFound();
  const created = await insertLink(ctx.db, ctx.companyId, policyId, person.personId, ctx.now.toISOString());
  return { contact: contactView(person), created };
}
