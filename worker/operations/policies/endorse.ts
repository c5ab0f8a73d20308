import type { ValueProblem } from "../../domain/entities/field-values";
import { planDeltas } from "../../domain/policies/deltas";
import { policyPathMember } from "../../domain/policies/policy-path";
import { endorse } from "../../domain/policies/segments";
import type { EndorseRequest } from "../../domain/policies/transactions";
import type { FullVersionView } from "../../domain/policies/version-view";
import { refusalError } from "../../errors/entity-refusals";
import { invalidDelta, invoicePlanUnavailable } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { applyCoverageRule } from "./coverage-rule";
import { readCurrentPolicy } from "./current-policy";
import { holdsPolicyWriteGroup, loadPolicyConfiguration, type PolicyConfiguration } from "./policy-configuration";
import { recordNextVersion } from "./record-version";

/**
 * Serialized in the company object. Endorses a policy: the deltas apply from `effectiveDate` onward, the
 * segment in force then is split there, and a new `policy.policyEndDate` moves the term end.
 */
export async function endorsePolicy(ctx: OperationContext, request: EndorseRequest): Promise<FullVersionView> {
  if (request.invoicePlan !== undefined) throw invoicePlanUnavailable("VALIDATION_ERROR");
  const configuration = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  const labels = (referenceId: string) => configuration.policyFields.find((f) => f.referenceId === referenceId)?.label;
  const plan = planDeltas(request.deltas, configuration);
  if (!plan.ok) throw invalidDelta(plan.problems, labels);
  refuseLockedFields(ctx, request, configuration);

  const effectiveDate = request.effectiveDate.date;
  let appliedProblems: ValueProblem[] = [];
  const coverage = applyCoverageRule(() =>
    endorse(
      current.coverage,
      effectiveDate,
      (data) => {
        const changed = plan.apply(data);
        if (changed.ok) return changed.data;
        appliedProblems = changed.problems;
        return data;
      },
      plan.termEnd ?? current.coverage.termEnd,
    ),
  );
  if (appliedProblems.length) throw invalidDelta(appliedProblems, labels);
  return recordNextVersion(ctx, head, configuration.policyFields, {
    action: "ENDORSE",
    request,
    effectiveDate,
    coverage,
  });
}

/** Deltas to fields locked behind a write group the caller does not hold: 403, nothing written. */
function refuseLockedFields(ctx: OperationContext, request: EndorseRequest, configuration: PolicyConfiguration) {
  const holdsGroup = holdsPolicyWriteGroup(ctx.actor);
  const locked = request.deltas.flatMap((delta) => {
    const referenceId = policyPathMember(delta.path);
    const group = configuration.policyFields.find((f) => f.referenceId === referenceId)?.writePermission;
    return referenceId && group && !holdsGroup(group) ? [{ referenceId, group }] : [];
  });
  if (locked.length) throw refusalError({ kind: "write-group", fields: locked });
}
