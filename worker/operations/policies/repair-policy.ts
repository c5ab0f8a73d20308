import type { Database } from "../../db/client";
import { findCompany } from "../../db/queries/companies";
import type {
  FieldValueChange,
  FieldValueChangeRequest,
  JoinHistoryChange,
  SegmentHashChange,
} from "../../domain/policies/repair";
import { notFound } from "../../errors/api-error";
import { deleteAllPolicies } from "./delete-all-policies";
import { repairFieldValues } from "./repair-field-values";
import { repairJoinHistory } from "./repair-join-history";
import { repairSegmentHashes } from "./repair-segment-hashes";

/**
 * Policy maintenance outside the five transactions: the Sandbox wipe (`POST P/policies/deleteAll`)
 * and the staff repairs (`POST P/policies/repair`). Each runs inside the company object's serial
 * queue, so it never interleaves with a policy transaction, and commits as one guarded D1 batch.
 */

export const REPAIR_KINDS = ["segmentHashes", "joinHistory", "fieldValues"] as const;
export type RepairKind = (typeof REPAIR_KINDS)[number];

export type RepairRequest =
  | { kind: "segmentHashes" | "joinHistory"; policyId: string; dryRun: boolean }
  | { kind: "fieldValues"; policyId: string; dryRun: boolean; changes: FieldValueChangeRequest[] };

export type PolicyMaintenanceRequest = { kind: "deleteAll" } | RepairRequest;

/** Who asked, for the audit receipt a repair commits with its change. */
export interface MaintenanceActor {
  requestId: string;
  keyId: string | null;
  actor: "api-key" | "staff";
  method: string;
  path: string;
  batchId: string | null;
}

interface RepairOutcomeBase<K extends RepairKind, C> {
  kind: K;
  policyId: string;
  dryRun: boolean;
  /** The current version the repair read (and, unless a dry run, changed in place). */
  version: number;
  /** The audit receipt committed with the change; null on a dry run or when nothing changed. */
  receiptId: string | null;
  changes: C[];
}

export type RepairOutcome =
  | RepairOutcomeBase<"segmentHashes", SegmentHashChange>
  | RepairOutcomeBase<"joinHistory", JoinHistoryChange>
  | RepairOutcomeBase<"fieldValues", FieldValueChange>;

export type PolicyMaintenanceOutcome = { kind: "deleteAll"; rowsRemoved: number } | RepairOutcome;

export async function runPolicyMaintenance(
  db: Database,
  companyId: string,
  request: PolicyMaintenanceRequest,
  actor: MaintenanceActor,
): Promise<PolicyMaintenanceOutcome> {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound();
  switch (request.kind) {
    case "deleteAll":
      return { kind: "deleteAll", rowsRemoved: await deleteAllPolicies(db, company) };
    case "segmentHashes":
      return repairSegmentHashes(db, companyId, request, actor);
    case "joinHistory":
      return repairJoinHistory(db, companyId, request, actor);
    case "fieldValues":
      return repairFieldValues(db, companyId, request, actor);
  }
}
