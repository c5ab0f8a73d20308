import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { findEntity } from "../../db/queries/entities";
import { entities, relationshipLinks } from "../../db/schema";
import type { ConfigurationDocument, Relationship } from "../../domain/configuration/document";
import type { EventNameParts } from "../../domain/events/event-name";

/** The key of the Event↔Person relationship (and of the event field) that names an event's claimant. */
const CLAIMANT = "claimant";

const joins = (relationship: Relationship, a: string, b: string) =>
  (relationship.from === a && relationship.to === b) || (relationship.from === b && relationship.to === a);

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** Records linked to the event through the given relationships, either direction, in link order. */
function linkedRecords(db: Database, companyId: string, eventId: string, keys: string[]) {
  const otherEnd = sql`CASE WHEN ${relationshipLinks.fromId} = ${eventId} THEN ${relationshipLinks.toId} ELSE ${relationshipLinks.fromId} END`;
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
        inArray(relationshipLinks.relationshipKey, keys),
        or(eq(relationshipLinks.fromId, eventId), eq(relationshipLinks.toId, eventId)),
      ),
    )
    .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id));
}

/**
 * Reads what the event's derived name is made of: exposures linked through any configured Event↔Exposure
 * relationship, and the claimant linked through relationship `claimant` (Event↔Person), or else the
 * person a configured event field `claimant` holds. Only the company's own records count.
 */
export async function loadEventNameParts(
  db: Database,
  configuration: ConfigurationDocument,
  companyId: string,
  eventId: string,
  data: Record<string, unknown>,
): Promise<EventNameParts> {
  const exposureKeys = configuration.relationships.filter((r) => joins(r, "Event", "Exposure")).map((r) => r.key);
  const claimantLinked = configuration.relationships.some((r) => r.key === CLAIMANT && joins(r, "Event", "Person"));
  const keys = claimantLinked ? [...exposureKeys, CLAIMANT] : exposureKeys;
  const linked = keys.length ? await linkedRecords(db, companyId, eventId, keys) : [];

  const seen = new Set<string>();
  const exposureNames = linked
    .filter((r) => r.key !== CLAIMANT && r.entityType === "exposure" && !seen.has(r.id) && seen.add(r.id))
    .flatMap((r) => text(r.data.exposureName) ?? []);

  let claimant = linked.find((r) => r.key === CLAIMANT && r.entityType === "person")?.data ?? null;
  const claimantField = configuration.fieldDefinitions.some(
    (f) => f.entityType === "event" && f.referenceId === CLAIMANT,
  )
    ? text(data[CLAIMANT])
    : null;
  if (!claimant && claimantField) claimant = (await findEntity(db, companyId, "person", claimantField))?.data ?? null;

  return { claimantName: text(claimant?.name), exposureNames };
}
