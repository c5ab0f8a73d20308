import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import type { ValueProblem } from "../../domain/entities/field-values";
import {
  type FieldValueChangeRequest,
  type HashedCoverage,
  hashSegments,
  planFieldValueRepair,
  recordedHashesOf,
} from "../../domain/policies/repair";
import { ApiError } from "../../errors/api-error";
import { guardedReceipt, raced, readCurrentVersion, rewriteCoverage, versionUnchanged } from "./repair-current-version";
import type { MaintenanceActor, RepairOutcome } from "./repair-policy";

const details = (problems: ValueProblem[]) => problems.map((p) => ({ field: p.path, message: p.problem }));
const summary = (problems: ValueProblem[]) => problems.map((p) => `${p.path} ${p.problem}`).join("; ");

/** 400 for a change no write could make, 409 when storage no longer holds what the caller expected. */
function refusal(kind: "invalid" | "stale" | "mismatch", problems: ValueProblem[]): ApiError {
  if (kind === "invalid") {
    return new ApiError({
      code: "VALIDATION_ERROR",
      message: `Invalid field value repair: ${summary(problems)}`,
      userMessages: problems.map((p) => `The change to ${p.path} ${p.problem}.`),
      details: details(problems),
    });
  }
  if (kind === "stale") {
    return new ApiError({
      code: "StalePolicyVersion",
      message: `A repair changes only the current version: ${summary(problems)}`,
      userMessages: ["The policy has a newer version than the one named. Read it again and repeat the repair."],
      details: details(problems),
    });
  }
  return new ApiError({
    code: "FieldValueMismatch",
    message: `Stored values differ from the expected ones; nothing was changed: ${summary(problems)}`,
    userMessages: [
      ...new Set(problems.map((p) => `The stored value of ${p.path} is not the expected one; nothing was changed.`)),
    ],
    details: details(problems),
  });
}

/**
 * Kind `fieldValues`: compare-and-swap of values in the current version's stored data, in place (no
 * new version: it is a repair), with an audit receipt holding every before and after value. Segment
 * hashes recorded for the version are recomputed with it, since this is a sanctioned change.
 */
export async function repairFieldValues(
  db: Database,
  companyId: string,
  request: { policyId: string; dryRun: boolean; changes: FieldValueChangeRequest[] },
  actor: MaintenanceActor,
): Promise<RepairOutcome> {
  const current = await readCurrentVersion(db, companyId, request.policyId);
  const { document } = await loadConfiguration(db, companyId);
  const fieldsOf = (type: string) => document.fieldDefinitions.filter((f) => f.entityType === type);
  const now = new Date();
  const plan = planFieldValueRepair(current.row.coverage, current.row.version, request.changes, {
    policyFields: fieldsOf("policy"),
    exposureFields: fieldsOf("exposure"),
    optionSets: document.optionSets,
    now,
  });
  if (!plan.ok) throw refusal(plan.kind, plan.problems);
  const outcome = {
    kind: "fieldValues" as const,
    policyId: current.head.id,
    dryRun: request.dryRun,
    version: current.row.version,
    receiptId: null,
    changes: plan.changes,
  };
  if (request.dryRun || plan.changes.length === 0) return outcome;

  const stored = current.row.coverage as HashedCoverage;
  const recorded = recordedHashesOf(stored, current.row.version);
  const repaired: HashedCoverage = recorded
    ? {
        ...plan.coverage,
        segmentHashes: {
          ...recorded,
          recordedAt: now.toISOString(),
          segments: await hashSegments(plan.coverage.segments),
        },
      }
    : plan.coverage;
  const receipt = {
    id: crypto.randomUUID(),
    companyId,
    action: "repairPolicy.fieldValues",
    detail: {
      policyId: current.head.id,
      version: current.row.version,
      requested: request.changes,
      changes: plan.changes,
    },
    createdAt: now.toISOString(),
  };
  const [, rewritten] = await db.batch([
    guardedReceipt(db, receipt, actor, versionUnchanged(db, current)),
    rewriteCoverage(db, current, repaired),
  ]);
  if (rewritten.meta.changes === 0) throw raced();
  return { ...outcome, receiptId: receipt.id };
}
