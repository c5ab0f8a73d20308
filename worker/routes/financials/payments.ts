import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  jsonText,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import { readPayment } from "../../operations/financials/read-payment";
import {
  BatchIdMember,
  EventIdParam,
  errorAnswers,
  NOT_FOUND,
  PayeeSchema,
  PaymentIdParam,
  PaymentSchema,
  PositiveCents,
} from "./schemas";

const DirectBody = z
  .object({
    categoryId: UuidSchema,
    amountCents: PositiveCents,
    paidOn: Fmv1DateSchema.optional(),
    reference: z.string().max(200).optional(),
    payee: PayeeSchema.optional(),
    batchId: BatchIdMember,
  })
  .strict();

const DIRECT =
  "A payment outside invoices (a claim payment): money out in a payable category, in in a receivable one " +
  "(payable: Dr additional / Cr cash), in the event's scope and the payee's. In a reserved category it erodes the " +
  "event's reserves by at most what remains (`reserves_eroded`, its own entry); beyond them the expected total " +
  "grows to what is paid. `paidOn` defaults to today (America/New_York). 404 unknown event; 422 " +
  "`PAYMENT_INVALID` for an unknown category or payee.";

const DELETE =
  "Deletes a payment (direct or on an invoice): correcting entries are posted (`payment_deleted`, `reverses` " +
  "naming the payment's entry), its invoice's paid amount, status and head move, and what it eroded goes back to " +
  "the reserves (its whole amount when the expected total was set after it, so that total stays). The payment " +
  "then answers 404.";

export const paymentRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "payment.record", {
      method: "post",
      path: "/financials/events/{eventId}/payments",
      operationId: "recordDirectPayment",
      tags: ["Financials"],
      summary: "Record a direct (claim) payment on an event",
      description: DIRECT,
      request: { params: companyParams({ eventId: EventIdParam }), body: jsonBody(DirectBody) },
      responses: {
        201: jsonContent(PaymentSchema, "The payment."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND, 422: "Unknown category or payee (`PAYMENT_INVALID`)." }),
      },
    }),
    async (c) => {
      const { batchId: _, ...body } = c.req.valid("json");
      const input = { eventId: c.req.valid("param").eventId, ...body };
      return jsonText(c, await companyObject(contextOf(c)).recordDirectPayment(input), 201);
    },
  ),
  defineRoute(
    companyRoute("P", "company.payment:read", {
      method: "get",
      path: "/financials/payments/{paymentId}",
      operationId: "getPayment",
      tags: ["Financials"],
      summary: "Read a payment",
      request: { params: companyParams({ paymentId: PaymentIdParam }) },
      responses: {
        200: jsonContent(PaymentSchema, "The payment."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND }),
      },
    }),
    async (c) => c.json(await readPayment(contextOf(c), c.req.valid("param").paymentId), 200),
  ),
  defineRoute(
    companyRoute("P", "payment.delete", {
      method: "delete",
      path: "/financials/payments/{paymentId}",
      operationId: "deletePayment",
      tags: ["Financials"],
      summary: "Delete a payment",
      description: DELETE,
      request: { params: companyParams({ paymentId: PaymentIdParam }) },
      responses: {
        204: { description: "Deleted." },
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND }),
      },
    }),
    async (c) => {
      await companyObject(contextOf(c)).deletePayment(c.req.valid("param").paymentId);
      return c.body(null, 204);
    },
  ),
];
