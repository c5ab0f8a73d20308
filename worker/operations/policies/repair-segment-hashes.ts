import { guardedReceiptStatement, rewriteCoverageStatement, versionUnchanged } from "../../db/queries/policy-repair";
import type { RepairOutcome } from "../../domain/policies/repair";
import {
  compareSegmentHashes,
  type HashedCoverage,
  hashSegments,
  type RecordedSegmentHashes,
  recordedHashesOf,
} from "../../domain/policies/segment-hashes";
import { repairRaced } from "../../errors/policy-repair-refusals";
import type { OperationContext } from "../context";
import { readStoredVersion, repairReceipt } from "./repair-current-version";

/**
 * Kind `segmentHashes`: hashes every segment of the current version, compares with the hashes recorded
 * for that version, and (unless a dry run) records the new ones when anything differs. A mismatch
 * means a segment's content changed outside a transaction or repair since the hashes were recorded.
 */
export async function repairSegmentHashes(
  ctx: OperationContext,
  request: { policyId: string; dryRun: boolean },
): Promise<RepairOutcome> {
  const current = await readStoredVersion(ctx, request.policyId);
  const coverage = current.row.coverage as HashedCoverage;
  const computed = await hashSegments(coverage.segments);
  const changes = compareSegmentHashes(recordedHashesOf(coverage, current.row.version), computed);
  const outcome = {
    kind: "segmentHashes" as const,
    policyId: current.head.id,
    dryRun: request.dryRun,
    version: current.row.version,
    receiptId: null,
    changes,
  };
  if (request.dryRun || changes.length === 0) return outcome;

  const segmentHashes: RecordedSegmentHashes = {
    version: current.row.version,
    algorithm: "sha256",
    recordedAt: ctx.now.toISOString(),
    segments: computed,
  };
  const receipt = repairReceipt(ctx, "repairPolicy.segmentHashes", {
    policyId: current.head.id,
    version: current.row.version,
    changes,
  });
  const [, rewritten] = await ctx.db.batch([
    guardedReceiptStatement(ctx.db, receipt, versionUnchanged(ctx.db, current)),
    rewriteCoverageStatement(ctx.db, current, { ...coverage, segmentHashes } as HashedCoverage),
  ]);
  if (rewritten.meta.changes === 0) throw repairRaced();
  return { ...outcome, receiptId: receipt.id };
}
