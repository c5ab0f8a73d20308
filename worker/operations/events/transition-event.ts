import { type Fmv1Date, readFmv1Date } from "../../domain/dates/fmv1-date";
import {
  applyTransition,
  type EventStatus,
  futureDateProblem,
  storedHistory,
  type Transition,
} from "../../domain/events/open-close-history";
import { invalidData } from "../../errors/entity-refusals";
import { transitionRefusalError } from "../../errors/event-refusals";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { lifecycleOf, writeEvent } from "./write-event";

export interface TransitionEventInput {
  eventId: string;
  transition: Transition;
  /** As sent: read here, so a refused value is the interface's 400 naming the field. */
  effectiveOnDate: unknown;
}

export interface EventStatusOutcome {
  eventId: string;
  eventStatus: EventStatus;
}

/**
 * The request's `effectiveOnDate` in canonical form, or 400 `InvalidFieldModelV1Data` naming it: a date
 * that is not one, or one after today in its own time zone.
 */
function effectiveOnDateOf(value: unknown, now: Date): Fmv1Date {
  const reading = readFmv1Date(value);
  if (!reading.ok) throw invalidData([{ path: "effectiveOnDate", problem: reading.problem }]);
  const future = futureDateProblem(reading.value, now, "effectiveOnDate");
  if (future) throw invalidData([future]);
  return reading.value;
}

/**
 * Serialized in the company object. Close or reopen (interface, States: Event rows): the status and the
 * date are checked against the stored log (409 when refused), one entry is appended, and `writeEvent`
 * derives the status, lifecycle dates and name from the new log in the same write.
 */
export async function transitionEvent(ctx: OperationContext, input: TransitionEventInput): Promise<EventStatusOutcome> {
  const date = effectiveOnDateOf(input.effectiveOnDate, ctx.now);
  const configuration = (await configurationOf(ctx)).document;
  const row = await writeEvent(ctx, {
    eventId: input.eventId,
    configuration,
    async change(stored) {
      const history = storedHistory(stored.data.eventOpenCloseHistory);
      const result = applyTransition(stored.data.eventStatus, history, input.transition, date);
      if (!result.ok) throw transitionRefusalError(result.refusal);
      return { values: { ...stored.data, eventOpenCloseHistory: result.history } };
    },
  });
  const { eventId, eventStatus } = lifecycleOf(row);
  return { eventId, eventStatus };
}
