import { guardedReceiptStatement, rewriteCoverageStatement, versionUnchanged } from "../../db/queries/policy-repair";
import { type FieldValueChangeRequest, planFieldValueRepair } from "../../domain/policies/field-value-repair";
import type { RepairOutcome } from "../../domain/policies/repair";
import { type HashedCoverage, hashSegments, recordedHashesOf } from "../../domain/policies/segment-hashes";
import { fieldValueRepairRefused, repairRaced } from "../../errors/policy-repair-refusals";
import type { OperationContext } from "../context";
import { loadPolicyConfiguration } from "./policy-configuration";
import { readStoredVersion, repairReceipt } from "./repair-current-version";

/**
 * Kind `fieldValues`: compare-and-swap of values in the current version's stored data, in place (no
 * new version: it is a repair), with an audit receipt holding every before and after value. Segment
 * hashes recorded for the version are recomputed with it, since this is a sanctioned change.
 */
export async function repairFieldValues(
  ctx: OperationContext,
  request: { policyId: string; dryRun: boolean; changes: FieldValueChangeRequest[] },
): Promise<RepairOutcome> {
  const current = await readStoredVersion(ctx, request.policyId);
  const configuration = await loadPolicyConfiguration(ctx);
  const plan = planFieldValueRepair(current.row.coverage, current.row.version, request.changes, {
    ...configuration,
    now: ctx.now,
  });
  if (!plan.ok) throw fieldValueRepairRefused(plan);
  const outcome = {
    kind: "fieldValues" as const,
    policyId: current.head.id,
    dryRun: request.dryRun,
    version: current.row.version,
    receiptId: null,
    changes: plan.changes,
  };
  if (request.dryRun || plan.changes.length === 0) return outcome;

  const recorded = recordedHashesOf(current.row.coverage as HashedCoverage, current.row.version);
  const repaired: HashedCoverage = recorded
    ? {
        ...plan.coverage,
        segmentHashes: {
          ...recorded,
          recordedAt: ctx.now.toISOString(),
          segments: await hashSegments(plan.coverage.segments),
        },
      }
    : plan.coverage;
  const receipt = repairReceipt(ctx, "repairPolicy.fieldValues", {
    policyId: current.head.id,
    version: current.row.version,
    requested: request.changes,
    changes: plan.changes,
  });
  const [, rewritten] = await ctx.db.batch([
    guardedReceiptStatement(ctx.db, receipt, versionUnchanged(ctx.db, current)),
    rewriteCoverageStatement(ctx.db, current, repaired),
  ]);
  if (rewritten.meta.changes === 0) throw repairRaced();
  return { ...outcome, receiptId: receipt.id };
}
