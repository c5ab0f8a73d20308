import type { Fmv1Date } from "../dates/fmv1-date";
import type { PolicyAction } from "./actions";
import type { FullTermPricingInfo } from "./pricing";
import { type Coverage, coveredSpan, type Segment } from "./segments";

export interface VersionRecord {
  policyId: string;
  version: number;
  action: PolicyAction;
  transactionTimestamp: string;
  displayAuthor: string;
  effectiveDate: string;
  coverage: Coverage;
  createdAt: string;
}

/**
 * The data at the end of the coverage: the root fields a version response hoists. A flat cancellation
 * covers no day: its root data is what was in force at inception, not the data of endorsements that
 * never took effect (CONTRACT section 4, transaction rules).
 */
export function rootData(coverage: Coverage): Record<string, unknown> {
  if (coverage.segments.length) return coverage.segments.at(-1)?.data ?? {};
  return coverage.cancellation?.restore[0]?.data ?? {};
}

/** A policy's status as of a day: cancelled from its cancellation's date, expired from its term end. */
export type PolicyStatus = "active" | "cancelled" | "expired";
export const POLICY_STATUSES = ["active", "cancelled", "expired"] as const;

export function policyStatus(coverage: Coverage, day: string): PolicyStatus {
  if (coverage.cancellation && coverage.cancellation.effectiveDate <= day) return "cancelled";
  return coverage.termEnd <= day ? "expired" : "active";
}

/** What the head records: whether a cancellation (in force or pending) is on the policy. */
export function recordedStatus(coverage: Coverage): "active" | "cancelled" {
  return coverage.cancellation ? "cancelled" : "active";
}

/** A cancellation effective after `day`: the policy stays active until then (CONTRACT section 4). */
export function pendingCancellation(coverage: Coverage, day: string): { effectiveDate: string } | null {
  const date = coverage.cancellation?.effectiveDate;
  return date !== undefined && date > day ? { effectiveDate: date } : null;
}

/** What a view is read against: today, and for a renewal the renewed policy's status today when known. */
export interface ViewContext {
  today: string;
  previousPolicyStatus?: PolicyStatus | null;
}

/**
 * The term end as the policy states it. A cancellation shrinks the span, not the term, and the segment in
 * force at the cancellation may predate an endorsement that moved the term end: the term's last segment,
 * kept for reinstatement, carries the current value.
 */
function termEndDate(coverage: Coverage): Fmv1Date {
  const termSegments = coverage.cancellation?.restore ?? coverage.segments;
  return (termSegments[termSegments.length - 1]?.data ?? rootData(coverage)).policyEndDate as Fmv1Date;
}

/** Root fields every policy response carries, and list items summarise; the status is as of `today`. */
export function versionSummary(record: VersionRecord, today: string) {
  const data = rootData(record.coverage);
  const span = coveredSpan(record.coverage);
  return {
    policyNumber: data.policyNumber as string,
    policyStartDate: data.policyStartDate as Fmv1Date,
    policyEndDate: termEndDate(record.coverage),
    startDate: span.startDate,
    endDate: span.endDate,
    status: policyStatus(record.coverage, today),
    pendingCancellation: pendingCancellation(record.coverage, today),
    primaryInsuredName: (data.primaryInsuredName as string | null) ?? null,
    primaryInsuredId: (data.primaryInsuredId as string | null) ?? null,
    previousPolicy: (data.previousPolicy as string | undefined) ?? null,
  };
}

function summaryView(record: VersionRecord, view: ViewContext) {
  const data = rootData(record.coverage);
  return {
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    displayAuthor: record.displayAuthor,
    effectiveDate: record.effectiveDate,
    createdAt: record.createdAt,
    ...versionSummary(record, view.today),
    ...(view.previousPolicyStatus === undefined ? {} : { previousPolicyStatus: view.previousPolicyStatus }),
    fullTermPricingInfo: (data.fullTermPricingInfo ?? null) as FullTermPricingInfo,
    fullTermPolicyRatingResult: (data.fullTermPolicyRatingResult ?? null) as Record<string, number> | null,
  };
}

function fullView(record: VersionRecord, view: ViewContext) {
  const data = rootData(record.coverage);
  return {
    ...summaryView(record, view),
    crossSegmentRatingOutputs: (data.crossSegmentRatingOutputs ?? null) as Record<string, unknown> | null,
    segments: record.coverage.segments.map((s: Segment) => ({
      startDate: s.startDate,
      endDate: s.endDate,
      data: s.data,
    })),
  };
}

export type FullVersionView = ReturnType<typeof fullView>;

/** A version response: root fields, hoisted whole-term containers and, in full detail, the segments. */
export function versionView(record: VersionRecord, view: ViewContext): ReturnType<typeof fullView>;
export function versionView(
  record: VersionRecord,
  view: ViewContext,
  detail: "full" | "summary",
): ReturnType<typeof fullView> | ReturnType<typeof summaryView>;
export function versionView(record: VersionRecord, view: ViewContext, detail: "full" | "summary" = "full") {
  return detail === "full" ? fullView(record, view) : summaryView(record, view);
}

/**
 * A list item of the policy and version lists: the version's identity and the summary of its root fields
 * (a renewal's with its previous policy's status, as every read of a renewal names it).
 */
export function versionListItem(record: VersionRecord, view: ViewContext) {
  return {
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    effectiveDate: record.effectiveDate,
    createdAt: record.createdAt,
    summary: {
      ...versionSummary(record, view.today),
      ...(view.previousPolicyStatus === undefined ? {} : { previousPolicyStatus: view.previousPolicyStatus }),
    },
  };
}
