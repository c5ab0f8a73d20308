import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { nextSequenceValue } from "../../db/queries/entities";
import { findPolicyByNumber, findPolicyHead, findVersion, versionRecord } from "../../db/queries/policies";
import { policies, policyVersions, relationshipLinks } from "../../db/schema";
import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import { Grants } from "../../domain/access/roles";
import type { ConfigurationDocument, SubField } from "../../domain/configuration/document";
import type { PolicyAction } from "../../domain/policies/actions";
import { planDeltas } from "../../domain/policies/deltas";
import { type PolicyDataReading, readPolicyData } from "../../domain/policies/policy-data";
import { primaryInsuredOf } from "../../domain/policies/primary-insured";
import {
  type Coverage,
  CoverageError,
  cancel,
  coveredSpan,
  endorse,
  newCoverage,
  reinstate,
} from "../../domain/policies/segments";
import type { TransactionActor, TransactionRequest } from "../../domain/policies/transactions";
import {
  type FullVersionView,
  policyStatus,
  type VersionRecord,
  versionView,
} from "../../domain/policies/version-view";
import { ApiError, notFound } from "../../errors/api-error";
import { invalidData, refusalError } from "../../errors/entity-refusals";

export type PolicyVersionView = FullVersionView;
type VersionView = PolicyVersionView;

const POLICY_NUMBER_SEQUENCE = "policy.policyNumber";

function invalidPolicyData(problems: Array<{ path: string; problem: string }>): ApiError {
  const base = invalidData(problems);
  return new ApiError({
    code: "InvalidPolicyData",
    message: base.message.replace(/^Invalid field data/, "Invalid policy data"),
    userMessages: base.userMessages,
    details: base.details,
  });
}

function invalidDelta(problems: Array<{ path: string; problem: string }>): ApiError {
  return new ApiError({
    code: "InvalidDelta",
    message: `Invalid endorsement deltas: ${problems.map((p) => `${p.path} ${p.problem}`).join("; ")}`,
    userMessages: problems.map((p) => `The change to ${p.path.replace(/^policy\./, "")} ${p.problem}.`),
    details: problems.map((p) => ({ field: p.path, message: p.problem })),
  });
}

function readingError(reading: Exclude<PolicyDataReading, { ok: true }>): ApiError {
  if (reading.kind === "invalid") return invalidPolicyData(reading.problems);
  return refusalError(reading);
}

function coverageError(error: CoverageError): ApiError {
  if (error.kind === "state") {
    return new ApiError({
      code: "InvalidPolicyTransition",
      message: error.message,
      details: [{ field: error.field, message: error.message }],
    });
  }
  return invalidPolicyData([{ path: error.field, problem: error.message.replace(new RegExp(`^${error.field} `), "") }]);
}

function holdsPolicyGroup(actor: TransactionActor) {
  const grants = new Grants(actor.roles, actor.permissions);
  return (group: string) => grants.has(fieldWriteGroupPermission("policy", group));
}

const fieldsOf = (configuration: ConfigurationDocument, type: string) =>
  configuration.fieldDefinitions.filter((f) => f.entityType === type);

/** Every segment carries its own resolved primary insured (interface: resolved per segment). */
function withPrimaryInsured(coverage: Coverage, policyFields: readonly SubField[], now: Date): Coverage {
  const resolve = (segments: Coverage["segments"]) =>
    segments.map((s) => ({ ...s, data: { ...s.data, ...primaryInsuredOf(s.data, policyFields, now) } }));
  return {
    ...coverage,
    segments: resolve(coverage.segments),
    cancellation: coverage.cancellation
      ? { ...coverage.cancellation, restore: resolve(coverage.cancellation.restore) }
      : null,
  };
}

/**
 * Runs one policy transaction inside the company object: read the current version, compute the next,
 * commit both rows in one batch. The unique (policy, version) index is the backstop should anything
 * bypass the object's queue: a second writer of the same version fails and writes nothing.
 */
