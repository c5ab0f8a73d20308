import type { Database } from "../../db/client";
import { findEntity } from "../../db/queries/entities";
import { linkedEntities } from "../../db/queries/relationships";
import type { ConfigurationDocument, Relationship } from "../../domain/configuration/document";
import type { EventNameParts } from "../../domain/events/event-name";

/** The key of the Event↔Person relationship (and of the event field) that names an event's claimant. */
const CLAIMANT = "claimant";

const joins = (relationship: Relationship, a: string, b: string) =>
  (relationship.from === a && relationship.to === b) || (relationship.from === b && relationship.to === a);

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

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
  const linked = keys.length ? await linkedEntities(db, companyId, eventId, keys) : [];

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
