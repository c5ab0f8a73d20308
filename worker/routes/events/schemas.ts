import { z } from "@hono/zod-openapi";
import { MAX_TIMEZONE_LENGTH } from "../../domain/dates/fmv1-date";
import { batchIdMember, uuidString } from "../../lib/bounded";

/** How the event read shows its lifecycle; shared by the event operations' descriptions. */
export const LIFECYCLE_DOC =
  "Every event carries, without configuration, `eventStatus` (`open` or `closed`; a new event is `open` unless " +
  "created `closed`), `eventOpenCloseHistory` (a new event's log holds an `open` entry dated its creation day in " +
  "America/New_York, plus a `close` entry that day when created closed) and dates derived from that log, stored " +
  "with it and shown in the entity read: `eventOpenedOn` (the first opening), `eventClosedOn` (the close in " +
  "force; null while open), `eventReopenedOn` (the latest reopening; null if never reopened) and " +
  "`eventPreviouslyClosedOn` (the latest close a reopening reversed; null if none). All are Fmv1Date objects. " +
  "`eventName` is recomputed on every save: `userSetEventName` while non-empty, otherwise `<claimant name> — " +
  "<exposure names>` from the person linked through relationship `claimant` (or held in a configured event field " +
  "`claimant`) and the exposures linked through any Event↔Exposure relationship, skipping a missing part, or " +
  "`Event <first 8 characters of the id>` with neither.";

export const EventIdParam = uuidString().openapi({
  param: { name: "eventId", in: "path" },
  example: "3b9d6f1e-2c4a-4d8e-9f10-5a6b7c8d9e0f",
});

const DATE_DOC = {
  type: "object" as const,
  properties: {
    date: { type: "string" as const, format: "date", maxLength: 10, example: "2026-03-14" },
    timezone: {
      type: "string" as const,
      maxLength: MAX_TIMEZONE_LENGTH,
      description: "IANA zone; default America/New_York.",
      example: "America/New_York",
    },
  },
  required: ["date"],
  additionalProperties: false,
};

/**
 * An Fmv1Date in a request. Read by `readFmv1Date` in the handler rather than by zod, so a refused value
 * is the interface's 400 `InvalidFieldModelV1Data` naming the field, the retired spelling included.
 */
export const EffectiveOnDateInput = z.unknown().openapi({
  ...DATE_DOC,
  description:
    'Fmv1Date `{date: "YYYY-MM-DD", timezone?}`. The retired `{day, month, year}` spelling and malformed values ' +
    "are 400 `InvalidFieldModelV1Data` naming the field.",
});

/** A history entry in a request; read by `readHistory` in the handler for the same reason. */
export const HistoryEntryInput = z.unknown().openapi({
  type: "object",
  properties: { action: { type: "string", enum: ["open", "close"] }, effectiveOnDate: DATE_DOC },
  required: ["action", "effectiveOnDate"],
  additionalProperties: false,
});

const Fmv1DateSchema = z.object({ date: z.string().openapi({ format: "date" }), timezone: z.string() });

export const HistoryEntrySchema = z
  .object({ action: z.enum(["open", "close"]), effectiveOnDate: Fmv1DateSchema })
  .openapi("EventOpenCloseHistoryEntry", { description: "One entry of an event's open/close log." });

export const EventStatusSchema = z.enum(["open", "closed"]);

export const EventStatusResultSchema = z
  .object({ eventId: z.uuid(), eventStatus: EventStatusSchema })
  .openapi("EventStatusResult");

export const EventHistoryResultSchema = z
  .object({ eventId: z.uuid(), eventStatus: EventStatusSchema, eventOpenCloseHistory: z.array(HistoryEntrySchema) })
  .openapi("EventOpenCloseHistoryResult");

/** Passed through to the audit log (interface, Conventions), bounded. */
export const BatchIdMember = batchIdMember();
