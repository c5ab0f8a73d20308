import { and, asc, count, eq, exists, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { companies, entities, policies, policyContacts, policyVersions, relationshipLinks } from "../schema";
import { attachmentWipeStatements } from "./attachment-wipes";
import { guardedReceiptStatement, type ReceiptRow } from "./audit-log";
import { policyInvoices } from "./financial-wipe";
import { countBoundQuotes, noBoundQuote } from "./quotes";

/**
 * The statements of `POST P/policies/deleteAll`. A live reference to a policy is a quote or event record
 * whose data names it in a top-level `policyId`, a relationship link between it and a quote or event
 * record, either way, a quote bound to it (CONTRACT 5.3, Wipes), or an invoice of the policy (CONTRACT
 * section 7.9: financial records name it until `financials/deleteAll`).
 */

/** Quote and event records of the company: the records whose references keep policies alive. */
const REFERRING_TYPES = ["quote", "event"];

/** `(a and b ...)` and `(a or b ...)`, as drizzle's `and`/`or` write them, never undefined. */
const allOf = (...conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` and `)})`;
const anyOf = (...conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` or `)})`;

const policyIdsOf = (db: Database, companyId: string) =>
  db.select({ id: policies.id }).from(policies).where(eq(policies.companyId, companyId));

function referringRecords(companyId: string) {
  const records = alias(entities, "referring");
  const where = allOf(
    eq(records.companyId, companyId),
    eq(records.kind, "entity"),
    inArray(records.entityType, REFERRING_TYPES),
  );
  return { records, where };
}

/** Quote and event records naming a policy of the company in `data.policyId`. */
function dataReferences(db: Database, companyId: string) {
  const { records, where } = referringRecords(companyId);
  const named = inArray(sql`json_extract(${records.data}, '$.policyId')`, policyIdsOf(db, companyId));
  return { records, condition: allOf(where, named) };
}

/** Links between a policy of the company and a quote or event record, in either direction. */
function linkReferences(db: Database, companyId: string) {
  const links = alias(relationshipLinks, "live");
  const policyIds = policyIdsOf(db, companyId);
  const { records, where } = referringRecords(companyId);
  const recordIds = db.select({ id: records.id }).from(records).where(where);
  const condition = allOf(
    eq(links.companyId, companyId),
    anyOf(
      allOf(inArray(links.fromId, policyIds), inArray(links.toId, recordIds)),
      allOf(inArray(links.toId, policyIds), inArray(links.fromId, recordIds)),
    ),
  );
  return { links, condition };
}

/** Holds while no live reference to any policy of the company exists. */
export function noLiveReference(db: Database, companyId: string): SQL {
  const data = dataReferences(db, companyId);
  const linked = linkReferences(db, companyId);
  return allOf(
    notExists(db.select({ one: sql`1` }).from(data.records).where(data.condition)),
    notExists(db.select({ one: sql`1` }).from(linked.links).where(linked.condition)),
    noBoundQuote(db, companyId),
    notExists(policyInvoices(db, companyId)),
  );
}

/**
 * Live references by referring type (`invoice` for the invoices of policies) and by relationship, each
 * with a count (empty when there are none).
 */
export async function countLiveReferences(db: Database, companyId: string) {
  const data = dataReferences(db, companyId);
  const linked = linkReferences(db, companyId);
  const [recordTypes, byRelationship, boundQuotes, [invoiceCount]] = await Promise.all([
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
    countBoundQuotes(db, companyId),
    db.select({ n: count() }).from(policyInvoices(db, companyId).as("policy_invoices")),
  ]);
  const invoices = invoiceCount?.n ? [{ entityType: "invoice", n: invoiceCount.n }] : [];
  return { byType: [...recordTypes, ...invoices], byRelationship, boundQuotes };
}

/**
 * Deletes every policy of the company with its versions, contacts and every relationship link with a
 * policy at either end, children before parents, and first what is attached to policies (notes, tasks,
 * folders, files with their stored objects queued for purge, generated forms). Every statement repeats
 * the guards (still Sandbox, no live reference), so a wipe racing a lifecycle change or a new reference
 * deletes nothing rather than half. `policyRows` are the statements whose changes count as rows removed;
 * `writeReceipt` goes first, counting those rows under the same guards, as entity wipes do.
 */
export function deleteAllPoliciesStatements(db: Database, companyId: string, receipt: ReceiptRow) {
  const stillSandbox = exists(
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
  );
  const guards = allOf(stillSandbox, noLiveReference(db, companyId));
  const policyIds = policyIdsOf(db, companyId);
  const attachments = attachmentWipeStatements(db, companyId, "policy", guards, receipt.createdAt);
  const policyLinks = and(
    eq(relationshipLinks.companyId, companyId),
    or(inArray(relationshipLinks.fromId, policyIds), inArray(relationshipLinks.toId, policyIds)),
  );
  // Children before parents; each row's condition serves its delete and the receipt's count alike.
  const removed = [
    { table: relationshipLinks, where: policyLinks },
    { table: policyContacts, where: eq(policyContacts.companyId, companyId) },
    { table: policyVersions, where: eq(policyVersions.companyId, companyId) },
    { table: policies, where: eq(policies.companyId, companyId) },
  ];
  const policyRows = removed.map(({ table, where }) => db.delete(table).where(and(where, guards)));
  const toRemove = sql.join(
    removed.map(({ table, where }) => sql`(${db.select({ n: count() }).from(table).where(where)})`),
    sql` + `,
  );
  const writeReceipt = guardedReceiptStatement(db, receipt, sql`json_object('rowsRemoved', ${toRemove})`, guards);
  return { writeReceipt, attachments, policyRows };
}
