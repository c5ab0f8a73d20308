import {
  findLiveRenewal,
  findPolicyByNumber,
  insertPolicyStatement,
  insertVersionStatement,
  type PolicyHead,
} from "../../db/queries/policies";
import type { SubField } from "../../domain/configuration/document";
import { completeGroupValues } from "../../domain/entities/entry-lists";
import { sequenceText } from "../../domain/entities/sequence-text";
import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { pricedOf } from "../../domain/financials/priced";
import { completePolicyValues } from "../../domain/policies/derived-policy-values";
import { readPolicyData } from "../../domain/policies/policy-data";
import { planTransaction } from "../../domain/policies/transaction-plan";
import { renewalRefusal } from "../../domain/policies/transaction-rules";
import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { recordedStatus, rootData, type VersionRecord } from "../../domain/policies/version-view";
import { refusalError } from "../../errors/entity-refusals";
import {
  invalidPolicyData,
  planRefusalError,
  policyNumberTaken,
  readingError,
  renewalError,
} from "../../errors/policy-refusals";
import { isRecord, type JsonObject, ownValue } from "../../lib/json";
import { started } from "../../lib/started";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { type PreparedInvoicePlan, prepareInvoicePlan } from "../financials/invoice-plan";
import { refuseTransactionPlanAccess } from "../financials/transaction-invoice-plan";
import { currentPolicyRows } from "./kept-policies";
import { holdsPolicyWriteGroup, loadPolicyConfiguration } from "./policy-configuration";
import { enrichPolicyExposures, geocodePolicyAddresses, lockedPolicyExposures } from "./policy-exposures";
import { mintedPolicyNumber, type NumberPeek } from "./policy-number";
import { versionRow } from "./record-version";
import { checkTransactionTimestamp, unknownExposureIds } from "./transaction-checks";

/** A policy about to be written: its head and version 1, nothing stored yet. */
export interface NewPolicy {
  head: PolicyHead;
  record: VersionRecord;
}

/** What a bound quote hands on to its policy: its exposures and its values, compared at save as stored ones. */
export interface ContinuedValues {
  exposures: readonly unknown[];
  values: JsonObject;
}

/**
 * Reads and checks the data of new business or a renewal, then builds the new policy at version 1:
 * the policy number is kept when sent and minted when absent (from `numberPeek`, started beside the
 * operation's first reads), and each Sequence field takes its next value; `claims` takes them in the policy's
 * write batch where the company object knows where they stand (`runClaimingBatch`).
 */
export async function prepareNewPolicy(
  ctx: OperationContext,
  action: "NEW_BUSINESS" | "RENEW",
  request: StartPolicyRequest,
  numberPeek: NumberPeek | null,
  claims: SequenceClaims,
  continued: ContinuedValues | null = null,
): Promise<NewPolicy> {
  await refuseTransactionPlanAccess(ctx, request.invoicePlan);
  const configuration = await loadPolicyConfiguration(ctx);
  const reading = readPolicyData(
    request.data,
    { ...configuration, holdsWriteGroup: holdsPolicyWriteGroup(ctx.actor), now: ctx.now },
    { previousPolicy: action === "RENEW" ? "required" : "refused" },
  );
  // 403 first (interface, Authentication 7): locked policy fields, and locked exposure fields the list changes
  // against the one it continues (the renewed policy's, the bound quote's), before any 400 or 409.
  const stored = await continuedExposures(ctx, action, request.data, continued);
  const lockedExposures = lockedPolicyExposures(ctx, configuration, ownValue(request.data, "exposures"), stored);
  if (lockedExposures.length) {
    const lockedFields = !reading.ok && reading.kind === "write-group" ? reading.fields : [];
    throw refusalError({ kind: "write-group", fields: [...lockedFields, ...lockedExposures] });
  }
  if (!reading.ok) throw readingError(reading);
  const { termStart, termEnd } = reading.value;
  // The entries of its Group values derive their calculated sub-fields and computed defaults, as any save's.
  const written = Object.keys(reading.value.data);
  const groups = completeGroupValues(configuration.policyFields, reading.value.data, written, ctx.now);
  if (groups.problems.length) throw invalidPolicyData(groups.problems);
  const { data } = groups;
  await checkTransactionTimestamp(ctx, request.transactionTimestamp, null);
  const unknownIds = await unknownExposureIds(ctx, data.exposures);
  if (unknownIds.length) throw invalidPolicyData(unknownIds);
  const previous = await renewedPolicy(ctx, data, termStart.date);

  if (typeof data.policyNumber === "string" && (await findPolicyByNumber(ctx.db, ctx.companyId, data.policyNumber))) {
    throw policyNumberTaken(data.policyNumber);
  }
  if ("exposures" in data) {
    // A renewal's exposures continue the renewed policy's, a bound quote's the quote's (`continued`): each is
    // compared with the one at its position, so an unchanged address keeps its geocode. Prepared before any
    // number is taken, so neither a refused exposure nor a turn that ends for its geocoder lookups
    // (`GeocodeLookups`) uses one.
    // A value problem is the transaction's payload-shape failure (interface, Errors: 400 `InvalidPolicyData` on
    // new business and renewal); a bind's comes from its quote's stored exposures and keeps its own.
    const invalid = continued ? undefined : invalidPolicyData;
    data.exposures = await enrichPolicyExposures(ctx, configuration, data.exposures, stored, invalid);
  }
  // The policy's own AddressV2 values too, compared with the renewed policy's or the bound quote's values.
  const storedValues = previous ? rootData(previous.coverage) : (continued?.values ?? null);
  Object.assign(data, await geocodePolicyAddresses(ctx, configuration, data, storedValues));
  const policyNumber = await mintedPolicyNumber(ctx, data.policyNumber, numberPeek, claims);
  data.policyNumber = policyNumber;
  await assignSequences(data, configuration.policyFields, claims);
  // Then, as any record's save (sequences first), computed defaults for the fields left out and the Calculated
  // fields; a required field its default leaves empty is refused, like an entity create's (`finishValues`).
  const completed = completePolicyValues(configuration.policyFields, data, reading.value.defaults, ctx.now);
  if (completed.problems.length) throw invalidPolicyData(completed.problems);
  const plan = planTransaction(
    null,
    { action, data: completed.data, termStart: termStart.date, termEnd: termEnd.date },
    { ...configuration, now: ctx.now },
  );
  if (!plan.ok) throw planRefusalError(plan.refusal);
  const { coverage } = plan;
  const createdAt = ctx.now.toISOString();
  const record: VersionRecord = {
    policyId: crypto.randomUUID(),
    version: 1,
    action,
    transactionTimestamp: request.transactionTimestamp,
    displayAuthor: request.displayAuthor,
    effectiveDate: plan.effectiveDate,
    coverage,
    createdAt,
  };
  const head: PolicyHead = {
    id: record.policyId,
    companyId: ctx.companyId,
    policyNumber,
    currentVersion: 1,
    status: recordedStatus(coverage),
    previousPolicyId: previous?.policyId ?? null,
    termStart: coverage.termStart,
    termEnd: coverage.termEnd,
    createdAt,
    updatedAt: createdAt,
  };
  return { head, record };
}

