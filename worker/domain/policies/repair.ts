import type { FieldValueChange, FieldValueChangeRequest } from "./field-value-repair";
import type { JoinHistoryChange } from "./join-history";
import type { SegmentHashChange } from "./segment-hashes";

/**
 * Staff repairs of stored policy data (`POST P/policies/repair`): what is asked and what is answered.
 * Each kind plans in its own module (segment-hashes, join-history, field-value-repair); the operations
 * in `worker/operations/policies/repair-*.ts` read and write.
 */

export const REPAIR_KINDS = ["segmentHashes", "joinHistory", "fieldValues"] as const;
export type RepairKind = (typeof REPAIR_KINDS)[number];

export type RepairRequest =
  | { kind: "segmentHashes" | "joinHistory"; policyId: string; dryRun: boolean }
  | { kind: "fieldValues"; policyId: string; dryRun: boolean; changes: FieldValueChangeRequest[] };

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
