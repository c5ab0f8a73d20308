import type { Database } from "../../db/client";
import {
  compareSegmentHashes,
  type HashedCoverage,
  hashSegments,
  type RecordedSegmentHashes,
  recordedHashesOf,
} from "../../domain/policies/repair";
import { guardedReceipt, raced, readCurrentVersion, rewriteCoverage, versionUnchanged } from "./repair-current-version";
import type { MaintenanceActor, RepairOutcome, RepairRequest } from "./repair-policy";

/**
 * Kind `segmentHashes`: hashes every segment of the current version, compares with the hashes recorded
 * for that version, and (unless a dry run) records the new ones when anything differs. A mismatch
 * means a segment's content changed outside a transaction or repair since the hashes were recorded.
 */
export async function repairSegmentHashes(
  db: Database,
  companyId: string,
  request: RepairRequest,
  actor: MaintenanceActor,
): Promise<RepairOutcome> {
  const current = await readCurrentVersion(db, companyId, request.policyId);
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

  const now = new Date().toISOString();
  const segmentHashes: RecordedSegmentHashes = {
    version: current.row.version,
    algorithm: "sha256",
    recordedAt: now,
    segments: computed,
  };
  const receipt = {
    id: crypto.randomUUID(),
    companyId,
    action: "repairPolicy.segmentHashes",
    detail: { policyId: current.head.id, version: current.row.version, changes },
    createdAt: now,
  };
  const guard = versionUnchanged(db, current);
  const [, rewritten] = await db.batch([
    guardedReceipt(db, receipt, actor, guard),
    rewriteCoverage(db, current, { ...coverage, segmentHashes } as HashedCoverage),
  ]);
  if (rewritten.meta.changes === 0) throw raced();
  return { ...outcome, receiptId: receipt.id };
}
