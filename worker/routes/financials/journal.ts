import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import { listJournal, readJournalEntry } from "../../operations/financials/read-journal";
import { errorAnswers, JournalEntrySchema, JournalIdParam, NOT_FOUND } from "./schemas";

const ENTRY_DESCRIPTION =
  "An immutable, balanced journal entry: its lines (debits = credits) belong to every one of its scopes. " +
  "Kinds: `reserves_set`, `reserves_eroded`, `invoice_created`, `invoice_updated`, `invoice_voided`, " +
  "`invoice_deleted`, `payment_recorded`, `payment_deleted`. Corrections are new entries (`reverses` names the " +
  "entry a payment deletion corrects). An invoice entry that moves no money has no lines (a memo).";

const ListQuery = z.object({
  invoiceId: UuidSchema.optional(),
  paymentId: UuidSchema.optional(),
  entityType: z.enum(["event", "policy", "payee"]).optional(),
  entityId: UuidSchema.optional(),
  ...pageQuery(50, 500),
});

export const journalRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/journal/{journalId}",
      operationId: "getJournalEntry",
      tags: ["Financials"],
      summary: "Read a journal entry",
      description: ENTRY_DESCRIPTION,
      request: { params: companyParams({ journalId: JournalIdParam }) },
      responses: {
        200: jsonContent(JournalEntrySchema, "The entry."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND }),
      },
    }),
    async (c) => c.json(await readJournalEntry(contextOf(c), c.req.valid("param").journalId), 200),
  ),
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/journal",
      operationId: "listJournalEntries",
      tags: ["Financials"],
      summary: "List journal entries, oldest first",
      description: `Entries matching every filter given. ${ENTRY_DESCRIPTION}`,
      request: { params: companyParams(), query: ListQuery },
      responses: {
        200: jsonContent(pageEnvelope(JournalEntrySchema), "A page of entries."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: "The financials switch is off (`NotFoundError`)." }),
      },
    }),
    async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
      return c.json({ ...(await listJournal(contextOf(c), filter, window)), page, pageSize }, 200);
    },
  ),
];
