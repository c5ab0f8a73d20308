import { reinstate } from "../../domain/policies/segments";
import type { ReinstateRequest } from "../../domain/policies/transactions";
import type { FullVersionView } from "../../domain/policies/version-view";
import { invoicePlanUnavailable } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { applyCoverageRule } from "./coverage-rule";
import { readCurrentPolicy } from "./current-policy";
import { loadPolicyConfiguration } from "./policy-configuration";
import { recordNextVersion } from "./record-version";

/**
 * Serialized in the company object. Reinstates a cancelled policy: the coverage the cancellation ended
 * comes back, effective on the cancellation date.
 */
export async function reinstatePolicy(ctx: OperationContext, request: ReinstateRequest): Promise<FullVersionView> {
  if (request.invoicePlan !== undefined) throw invoicePlanUnavailable("VALIDATION_ERROR");
  const { policyFields } = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  const effectiveDate = current.coverage.cancellation?.effectiveDate ?? current.effectiveDate;
  const coverage = applyCoverageRule(() => reinstate(current.coverage));
  return recordNextVersion(ctx, head, policyFields, { action: "REINSTATE", request, effectiveDate, coverage });
}
