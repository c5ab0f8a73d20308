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

/** The data at the end of the coverage: the root fields a version response hoists. */
export function rootData(coverage: Coverage): Record<string, unknown> {
  const segments = coverage.segments.length ? coverage.segments : (coverage.cancellation?.restore ?? []);
  return segments[segments.length - 1]?.data ?? {};
}

export function policyStatus(coverage: Coverage): "active" | "cancelled" {
  return coverage.cancellation ? "cancelled" : "active";
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

/** Root fields every policy response carries, and list items summarise. */
export function versionSummary(record: VersionRecord) {
  const data = rootData(record.coverage);
  const span = coveredSpan(record.coverage);
  return {
    policyNumber: data.policyNumber as string,
    policyStartDate: data.policyStartDate as Fmv1Date,
    policyEndDate: termEndDate(record.coverage),
    startDate: span.startDate,
    endDate: span.endDate,
    status: policyStatus(record.coverage),
    primaryInsuredName: (data.primaryInsuredName as string | null) ?? null,
    primaryInsuredId: (data.primaryInsuredId as string | null) ?? null,
    previousPolicy: (data.previousPolicy as string | undefined) ?? null,
  };
}

function summaryView(record: VersionRecord) {
  const data = rootData(record.coverage);
  return {
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    displayAuthor: record.displayAuthor,
    effectiveDate: record.effectiveDate,
    createdAt: record.createdAt,
    ...versionSummary(record),
    fullTermPricingInfo: (data.fullTermPricingInfo ?? null) as FullTermPricingInfo,
    fullTermPolicyRatingResult: (data.fullTermPolicyRatingResult ?? null) as Record<string, number> | null,
  };
}

function fullView(record: VersionRecord) {
  const data = rootData(record.coverage);
  return {
    ...summaryView(record),
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
export function versionView(record: VersionRecord): ReturnType<typeof fullView>;
export function versionView(
  record: VersionRecord,
  detail: "full" | "summary",
): ReturnType<typeof fullView> | ReturnType<typeof summaryView>;
export function versionView(record: VersionRecord, detail: "full" | "summary" = "full") {
  return detail === "full" ? fullView(record) : summaryView(record);
}

/** A list item of the policy and version lists: the version's identity and the summary of its root fields. */
export function versionListItem(record: VersionRecord) {
  return {
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    effectiveDate: record.effectiveDate,
    createdAt: record.createdAt,
    summary: versionSummary(record),
  };
}
