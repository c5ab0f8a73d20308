import { and, asc, count, eq, exists, inArray, notExists, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CardinalityLimits } from "../../domain/relationships/cardinality";
import type { RelationshipEnd } from "../../domain/relationships/ends";
import type { Database } from "../client";
import { companies, companyConfigurations, entities, policies, policyContacts, relationshipLinks } from "../schema";
import { attachmentWipeStatements } from "./attachment-wipes";
import { guardedReceiptStatement, type ReceiptRow } from "./audit-log";
import { noFinancialReference } from "./financial-wipe";
import { inList } from "./in-list";
import { lifecycleWipeGuard, lifecycleWipeStatements } from "./lifecycle-wipe";

export type LinkRow = typeof relationshipLinks.$inferSelect;

/** `and` of conditions that are all present (drizzle types `and` as possibly empty). */
const allOf = (first: SQL, ...rest: SQL[]): SQL => and(first, ...rest) ?? first;

/** Records of one type in `entities`: an entity type or a custom object type. */
export interface StoredType {
  kind: "entity" | "customObject";
  entityType: string;
}

export function storedTypeOf(end: RelationshipEnd): StoredType | null {
  if (end.kind === "entity") return { kind: "entity", entityType: end.entityType };
  if (end.kind === "customObject") return { kind: "customObject", entityType: end.key };
  return null;
}

const idsOfType = (db: Database, companyId: string, type: StoredType) =>
  db
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(eq(entities.companyId, companyId), eq(entities.kind, type.kind), eq(entities.entityType, type.entityType)),
    );

/** SQL that holds when `id` is a record of the end's type in the company (another company's id never is). */
function endExistsCondition(db: Database, companyId: string, end: RelationshipEnd, id: string): SQL {
  const stored = storedTypeOf(end);
  if (stored) {
    const ofType = and(
      eq(entities.id, id),
      eq(entities.companyId, companyId),
      eq(entities.kind, stored.kind),
      eq(entities.entityType, stored.entityType),
    );
    return exists(db.select({ one: sql`1` }).from(entities).where(ofType));
  }
  // Policy ends are policy heads, stored outside `entities`.
  return exists(
    db
      .select({ one: sql`1` })
      .from(policies)
      .where(and(eq(policies.id, id), eq(policies.companyId, companyId))),
  );
}

export async function endExists(db: Database, companyId: string, end: RelationshipEnd, id: string): Promise<boolean> {
  const row = await db.get<{ ok: number }>(sql`SELECT ${endExistsCondition(db, companyId, end, id)} AS ok`);
  return row?.ok === 1;
}

export interface LinkGuard {
  from: RelationshipEnd;
  to: RelationshipEnd;
  limits: CardinalityLimits;
}

/**
 * Inserts the link only if both ends exist with the declared types, the pair is not linked yet and the
 * cardinality leaves room: one guarded `INSERT ... SELECT ... WHERE` statement, so concurrent links
 * cannot both pass the check. Returns the row, or null when a guard refused it.
 */
