import { cancel } from "../../domain/policies/segments";
import type { CancelRequest } from "../../domain/policies/transactions";
import type { FullVersionView } from "../../domain/policies/version-view";
import { invoicePlanUnavailable } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { applyCoverageRule } from "./coverage-rule";
import { readCurrentPolicy } from "./current-policy";
import { loadPolicyConfiguration } from "./policy-configuration";
import { recordNextVersion } from "./record-version";

/**
 * Serialized in the company object. Cancels a policy: coverage ends at `effectiveDate`, and the segments
 * it ended are kept for a reinstatement.
 */
export async function cancelPolicy(ctx: OperationContext, request: CancelRequest): Promise<FullVersionView> {
  if (request.invoicePlan !== undefined) throw invoicePlanUnavailable("VALIDATION_ERROR");
  const { policyFields } = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  const effectiveDate = request.effectiveDate.date;
  const coverage = applyCoverageRule(() => cancel(current.coverage, effectiveDate));
  return recordNextVersion(ctx, head, policyFields, { action: "CANCEL", request, effectiveDate, coverage });
}
