import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import type { Transition } from "../../domain/events/open-close-history";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
} from "../../http/route";
import { BatchIdMember, EffectiveOnDateInput, EventIdParam, EventStatusResultSchema, LIFECYCLE_DOC } from "./schemas";

// `required` spelled out: the generator cannot tell that an `unknown` member must be present (zod requires it).
const TransitionBodySchema = z
  .strictObject({ effectiveOnDate: EffectiveOnDateInput, batchId: BatchIdMember })
  .openapi("EventTransitionRequest", { required: ["effectiveOnDate"] });

const badRequest = {
  400: jsonContent(
    ErrorEnvelopeSchema,
    "`VALIDATION_ERROR` for a malformed event id, a missing `effectiveOnDate` or an unknown body member; " +
      "`InvalidFieldModelV1Data` naming `effectiveOnDate` when it is malformed, in the retired `{day, month, " +
      "year}` spelling, or after today in its own time zone (open/close dates cannot be in the future).",
  ),
};

const DATE_RULE =
  "`effectiveOnDate` may not be after today in its own time zone (400 `InvalidFieldModelV1Data` naming it), nor " +
  "before the date of the last entry of the event's open/close history (the same day is allowed); otherwise 409 " +
  "`EventLifecycleDateOutOfOrder`, whose message names that entry's date.";

const TRANSITIONS: Record<Transition, { summary: string; description: string; conflicts: string }> = {
  close: {
    summary: "Close an event",
    description:
      "Closes an open event as of `effectiveOnDate`: in one write it appends a `close` entry to " +
      "`eventOpenCloseHistory`, sets `eventStatus` to `closed`, sets `eventClosedOn`, and recomputes `eventName`. " +
      `${DATE_RULE} Closing an event that is not open is 409 \`EventNotOpen\`. Close and reopen of one company's ` +
      "events run one at a time.",
    conflicts:
      "`EventNotOpen` (the event is not open) or `EventLifecycleDateOutOfOrder` (dated before the last history entry).",
  },
  reopen: {
    summary: "Reopen a closed event",
    description:
      "Reopens a closed event as of `effectiveOnDate`: in one write it appends an `open` entry to " +
      "`eventOpenCloseHistory`, sets `eventStatus` to `open`, clears `eventClosedOn`, sets `eventReopenedOn` and " +
      "`eventPreviouslyClosedOn`, and recomputes `eventName`. " +
      `${DATE_RULE} That entry is the close the reopen reverses. Reopening an event that is not closed is 409 ` +
      "`EventNotClosed`.",
    conflicts:
      "`EventNotClosed` (the event is not closed) or `EventLifecycleDateOutOfOrder` (dated before the close it " +
      "reverses).",
  },
};

function transitionRoute(transition: Transition) {
  const { summary, description, conflicts } = TRANSITIONS[transition];
  // The interface names `company.claim:create` for both (catalog name `event.create`).
  return companyRoute("P", "company.claim:create", {
    method: "post",
    path: `/events/{eventId}/${transition}`,
    operationId: `${transition}Event`,
    tags: ["Events"],
    summary,
    description: `${description}\n\n${LIFECYCLE_DOC}`,
    request: { params: companyParams({ eventId: EventIdParam }), body: jsonBody(TransitionBodySchema) },
    responses: {
      200: jsonContent(EventStatusResultSchema, "The event's id and its status after the change."),
      ...badRequest,
      ...notFoundResponse,
      ...conflictResponse(conflicts),
    },
  });
}

/** Close and reopen, serialized in the company object with every other write of the event. */
export const transitionEventRoutes: RouteEntry[] = (["close", "reopen"] as const).map((transition) =>
  defineRoute(transitionRoute(transition), async (c) => {
    const { eventId } = c.req.valid("param");
    const { effectiveOnDate } = c.req.valid("json");
    return c.json(await companyObject(contextOf(c)).transitionEvent({ eventId, transition, effectiveOnDate }), 200);
  }),
);