/**
 * The exposures a new policy's list continues, matched by position: the renewed policy's (read here, before its
 * renewal rules; `renewedPolicy` reads the kept copy), a bound quote's, none for new business.
 */
async function continuedExposures(
  ctx: OperationContext,
  action: "NEW_BUSINESS" | "RENEW",
  raw: unknown,
  continued: ContinuedValues | null,
): Promise<unknown> {
  if (continued) return continued.exposures;
  const renewed = action === "RENEW" && isRecord(raw) ? raw.previousPolicy : undefined;
  if (typeof renewed !== "string" || !UUID.test(renewed)) return [];
  const previous = await currentPolicyRows(ctx, renewed.toLowerCase());
  return previous ? (rootData(previous.current.coverage).exposures ?? []) : [];
}

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * The policy a renewal renews, with its current coverage, once the renewal rules of CONTRACT section 4
 * hold (null for new business): it exists in the company, the renewal term starts on its term end, it
 * was not cancelled flat, and it has no live renewal yet (409 PolicyAlreadyRenewed).
 */
async function renewedPolicy(ctx: OperationContext, data: Record<string, unknown>, termStart: string) {
  if (typeof data.previousPolicy !== "string") return null;
  // Its live renewal is read beside it (one round trip; none for the policy the company object keeps).
  const liveRenewalRead = started(findLiveRenewal(ctx.db, ctx.companyId, data.previousPolicy));
  const previous = await currentPolicyRows(ctx, data.previousPolicy);
  if (!previous) throw invalidPolicyData([{ path: "previousPolicy", problem: "names no policy of this company" }]);
  const { head, current } = previous;
  const refusal = renewalRefusal({ previous: current.coverage, liveRenewal: await liveRenewalRead(), termStart });
  if (refusal) throw renewalError(refusal);
  return { policyId: head.id, coverage: current.coverage };
}

/** The statements that write a new policy: its head, then version 1. */
export function newPolicyStatements(ctx: OperationContext, policy: NewPolicy) {
  return [
    insertPolicyStatement(ctx.db, policy.head),
    insertVersionStatement(ctx.db, versionRow(ctx, policy.record, { deltas: null, before: null })),
  ] as const;
}

/**
 * The invoices a new policy starts with (CONTRACT sections 7.7 and 7.12): the plan checked against the new
 * version's written pricing, its statements for the policy's batch; null without a plan. The plan's access
 * was checked before anything else (`refuseTransactionPlanAccess`, or bind's own).
 */
export async function newPolicyInvoices(
  ctx: OperationContext,
  policy: NewPolicy,
  plan: InvoicePlan | undefined,
): Promise<PreparedInvoicePlan | null> {
  if (plan === undefined) return null;
  return prepareInvoicePlan(ctx, { policyId: policy.head.id, plan, priced: pricedOf(policy.record.coverage) });
}

/** Each Sequence field of the policy takes its next value, with the field's prefix and padding. */
async function assignSequences(data: Record<string, unknown>, policyFields: SubField[], claims: SequenceClaims) {
  for (const field of policyFields) {
    if (field.typeInfo.kind !== "Sequence") continue;
    const value = await claims.next(`policy.${field.referenceId}`);
    data[field.referenceId] = sequenceText(field.typeInfo, value);
  }
}