export async function runPolicyTransaction(
  db: Database,
  companyId: string,
  request: TransactionRequest,
  actor: TransactionActor,
): Promise<VersionView> {
  const configuration = (await loadConfiguration(db, companyId)).document;
  const now = new Date();
  try {
    if (request.action === "NEW_BUSINESS" || request.action === "RENEW")
      return await startPolicy(db, companyId, request, actor, configuration, now);
    return await changePolicy(db, companyId, request, actor, configuration, now);
  } catch (error) {
    if (error instanceof CoverageError) throw coverageError(error);
    throw error;
  }
}

async function startPolicy(
  db: Database,
  companyId: string,
  request: Extract<TransactionRequest, { action: "NEW_BUSINESS" | "RENEW" }>,
  actor: TransactionActor,
  configuration: ConfigurationDocument,
  now: Date,
): Promise<VersionView> {
  const policyFields = fieldsOf(configuration, "policy");
  const reading = readPolicyData(
    request.data,
    {
      policyFields,
      exposureFields: fieldsOf(configuration, "exposure"),
      optionSets: configuration.optionSets,
      holdsWriteGroup: holdsPolicyGroup(actor),
    },
    { previousPolicy: request.action === "RENEW" ? "required" : "refused" },
  );
  if (!reading.ok) throw readingError(reading);
  const { data, termStart, termEnd } = reading.value;

  if (request.action === "RENEW" && !(await findPolicyHead(db, companyId, data.previousPolicy as string))) {
    throw invalidPolicyData([{ path: "previousPolicy", problem: "names no policy of this company" }]);
  }
  if (typeof data.policyNumber === "string" && (await findPolicyByNumber(db, companyId, data.policyNumber))) {
    throw new ApiError({
      code: "PolicyNumberTaken",
      message: `Policy number ${data.policyNumber} is already in use`,
      details: [{ field: "policyNumber", message: "is already in use" }],
    });
  }
  data.policyNumber ??= await mintPolicyNumber(db, companyId);
  for (const field of policyFields.filter((f) => f.typeInfo.kind === "Sequence")) {
    const value = await nextSequenceValue(db, companyId, `policy.${field.referenceId}`);
    data[field.referenceId] =
      `${field.typeInfo.prefix ?? ""}${String(value).padStart(field.typeInfo.padding ?? 0, "0")}`;
  }

  const coverage = withPrimaryInsured(newCoverage(termStart.date, termEnd.date, data), policyFields, now);
  const record: VersionRecord = {
    policyId: crypto.randomUUID(),
    version: 1,
    action: request.action,
    transactionTimestamp: request.transactionTimestamp,
    displayAuthor: request.displayAuthor,
    effectiveDate: termStart.date,
    coverage,
    createdAt: now.toISOString(),
  };
  const head = {
    id: record.policyId,
    companyId,
    policyNumber: data.policyNumber as string,
    currentVersion: 1,
    status: "active" as const,
    previousPolicyId: (data.previousPolicy as string | undefined) ?? null,
    termStart: termStart.date,
    termEnd: termEnd.date,
    createdAt: record.createdAt,
    updatedAt: record.createdAt,
  };
  const statements = [db.insert(policies).values(head), insertVersion(db, companyId, record, actor)] as const;
  if (request.action === "RENEW") {
    // Stored as the relationship Policy<N:1:previousPolicy>Policy.
    const link = db.insert(relationshipLinks).values({
      id: crypto.randomUUID(),
      companyId,
      relationshipKey: "previousPolicy",
      fromId: record.policyId,
      toId: head.previousPolicyId!,
      createdAt: record.createdAt,
    });
    await db.batch([...statements, link]);
  } else {
    await db.batch(statements);
  }
  return versionView(record);
}

