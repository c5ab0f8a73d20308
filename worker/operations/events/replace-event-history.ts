import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { readHistory } from "../../domain/entities/platform-values";
import { futureEntryProblems, type HistoryEntry, replacementProblems } from "../../domain/events/open-close-history";
import { invalidData, refusalError } from "../../errors/entity-refusals";
import { configurationOf } from "../configuration/configuration-of";
import { type Actor, holds, type OperationContext } from "../context";
import type { EventStatusOutcome } from "./transition-event";
import { lifecycleOf, writeEvent } from "./write-event";

export interface ReplaceEventHistoryInput {
  eventId: string;
  /** As sent: read and checked here as a whole log. */
  entries: unknown[];
}

export interface EventHistoryOutcome extends EventStatusOutcome {
  eventOpenCloseHistory: HistoryEntry[];
}

/** Fields whose write group the replacement also needs when the configuration locks them (Authentication 7). */
const LOCKING_FIELDS = ["eventOpenCloseHistory", "eventStatus"];

function requireHistoryWriteGroups(configuration: ConfigurationDocument, actor: Actor) {
  const locked = configuration.fieldDefinitions.flatMap((f) =>
    f.entityType === "event" &&
    LOCKING_FIELDS.includes(f.referenceId) &&
    f.writePermission &&
    !holds(actor, fieldWriteGroupPermission("event", f.writePermission))
      ? [{ referenceId: f.referenceId, group: f.writePermission }]
      : [],
  );
  if (locked.length) throw refusalError({ kind: "write-group", fields: locked });
}

/** The entries sent, read and checked as a whole log, or the documented 400 naming each refused value. */
function replacementEntries(sent: unknown[], now: Date): HistoryEntry[] {
  const reading = readHistory(sent, "entries");
  if (!reading.ok) throw invalidData(reading.problems);
  const entries = reading.value as HistoryEntry[];
  const problems = [...replacementProblems(entries, "entries"), ...futureEntryProblems(entries, "entries", now)];
  if (problems.length) throw invalidData(problems);
  return entries;
}

/**
 * Serialized in the company object. Replaces an event's whole open/close log, for corrections: 403
 * without the write group of a locked log or status, 400 for entries that are not a valid log, 404 for
 * an unknown event; `writeEvent` derives the status, lifecycle dates and name from the new log.
 */
export async function replaceEventHistory(
  ctx: OperationContext,
  input: ReplaceEventHistoryInput,
): Promise<EventHistoryOutcome> {
  const configuration = (await configurationOf(ctx)).document;
  requireHistoryWriteGroups(configuration, ctx.actor);
  const entries = replacementEntries(input.entries, ctx.now);
  const row = await writeEvent(ctx, {
    eventId: input.eventId,
    configuration,
    change: async (stored) => ({ values: { ...stored.data, eventOpenCloseHistory: entries } }),
  });
  return lifecycleOf(row);
}
