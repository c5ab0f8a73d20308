import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findEntity } from "../../db/queries/entities";
import { PLATFORM_ACTOR } from "../context";
import { writeEvent } from "./write-event";

/**
 * Serialized in the company object (link and unlink run it there). Recomputes an event's derived values
 * after something they derive from changed outside the event's own writes (a relationship link or
 * unlink) and stores them when they moved. Returns the name, or null when the company has no such event.
 */
export async function refreshEventName(db: Database, companyId: string, eventId: string): Promise<string | null> {
  if (!(await findEntity(db, companyId, "event", eventId))) return null;
  const configuration = (await loadConfiguration(db, companyId)).document;
  const row = await writeEvent(
    { db, companyId, now: new Date(), actor: PLATFORM_ACTOR },
    { eventId, configuration, onlyWhenChanged: true, change: async (stored) => ({ values: stored.data }) },
  );
  return typeof row.data.eventName === "string" ? row.data.eventName : null;
}