export async function insertLinkIfAllowed(db: Database, link: LinkRow, guard: LinkGuard): Promise<LinkRow | null> {
  const existing = alias(relationshipLinks, "existing");
  const taken = or(
    and(eq(existing.fromId, link.fromId), eq(existing.toId, link.toId)),
    guard.limits.onePerFrom ? eq(existing.fromId, link.fromId) : undefined,
    guard.limits.onePerTo ? eq(existing.toId, link.toId) : undefined,
  );
  const conflicting = db
    .select({ one: sql`1` })
    .from(existing)
    .where(and(eq(existing.companyId, link.companyId), eq(existing.relationshipKey, link.relationshipKey), taken));
  const allowed = and(
    endExistsCondition(db, link.companyId, guard.from, link.fromId),
    endExistsCondition(db, link.companyId, guard.to, link.toId),
    notExists(conflicting),
  );
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  const values = [link.id, link.companyId, link.relationshipKey, link.fromId, link.toId, link.createdAt].map(
    (value) => sql`${value}`,
  );
  const rows = await db
    .insert(relationshipLinks)
    .select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${allowed}`)
    .returning();
  return rows[0] ?? null;
}

/**
 * Entity records linked to `recordId` through the given relationships, in either direction, in link
 * order (oldest first); only the company's own entity records count.
 */
export function linkedEntities(db: Database, companyId: string, recordId: string, relationshipKeys: string[]) {
  const { fromId, toId } = relationshipLinks;
  const otherEnd = sql`CASE WHEN ${fromId} = ${recordId} THEN ${toId} ELSE ${fromId} END`;
  return db
    .select({
      key: relationshipLinks.relationshipKey,
      id: entities.id,
      entityType: entities.entityType,
      data: entities.data,
    })
    .from(relationshipLinks)
    .innerJoin(
      entities,
      and(eq(entities.companyId, relationshipLinks.companyId), eq(entities.kind, "entity"), eq(entities.id, otherEnd)),
    )
    .where(
      and(
        eq(relationshipLinks.companyId, companyId),
        inList(relationshipLinks.relationshipKey, relationshipKeys),
        or(eq(relationshipLinks.fromId, recordId), eq(relationshipLinks.toId, recordId)),
      ),
    )
    .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id));
}

const inRelationship = (companyId: string, relationshipKey: string) =>
  and(eq(relationshipLinks.companyId, companyId), eq(relationshipLinks.relationshipKey, relationshipKey));

async function firstLink(db: Database, where: SQL | undefined): Promise<LinkRow | null> {
  const rows = await db
    .select()
    .from(relationshipLinks)
    .where(where)
    .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id))
    .limit(1);
  return rows[0] ?? null;
}

export function findLink(db: Database, companyId: string, relationshipKey: string, id: string) {
  return firstLink(db, and(inRelationship(companyId, relationshipKey), eq(relationshipLinks.id, id)));
}

export function findLinkByPair(db: Database, companyId: string, relationshipKey: string, fromId: string, toId: string) {
  return firstLink(
    db,
    and(
      inRelationship(companyId, relationshipKey),
      eq(relationshipLinks.fromId, fromId),
      eq(relationshipLinks.toId, toId),
    ),
  );
}

/** A link of the relationship starting at `fromId` (or ending at `toId`), whichever is given. */
export function findLinkAt(
  db: Database,
  companyId: string,
  relationshipKey: string,
  at: { fromId: string } | { toId: string },
) {
  const where = "fromId" in at ? eq(relationshipLinks.fromId, at.fromId) : eq(relationshipLinks.toId, at.toId);
  return firstLink(db, and(inRelationship(companyId, relationshipKey), where));
}

export async function listLinks(
  db: Database,
  companyId: string,
  relationshipKey: string,
  filter: { fromId?: string; toId?: string },
  limit: number,
  offset: number,
) {
  const where = and(
    inRelationship(companyId, relationshipKey),
    filter.fromId ? eq(relationshipLinks.fromId, filter.fromId) : undefined,
    filter.toId ? eq(relationshipLinks.toId, filter.toId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(relationshipLinks)
      .where(where)
      .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(relationshipLinks).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

/**
 * Removes every link of the given relationships, unexecuted (for a batch), while `guard` holds: a forced
 * configuration import removes the links of a relationship it removes or redefines in its own write.
 */
export function deleteLinksOfStatement(
  db: Database,
  companyId: string,
  relationshipKeys: readonly string[],
  guard: SQL,
) {
  return db
    .delete(relationshipLinks)
    .where(
      and(
        eq(relationshipLinks.companyId, companyId),
        inList(relationshipLinks.relationshipKey, relationshipKeys),
        guard,
      ),
    );
}

/** Removes one link; returns the removed row, or null when it was not there (already gone, or another company's). */
export async function deleteLink(
  db: Database,
  companyId: string,
  relationshipKey: string,
  id: string,
): Promise<LinkRow | null> {
  const rows = await db
    .delete(relationshipLinks)
    .where(and(inRelationship(companyId, relationshipKey), eq(relationshipLinks.id, id)))
    .returning();
  return rows[0] ?? null;
}

// Wipes of one record type (`POST P/entities/{entityType}/deleteAll`) take the type's links with them,
// so the live-reference rule and the wipe statements live beside the links.

/** Links with exactly one end among the type's records: removing the records would strand the other end. */
type LinkColumns = Record<"companyId" | "relationshipKey" | "fromId" | "toId", SQLiteColumn>;

/**
 * The relationship keys the company's stored configuration declares, as a subquery. A link whose key is
 * not among them belongs to no relationship any more (left by a removal before forced imports took the
 * links with them): it ties nothing, so it never blocks a wipe, and the wipe removes it.
 */
const configuredRelationshipKeys = (companyId: string) =>
  sql`(SELECT json_extract(r.value, '$.key') FROM ${companyConfigurations}, json_each(${companyConfigurations.document}, '$.relationships') AS r WHERE ${companyConfigurations.companyId} = ${companyId})`;

function liveLinksCondition(
  db: Database,
  companyId: string,
  type: StoredType,
  links: LinkColumns = relationshipLinks,
): SQL {
  const ids = idsOfType(db, companyId, type);
  return allOf(
    eq(links.companyId, companyId),
    sql`${links.relationshipKey} IN ${configuredRelationshipKeys(companyId)}`,
    or(
      and(inArray(links.fromId, ids), notInArray(links.toId, ids)),
      and(inArray(links.toId, ids), notInArray(links.fromId, ids)),
    ) ?? sql`0`,
  );
}

/** Persons are also referenced by policy contacts (unversioned associations); other types are not. */
const POLICY_CONTACTS_KEY = "policyContacts";
const referencedByContacts = (type: StoredType) => type.kind === "entity" && type.entityType === "person";

/**
 * Live references per relationship: how many links tie records of the type to records of other types,
 * plus, for persons, the policy contacts that name them (reported under `policyContacts`).
 */
export async function liveReferenceCounts(db: Database, companyId: string, type: StoredType) {
  const links = await db
    .select({ relationshipKey: relationshipLinks.relationshipKey, links: count() })
    .from(relationshipLinks)
    .where(liveLinksCondition(db, companyId, type))
    .groupBy(relationshipLinks.relationshipKey)
    .orderBy(asc(relationshipLinks.relationshipKey));
  if (!referencedByContacts(type)) return links;
  const [contacts] = await db
    .select({ links: count() })
    .from(policyContacts)
    .where(eq(policyContacts.companyId, companyId));
  return contacts && contacts.links > 0
    ? [...links, { relationshipKey: POLICY_CONTACTS_KEY, links: contacts.links }]
    : links;
}

/**
 * One atomic batch that removes the type's records, their links and what is attached to them (the
 * attached files' stored objects queued for purge), with its audit receipt. Every statement repeats the
 * guards (still Sandbox, no live reference) so a wipe racing a lifecycle change, a reset or a new link
 * deletes nothing rather than half. Returns how many records it removed.
 */
export async function wipeRecordsOfType(
  db: Database,
  companyId: string,
  type: StoredType,
  receipt: ReceiptRow,
): Promise<number> {
  const stillSandbox = exists(
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
  );
  const live = alias(relationshipLinks, "live");
  const noLinks = notExists(
    db
      .select({ one: sql`1` })
      .from(live)
      .where(liveLinksCondition(db, companyId, type, live)),
  );
  const noContacts = notExists(
    db.select({ one: sql`1` }).from(policyContacts).where(eq(policyContacts.companyId, companyId)),
  );
  const noFinancial = noFinancialReference(db, companyId, type.kind === "entity" ? type.entityType : "");
  const linkGuard = allOf(referencedByContacts(type) ? allOf(noLinks, noContacts) : noLinks, noFinancial);
  const entityType = type.kind === "entity" ? type.entityType : "";
  const lifecycleGuard = lifecycleWipeGuard(db, companyId, entityType);
  const noLiveReference = lifecycleGuard ? allOf(linkGuard, lifecycleGuard) : linkGuard;
  const lifecycleRecords = lifecycleWipeStatements(db, companyId, entityType, (where) =>
    allOf(where, stillSandbox, noLiveReference),
  );
  const ids = idsOfType(db, companyId, type);
  const removeLinks = db
    .delete(relationshipLinks)
    .where(
      and(
        eq(relationshipLinks.companyId, companyId),
        or(inArray(relationshipLinks.fromId, ids), inArray(relationshipLinks.toId, ids)),
        stillSandbox,
        noLiveReference,
      ),
    );
  const removeRecords = db
    .delete(entities)
    .where(
      and(
        eq(entities.companyId, companyId),
        eq(entities.kind, type.kind),
        eq(entities.entityType, type.entityType),
        stillSandbox,
        noLiveReference,
      ),
    );
  // The receipt goes first, counting the records the batch is about to remove, under the same guards.
  const toRemove = db
    .select({ n: count() })
    .from(entities)
    .where(
      and(eq(entities.companyId, companyId), eq(entities.kind, type.kind), eq(entities.entityType, type.entityType)),
    );
  const detail = sql`json_object('entityType', ${type.entityType}, 'rowsRemoved', (${toRemove}))`;
  const guards = allOf(stillSandbox, noLiveReference);
  const writeReceipt = guardedReceiptStatement(db, receipt, detail, guards);
  // What is attached to entity records (notes, tasks, folders, files, generated forms) goes with them.
  const attachments =
    type.kind === "entity" ? attachmentWipeStatements(db, companyId, type.entityType, guards, receipt.createdAt) : [];
  const results = await db.batch([writeReceipt, removeLinks, ...attachments, removeRecords, ...lifecycleRecords]);
  return (results[2 + attachments.length] as D1Result).meta.changes;
}
