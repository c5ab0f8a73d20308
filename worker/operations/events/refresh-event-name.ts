import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findEntity, updateEntityStatement } from "../../db/queries/entities";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { eventNameOf } from "../../domain/events/event-name";
import { ApiError } from "../../errors/api-error";
import { loadEventNameParts } from "./event-name-parts";

/** The name an event's stored values and current links give it. */
export async function currentEventName(
  db: Database,
  configuration: ConfigurationDocument,
  companyId: string,
  eventId: string,
  data: Record<string, unknown>,
): Promise<string> {
  return eventNameOf(
    eventId,
    data.userSetEventName,
    await loadEventNameParts(db, configuration, companyId, eventId, data),
  );
}

const MAX_ATTEMPTS = 3;

/**
 * Recomputes and stores an event's `eventName` after something it derives from changed outside the
 * event's own write (a relationship link or unlink); the event's own saves derive it in the same write. Writes only when the
 * name changes, under the row's version guard; retries when a concurrent write won the race.
 * Returns the name, or null when the company has no such event.
 */
export async function refreshEventName(db: Database, companyId: string, eventId: string): Promise<string | null> {
  const configuration = (await loadConfiguration(db, companyId)).document;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await findEntity(db, companyId, "event", eventId);
    if (!row) return null;
    const eventName = await currentEventName(db, configuration, companyId, eventId, row.data);
    if (row.data.eventName === eventName) return eventName;
    const written = await updateEntityStatement(
      db,
      { id: eventId, companyId, data: { ...row.data, eventName }, updatedAt: new Date().toISOString() },
      row.version,
    );
    if (written.length) return eventName;
  }
  throw new ApiError({
    code: "Conflict",
    message: "The event changed while its name was being refreshed; retry the request",
    userMessages: ["Someone else changed this event at the same moment. Please try again."],
  });
}
