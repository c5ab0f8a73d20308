import { countLiveReferences, deleteAllPoliciesStatements } from "../../db/queries/policy-wipe";
import { liveReferencesExist } from "../../errors/policy-repair-refusals";
import { auditReceipt } from "../audit-receipt";
import { requireSandboxCompany } from "../company/require-company";
import type { OperationContext } from "../context";
import { requestObjectPurge } from "../files/purge-stored-objects";

const WHAT = "Deleting all policies";
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Serialized in the company object. `POST P/policies/deleteAll`: removes every policy of a Sandbox
 * company with its versions, contacts, what is attached to them (notes, tasks, folders, files, generated
 * forms) and every relationship link with a policy at either end (the `previousPolicy` renewal links among
 * them), in one atomic batch with its audit receipt (`deleteAllPolicies`, detail `{rowsRemoved}`); answers the
 * rows removed.
 *
 * Live references block it (409 `LiveReferencesExist`, nothing deleted): a quote or event record whose
 * stored data has a top-level `policyId` naming one of the company's policies, or a relationship link
 * between a policy and a quote or event record, a binding of a quote to one of them, or an invoice of a
 * policy (CONTRACT section 7.9).
 */
export async function deleteAllPolicies(ctx: OperationContext): Promise<{ rowsRemoved: number }> {
  await requireSandboxCompany(ctx, WHAT);
  await refuseLiveReferences(ctx);
  const receipt = auditReceipt(ctx, "deleteAllPolicies");
  const { writeReceipt, attachments, policyRows } = deleteAllPoliciesStatements(ctx.db, ctx.companyId, receipt);
  const results = await ctx.db.batch([writeReceipt, ...attachments, ...policyRows]);
  // Attached notes, files and the like go with the policies but are not counted as policy rows.
  const rowsRemoved = results.slice(1 + attachments.length).reduce((sum, result) => sum + result.meta.changes, 0);
  if (rowsRemoved === 0) {
    // Nothing left, or a guard stopped the batch: say which.
    await requireSandboxCompany(ctx, WHAT);
    await refuseLiveReferences(ctx);
  }
  // The removed files' stored objects were queued in the wipe's batch; R2 deletes them after it.
  if (rowsRemoved > 0) await requestObjectPurge(ctx);
  return { rowsRemoved };
}

async function refuseLiveReferences(ctx: OperationContext) {
  const { byType, byRelationship, boundQuotes } = await countLiveReferences(ctx.db, ctx.companyId);
  const found = [
    ...byType.map((r) => ({
      field: `${r.entityType}.policyId`,
      message: `${r.n} ${r.entityType} ${plural(r.n, "record names", "records name")} a policy in policyId`,
    })),
    ...byRelationship.map((r) => ({
      field: `relationships.${r.relationshipKey}`,
      message: `${r.n} ${plural(r.n, "link ties", "links tie")} a policy to a quote or event`,
    })),
    ...(boundQuotes
      ? [
          {
            field: "boundQuotes",
            message: `${boundQuotes} bound ${plural(boundQuotes, "quote names", "quotes name")} a policy`,
          },
        ]
      : []),
  ];
  if (found.length) throw liveReferencesExist(found);
}
