import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { unwrap } from "../../../durable/rpc-result";
import { companyObjectStub } from "../../company-object";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { readHistory } from "../../domain/entities/platform-values";
import { type HistoryEntry, replacementProblems } from "../../domain/events/open-close-history";
import { invalidData, refusalError } from "../../errors/entity-refusals";
import type { AppEnv } from "../../http/context";
import { ErrorEnvelopeSchema } from "../../http/errors";
import type { KeyCaller } from "../../http/route";
import { companyParams, companyRoute, jsonBody, jsonContent, keyCaller, notFoundResponse } from "../../http/route";
import { BatchIdMember, EventHistoryResultSchema, EventIdParam, HistoryEntryInput, LIFECYCLE_DOC } from "./schemas";

const HistoryBodySchema = z
  .strictObject({
    entries: z.array(HistoryEntryInput).openapi({
      description:
        "The whole log, oldest first: starts with `open`, alternates `open` and `close`, dates never going back.",
    }),
    batchId: BatchIdMember,
  })
  .openapi("EventOpenCloseHistoryReplacement");

/** Fields whose write group the replacement also needs when the configuration locks them (interface, Authentication 7). */
const LOCKING_FIELDS = ["eventOpenCloseHistory", "eventStatus"];

function requireHistoryWriteGroups(configuration: ConfigurationDocument, caller: KeyCaller) {
  const locked = configuration.fieldDefinitions.flatMap((f) =>
    f.entityType === "event" &&
    LOCKING_FIELDS.includes(f.referenceId) &&
    f.writePermission &&
    !caller.grants.has(fieldWriteGroupPermission("event", f.writePermission))
      ? [{ referenceId: f.referenceId, group: f.writePermission }]
      : [],
  );
  if (locked.length) throw refusalError({ kind: "write-group", fields: locked });
}

/** The entries sent, read and checked as a whole log, or the documented 400 naming each refused value. */
function replacementEntries(sent: unknown[]): HistoryEntry[] {
  const reading = readHistory(sent, "entries");
  if (!reading.ok) throw invalidData(reading.problems);
  const entries = reading.value as HistoryEntry[];
  const problems = replacementProblems(entries, "entries");
  if (problems.length) throw invalidData(problems);
  return entries;
}

const replaceHistory = companyRoute("P", "event.edit", {
  method: "put",
  path: "/events/{eventId}/open-close-history",
  operationId: "replaceEventOpenCloseHistory",
  tags: ["Events"],
  summary: "Replace an event's open/close history",
  description:
    "Replaces the whole `eventOpenCloseHistory` with `entries`, for corrections. The log must start with an `open` entry (an event always has its opening; an empty list is refused), alternate `open` and `close`, and keep its dates in non-decreasing order; each `effectiveOnDate` is an Fmv1Date. In one write the event's `eventStatus` becomes the last entry's (`open` → `open`, `close` → `closed`), its lifecycle dates (`eventOpenedOn`, `eventClosedOn`, `eventReopenedOn`, `eventPreviouslyClosedOn`) are derived again from the new log, and `eventName` is recomputed. When the configuration gives `eventOpenCloseHistory` or `eventStatus` a `writePermission`, the caller also needs `event.field-<group>` (403 `field-write-permission-required`). Runs one at a time with the company's close and reopen operations.\n\n" +
    LIFECYCLE_DOC,
  request: { params: companyParams({ eventId: EventIdParam }), body: jsonBody(HistoryBodySchema) },
  responses: {
    200: jsonContent(EventHistoryResultSchema, "The event's id, status and stored history after the replacement."),
    400: jsonContent(
      ErrorEnvelopeSchema,
      "`VALIDATION_ERROR` for a malformed event id or body shape; `InvalidFieldModelV1Data` for entries that are not a valid log (empty, wrong action order, dates going back, a malformed or retired-spelling date), each refused value named in `details`.",
    ),
    403: jsonContent(
      ErrorEnvelopeSchema,
      "Key scoped to another company or without `event.edit` (`AuthorizationError`); or without the write group of a locked `eventOpenCloseHistory` or `eventStatus` (`field-write-permission-required`).",
    ),
    ...notFoundResponse,
  },
});

export function registerEventHistoryRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(replaceHistory, async (c) => {
    const caller = keyCaller(c);
    const { eventId } = c.req.valid("param");
    const configuration = (await loadConfiguration(database(c.env.DB), caller.companyId)).document;
    requireHistoryWriteGroups(configuration, caller);
    const entries = replacementEntries(c.req.valid("json").entries);
    const outcome = unwrap(
      await companyObjectStub(c.env, caller.companyId).replaceEventHistory(caller.companyId, eventId, entries),
    );
    return c.json(outcome, 200);
  });
}