/** The next free `POL-000001`-style number: a book brought over may already hold numbers of that form. */
async function mintPolicyNumber(db: Database, companyId: string): Promise<string> {
  for (;;) {
    const minted = `POL-${String(await nextSequenceValue(db, companyId, POLICY_NUMBER_SEQUENCE)).padStart(6, "0")}`;
    if (!(await findPolicyByNumber(db, companyId, minted))) return minted;
  }
}

function insertVersion(db: Database, companyId: string, record: VersionRecord, actor: TransactionActor) {
  const span = coveredSpan(record.coverage);
  return db.insert(policyVersions).values({
    id: crypto.randomUUID(),
    companyId,
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    displayAuthor: record.displayAuthor,
    effectiveDate: record.effectiveDate,
    ...span,
    coverage: record.coverage,
    createdAt: record.createdAt,
    createdBy: actor.keyId,
  });
}

async function changePolicy(
  db: Database,
  companyId: string,
  request: Extract<TransactionRequest, { action: "ENDORSE" | "CANCEL" | "REINSTATE" }>,
  actor: TransactionActor,
  configuration: ConfigurationDocument,
  now: Date,
): Promise<VersionView> {
  const head = await findPolicyHead(db, companyId, request.policyId);
  if (!head) throw notFound();
  const current = await findVersion(db, companyId, head.id, head.currentVersion);
  if (!current) throw new Error(`policy ${head.id} has no row for its current version ${head.currentVersion}`);
  const policyFields = fieldsOf(configuration, "policy");

  let coverage: Coverage;
  let effectiveDate: string;
  if (request.action === "ENDORSE") {
    const plan = planDeltas(request.deltas, {
      policyFields,
      exposureFields: fieldsOf(configuration, "exposure"),
      optionSets: configuration.optionSets,
    });
    if (!plan.ok) throw invalidDelta(plan.problems);
    const locked = request.deltas
      .map((d) => d.path.split(".")[1]!)
      .filter((ref) => {
        const group = policyFields.find((f) => f.referenceId === ref)?.writePermission;
        return group && !holdsPolicyGroup(actor)(group);
      });
    if (locked.length)
      throw refusalError({
        kind: "write-group",
        fields: locked.map((referenceId) => ({
          referenceId,
          group: policyFields.find((f) => f.referenceId === referenceId)!.writePermission!,
        })),
      });
    effectiveDate = request.effectiveDate.date;
    let appliedProblems: Array<{ path: string; problem: string }> = [];
    coverage = endorse(
      current.coverage,
      effectiveDate,
      (data) => {
        const changed = plan.apply(data);
        if (!changed.ok) {
          appliedProblems = changed.problems;
          return data;
        }
        return changed.data;
      },
      plan.termEnd ?? current.coverage.termEnd,
    );
    if (appliedProblems.length) throw invalidDelta(appliedProblems);
  } else if (request.action === "CANCEL") {
    effectiveDate = request.effectiveDate.date;
    coverage = cancel(current.coverage, effectiveDate);
  } else {
    effectiveDate = current.coverage.cancellation?.effectiveDate ?? current.effectiveDate;
    coverage = reinstate(current.coverage);
  }
  coverage = withPrimaryInsured(coverage, policyFields, now);

  const record: VersionRecord = {
    policyId: head.id,
    version: head.currentVersion + 1,
    action: request.action as PolicyAction,
    transactionTimestamp: request.transactionTimestamp,
    displayAuthor: request.displayAuthor,
    effectiveDate,
    coverage,
    createdAt: now.toISOString(),
  };
  await db.batch([
    insertVersion(db, companyId, record, actor),
    db
      .update(policies)
      .set({
        currentVersion: record.version,
        status: policyStatus(coverage),
        termEnd: coverage.termEnd,
        updatedAt: record.createdAt,
      })
      .where(and(eq(policies.id, head.id), eq(policies.currentVersion, head.currentVersion))),
  ]);
  return versionView(record);
}
