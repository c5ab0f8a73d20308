import { and, asc, count, eq, exists, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { attachmentWipeStatements } from "../db/queries/attachment-wipes";
import type { CompanyRow } from "../db/queries/companies";
import { companies, entities, policies, policyContacts, policyVersions, relationshipLinks } from "../db/schema";
import { allowsDestructiveChanges } from "../domain/company/lifecycle";
import { ApiError } from "../errors/api-error";

/**
 * `POST P/policies/deleteAll`: removes every policy of a Sandbox company with its versions, contacts
 * and every relationship link with a policy at either end (the `previousPolicy` renewal links among
 * them), in one atomic batch.
 *
 * Live references block it (409 `LiveReferencesExist`, nothing deleted). A live reference is:
 * - a quote or event record whose stored data has a top-level `policyId` equal to one of the
 *   company's policy ids (a bound quote names its policy there), or
 * - a relationship link between one of the company's policies and a quote or event record, either way.
 * Financial records referencing policies (invoices, ledger entries) do not exist in the service yet;
 * when they do, they join this rule.
 */

/** Quote and event records of the company: the records whose references keep policies alive. */
const REFERRING_TYPES = ["quote", "event"];

const policyIdsOf = (db: Database, companyId: string) =>
  db.select({ id: policies.id }).from(policies).where(eq(policies.companyId, companyId));

function referringRecords(companyId: string) {
  const records = alias(entities, "referring");
  return {
    records,
    where: and(
      eq(records.companyId, companyId),
      eq(records.kind, "entity"),
      inArray(records.entityType, REFERRING_TYPES),
    )!,
  };
}

/** Quote and event records naming a policy of the company in `data.policyId`. */
function dataReferences(db: Database, companyId: string) {
  const { records, where } = referringRecords(companyId);
  const condition = and(where, inArray(sql`json_extract(${records.data}, '$.policyId')`, policyIdsOf(db, companyId)))!;
  return { records, condition };
}

/** Links between a policy of the company and a quote or event record, in either direction. */
function linkReferences(db: Database, companyId: string) {
  const links = alias(relationshipLinks, "live");
  const policyIds = policyIdsOf(db, companyId);
  const { records, where } = referringRecords(companyId);
  const recordIds = db.select({ id: records.id }).from(records).where(where);
  const condition = and(
    eq(links.companyId, companyId),
    or(
      and(inArray(links.fromId, policyIds), inArray(links.toId, recordIds)),
      and(inArray(links.toId, policyIds), inArray(links.fromId, recordIds)),
    ),
  )!;
  return { links, condition };
}

function noLiveReference(db: Database, companyId: string): SQL {
  const data = dataReferences(db, companyId);
  const linked = linkReferences(db, companyId);
  return and(
    notExists(db.select({ one: sql`1` }).from(data.records).where(data.condition)),
    notExists(db.select({ one: sql`1` }).from(linked.links).where(linked.condition)),
  )!;
}

async function refuseLiveReferences(db: Database, companyId: string) {
  const data = dataReferences(db, companyId);
  const linked = linkReferences(db, companyId);
  const [byType, byRelationship] = await Promise.all([
    db
      .select({ entityType: data.records.entityType, n: count() })
      .from(data.records)
      .where(data.condition)
      .groupBy(data.records.entityType)
      .orderBy(asc(data.records.entityType)),
    db
      .select({ relationshipKey: linked.links.relationshipKey, n: count() })
      .from(linked.links)
      .where(linked.condition)
      .groupBy(linked.links.relationshipKey)
      .orderBy(asc(linked.links.relationshipKey)),
  ]);
  const found = [
    ...byType.map((r) => ({
      field: `${r.entityType}.policyId`,
      message: `${r.n} ${r.entityType} record${r.n === 1 ? "" : "s"} name${r.n === 1 ? "s" : ""} a policy in policyId`,
    })),
    ...byRelationship.map((r) => ({
      field: `relationships.${r.relationshipKey}`,
      message: `${r.n} link${r.n === 1 ? "" : "s"} tie${r.n === 1 ? "s" : ""} a policy to a quote or event`,
    })),
  ];
  if (!found.length) return;
  throw new ApiError({
    code: "LiveReferencesExist",
    message: `Cannot delete all policies while quotes or events reference them: ${found.map((f) => `${f.field} (${f.message})`).join("; ")}`,
    userMessages: ["Some quotes or events still reference policies. Remove those references (or those records) first."],
    details: found,
  });
}

function refuseUnlessSandbox(company: CompanyRow) {
  if (!allowsDestructiveChanges(company.lifecycle)) {
    throw new ApiError({
      code: "CompanyLifecycleRefused",
      message: `Deleting all policies is only available to Sandbox companies; this company is ${company.lifecycle}`,
    });
  }
}

/** Runs inside the company queue; returns the rows removed across policies, versions, contacts and links. */
export async function deleteAllPolicies(db: Database, company: CompanyRow): Promise<number> {
  const companyId = company.id;
  refuseUnlessSandbox(company);
  await refuseLiveReferences(db, companyId);

  // Every statement repeats the guards, so a wipe racing a lifecycle change or a new reference made
  // outside the queue deletes nothing rather than half. Children before parents.
  const stillSandbox = exists(
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
  );
  const guards = and(stillSandbox, noLiveReference(db, companyId));
  const policyIds = policyIdsOf(db, companyId);
  // Notes, tasks, folders, files and generated forms attached to policies go with them (counted apart).
  const attachments = attachmentWipeStatements(db, companyId, "policy", guards ?? sql`0`, new Date().toISOString());
  const results = await db.batch([
    ...attachments,
    db
      .delete(relationshipLinks)
      .where(
        and(
          eq(relationshipLinks.companyId, companyId),
          or(inArray(relationshipLinks.fromId, policyIds), inArray(relationshipLinks.toId, policyIds)),
          guards,
        ),
      ),
    db.delete(policyContacts).where(and(eq(policyContacts.companyId, companyId), guards)),
    db.delete(policyVersions).where(and(eq(policyVersions.companyId, companyId), guards)),
    db.delete(policies).where(and(eq(policies.companyId, companyId), guards)),
  ]);
  const rowsRemoved = results.slice(attachments.length).reduce((sum, result) => sum + result.meta.changes, 0);
  if (rowsRemoved === 0) {
    // Nothing left, or a guard stopped the batch: say which.
    const now = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (now[0]) refuseUnlessSandbox(now[0]);
    await refuseLiveReferences(db, companyId);
  }
  return rowsRemoved;
}
