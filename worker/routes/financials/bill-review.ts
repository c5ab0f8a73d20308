import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute, type RouteEntry } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { readBillReview } from "../../operations/financials/read-bill-review";
import { BillReviewRunSchema, errorAnswers, InvoiceIdParam, NOT_FOUND } from "./schemas";

const START =
  "Queues a bill review of the invoice: the run copies the invoice at its head and the financials " +
  "configuration now and judges only those copies, in the background. 202 `{runId}`, or 202 " +
  "`{outcome: 'in_flight', runId}` when the invoice already has a queued or running run (checked first). 429 " +
  "`BACKGROUND_CAPACITY_EXCEEDED`, nothing stored, when the company's queued + running runs reach its capacity " +
  "(a staff setting, default 5). Rules, in this order: `line-item-type-allowed`, `amount-nonzero`, " +
  "`due-after-issue`, `payee-entity-type-allowed` (errors), `line-item-type-active`, `category-active` " +
  "(warnings).";

const READ =
  "The invoice's latest run. `findings` is empty until it succeeds; `passed` is true when no finding is an " +
  "error. A review is never re-run because the invoice changed: compare `invoiceHeadJournalId` with the " +
  "invoice's current `headJournalId`.";

const Started = z.union([
  z.object({ runId: z.uuid() }),
  z.object({ outcome: z.literal("in_flight"), runId: z.uuid() }),
]);

const params = companyParams({ invoiceId: InvoiceIdParam });

export const billReviewRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "company.payment:update", {
      method: "post",
      path: "/financials/invoices/{invoiceId}/bill-review",
      operationId: "startBillReview",
      tags: ["Financials"],
      summary: "Start a bill review of an invoice",
      description: START,
      request: { params },
      responses: {
        202: jsonContent(Started, "The new run, or the run in flight."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND, 429: "At capacity; nothing queued (`BACKGROUND_CAPACITY_EXCEEDED`)." }),
      },
    }),
    async (c) => c.json(await companyObject(contextOf(c)).startBillReview(c.req.valid("param").invoiceId), 202),
  ),
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/invoices/{invoiceId}/bill-review",
      operationId: "getBillReview",
      tags: ["Financials"],
      summary: "Read an invoice's latest bill review",
      description: READ,
      request: { params },
      responses: {
        200: jsonContent(BillReviewRunSchema, "The latest run."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: `${NOT_FOUND} Also when the invoice has no run.` }),
      },
    }),
    async (c) => c.json(await readBillReview(contextOf(c), c.req.valid("param").invoiceId), 200),
  ),
];
