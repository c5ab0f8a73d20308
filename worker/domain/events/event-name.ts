/**
 * The event's read-only `eventName` (interface, Entities table): recomputed on every save from the
 * claimant and the linked exposures; `userSetEventName`, while non-empty, takes precedence.
 */

/** What the derived name is made of, read from the event's links (operations/events/event-name-parts.ts). */
export interface EventNameParts {
  /** The claimant person's `name`, or null when there is no claimant or it has no name. */
  claimantName: string | null;
  /** `exposureName` of each linked exposure, in link order; exposures without a name are left out. */
  exposureNames: string[];
}

const hasText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The longest event name (CONTRACT 8.3): a name derived from many linked exposures is cut there. */
export const MAX_EVENT_NAME_LENGTH = 1_000;

/** A name within the bound: cut, with an ellipsis, when longer. */
const withinBound = (name: string) =>
  name.length > MAX_EVENT_NAME_LENGTH ? `${name.slice(0, MAX_EVENT_NAME_LENGTH - 1)}…` : name;

/** `<claimant> — <exposure>, <exposure>`, skipping a missing part; `Event <id prefix>` with neither. */
export function derivedEventName(eventId: string, parts: EventNameParts): string {
  const exposures = parts.exposureNames.filter(hasText).join(", ");
  const named = [parts.claimantName, exposures].filter(hasText);
  return named.length ? named.join(" — ") : `Event ${eventId.slice(0, 8)}`;
}

export function eventNameOf(eventId: string, userSetEventName: unknown, parts: EventNameParts): string {
  return withinBound(hasText(userSetEventName) ? userSetEventName : derivedEventName(eventId, parts));
}
