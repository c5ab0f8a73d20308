import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  jsonText,
  validationErrorResponse,
} from "../../http/route";
import {
  BatchIdMember,
  CENTS_LIMIT,
  errorAnswers,
  InvoiceIdParam,
  InvoiceSchema,
  NOT_FOUND,
  PaymentSchema,
} from "./schemas";

const Body = z
  .object({
    amountCents: z
      .number()
      .int()
      .min(-CENTS_LIMIT)
      .max(CENTS_LIMIT)
      .refine((cents) => cents !== 0, "must not be 0")
      .openapi({
        format: "int64",
        description: "Above 0; below 0 only on a credit note (a refund of at most what is owed).",
      }),
    paidOn: Fmv1DateSchema.optional(),
    reference: z.string().max(200).optional(),
    batchId: BatchIdMember,
  })
  .strict();

const DESCRIPTION =
  "Records a payment on an invoice (any invoice, policy ones included): cash moves by the amount and the " +
  "twins come down to their target, the invoice's lines sharing the paid amount in proportion (payable: Cr cash " +
  "/ Dr twins). On an event invoice of a reserved category the payment also erodes the event's reserves " +
  "(`reserves_eroded`, then the invoice's head). 409 `INVOICE_STATUS_CONFLICT` on a void invoice; 422 " +
  "`PAYMENT_EXCEEDS_OWED` above what is owed; 422 `PAYMENT_INVALID` for an amount of the wrong sign.";

export const recordInvoicePayment = defineRoute(
  companyRoute("P", "payment.record", {
    method: "post",
    path: "/financials/invoices/{invoiceId}/payments",
    operationId: "recordInvoicePayment",
    tags: ["Financials"],
    summary: "Record a payment on an invoice",
    description: DESCRIPTION,
    request: { params: companyParams({ invoiceId: InvoiceIdParam }), body: jsonBody(Body) },
    responses: {
      201: jsonContent(z.object({ payment: PaymentSchema, invoice: InvoiceSchema }), "The payment and the invoice."),
      ...validationErrorResponse,
      ...errorAnswers({
        404: NOT_FOUND,
        409: "A void invoice (`INVOICE_STATUS_CONFLICT`).",
        422: "`PAYMENT_EXCEEDS_OWED`; `PAYMENT_INVALID`.",
      }),
    },
  }),
  async (c) => {
    const { batchId: _, ...body } = c.req.valid("json");
    const input = { invoiceId: c.req.valid("param").invoiceId, ...body };
    return jsonText(c, await companyObject(contextOf(c)).recordInvoicePayment(input), 201);
  },
);
