import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { MAX_HISTORY_ENTRIES } from "../../domain/entities/platform-values";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody, jsonContent, notFoundResponse } from "../../http/route";
import { boundedArray } from "../../lib/bounded";
import { BatchIdMember, EventHistoryResultSchema, EventIdParam, HistoryEntryInput, LIFECYCLE_DOC } from "./schemas";

const HistoryBodySchema = z
  .strictObject({
    entries: boundedArray(HistoryEntryInput, MAX_HISTORY_ENTRIES).openapi({
      description:
        "The whole log, oldest first: starts with `open`, alternates `open` and `close`, dates never going back.",
    }),
    batchId: BatchIdMember,
  })
  .openapi("EventOpenCloseHistoryReplacement");

const DESCRIPTION =
  "Replaces the whole `eventOpenCloseHistory` with `entries`, for corrections. The log must start with an `open` " +
  "entry (an event always has its opening; an empty list is refused), alternate `open` and `close`, and keep its " +
  "dates in non-decreasing order and none after today in its own time zone; each `effectiveOnDate` is an Fmv1Date. In one write the event's `eventStatus` " +
  "becomes the last entry's (`open` → `open`, `close` → `closed`), its lifecycle dates (`eventOpenedOn`, " +
  "`eventClosedOn`, `eventReopenedOn`, `eventPreviouslyClosedOn`) are derived again from the new log, and " +
  "`eventName` is recomputed. When the configuration gives `eventOpenCloseHistory` or `eventStatus` a " +
  "`writePermission`, the caller also needs `event.field-<group>` (403 `field-write-permission-required`). Runs " +
  "one at a time with the company's close and reopen operations.\n\n" +
  LIFECYCLE_DOC;

const BAD_REQUEST =
  "`VALIDATION_ERROR` for a malformed event id or body shape; `InvalidFieldModelV1Data` for entries that are not a " +
  "valid log (empty, wrong action order, dates going back, a date after today, a malformed or retired-spelling " +
  "date), each refused " +
  "value named in `details`.";

const FORBIDDEN =
  "Key scoped to another company or without `event.edit` (`AuthorizationError`); or without the write group of a " +
  "locked `eventOpenCloseHistory` or `eventStatus` (`field-write-permission-required`).";

/** Serialized in the company object with every other write of the event. */
export const replaceHistory = defineRoute(
  companyRoute("P", "event.edit", {
    method: "put",
    path: "/events/{eventId}/open-close-history",
    operationId: "replaceEventOpenCloseHistory",
    tags: ["Events"],
    summary: "Replace an event's open/close history",
    description: DESCRIPTION,
    request: { params: companyParams({ eventId: EventIdParam }), body: jsonBody(HistoryBodySchema) },
    responses: {
      200: jsonContent(EventHistoryResultSchema, "The event's id, status and stored history after the replacement."),
      400: jsonContent(ErrorEnvelopeSchema, BAD_REQUEST),
      403: jsonContent(ErrorEnvelopeSchema, FORBIDDEN),
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { eventId } = c.req.valid("param");
    const { entries } = c.req.valid("json");
    return c.json(await companyObject(contextOf(c)).replaceEventHistory({ eventId, entries }), 200);
  },
);
