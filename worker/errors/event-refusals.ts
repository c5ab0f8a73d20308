import type { TransitionRefusal } from "../domain/events/open-close-history";
import { ApiError } from "./api-error";

/** The documented error for a refused close or reopen (interface, States: Event rows; Errors). */
export function transitionRefusalError(refusal: TransitionRefusal): ApiError {
  if (refusal.kind === "wrong-status") {
    const status = typeof refusal.status === "string" ? refusal.status : "without a status";
    return refusal.transition === "close"
      ? new ApiError({
          code: "EventNotOpen",
          message: `Only an open event can be closed; this event is ${status}`,
          userMessages: [`This event is ${status}, so it cannot be closed.`],
        })
      : new ApiError({
          code: "EventNotClosed",
          message: `Only a closed event can be reopened; this event is ${status}`,
          userMessages: [`This event is ${status}, so it cannot be reopened.`],
        });
  }
  const { date, lastEntry, transition } = refusal;
  const last = lastEntry.effectiveOnDate.date;
  const which = transition === "reopen" ? "the close it reverses" : "the last open/close entry";
  return new ApiError({
    code: "EventLifecycleDateOutOfOrder",
    message: `effectiveOnDate ${date.date} is before ${which}, dated ${last}`,
    userMessages: [
      `The date must be on or after ${last}, the date of the event's last ${lastEntry.action === "close" ? "close" : "opening"}.`,
    ],
    details: [{ field: "effectiveOnDate", message: `must be on or after ${last}` }],
  });
}
