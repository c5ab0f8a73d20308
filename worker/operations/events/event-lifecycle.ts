import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findEntity, updateEntityStatement } from "../../db/queries/entities";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import {
  applyTransition,
  type EventStatus,
  type HistoryEntry,
  lifecycleFields,
  storedHistory,
  type Transition,
} from "../../domain/events/open-close-history";
import { ApiError, notFound } from "../../errors/api-error";
import { transitionRefusalError } from "../../errors/event-refusals";
import { currentEventName } from "./refresh-event-name";

export interface EventStatusOutcome {
  eventId: string;
  eventStatus: EventStatus;
}

export interface EventHistoryOutcome extends EventStatusOutcome {
  eventOpenCloseHistory: HistoryEntry[];
}

const MAX_ATTEMPTS = 3;

/**
 * Replaces an event's log with the one `nextHistory` computes from the stored values, and in the same
 * single-row write its status, lifecycle dates and recomputed name. Runs inside the company object's
 * queue; the version guard is the backstop against writers outside it (generic updates), which makes
 * the read-compute-write start over.
 */
async function rewriteHistory(
  db: Database,
  companyId: string,
  eventId: string,
  nextHistory: (stored: Record<string, unknown>) => HistoryEntry[],
) {
  const configuration = (await loadConfiguration(db, companyId)).document;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await findEntity(db, companyId, "event", eventId);
    if (!row) throw notFound();
    const fields = lifecycleFields(nextHistory(row.data));
    const data: Record<string, unknown> = { ...row.data, ...fields };
    data.eventName = await currentEventName(db, configuration, companyId, eventId, data);
    const written = await updateEntityStatement(
      db,
      { id: eventId, companyId, data, updatedAt: new Date().toISOString() },
      row.version,
    );
    if (written.length) return fields;
  }
  throw new ApiError({
    code: "Conflict",
    message: "The event changed while it was being updated; retry the request",
    userMessages: ["Someone else changed this event at the same moment. Please try again."],
  });
}

/** Close or reopen: checks the status and the date against the stored log, then appends one entry. */
export async function transitionEvent(
  db: Database,
  companyId: string,
  eventId: string,
  transition: Transition,
  date: Fmv1Date,
): Promise<EventStatusOutcome> {
  const { eventStatus } = await rewriteHistory(db, companyId, eventId, (stored) => {
    const result = applyTransition(stored.eventStatus, storedHistory(stored.eventOpenCloseHistory), transition, date);
    if (!result.ok) throw transitionRefusalError(result.refusal);
    return result.history;
  });
  return { eventId, eventStatus };
}

/** Replaces the whole log with entries already checked by `replacementProblems`. */
export async function replaceEventHistory(
  db: Database,
  companyId: string,
  eventId: string,
  entries: HistoryEntry[],
): Promise<EventHistoryOutcome> {
  const { eventStatus, eventOpenCloseHistory } = await rewriteHistory(db, companyId, eventId, () => entries);
  return { eventId, eventStatus, eventOpenCloseHistory: [...eventOpenCloseHistory] };
}
