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
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import {
  BatchIdMember,
  errorAnswers,
  InvoiceIdParam,
  InvoiceSchema,
  InvoiceTypeName,
  LineItemsInput,
  NOT_FOUND,
  PayeeSchema,
} from "./schemas";

const HeadJournalId = UuidSchema.optional().openapi({
  description: "The invoice's `headJournalId` as read; refused 409 `INVOICE_HEAD_STALE` when it moved since.",
});

const PatchBody = z
  .object({
    invoiceType: InvoiceTypeName.optional(),
    issueDate: Fmv1DateSchema.optional(),
    dueDate: Fmv1DateSchema.optional(),
    payee: PayeeSchema.optional(),
    lineItems: LineItemsInput.optional().openapi({ description: "Replaces every line (new line ids)." }),
    headJournalId: HeadJournalId,
    batchId: BatchIdMember,
  })
  .strict();

const ORDER =
  "Order of refusals: permission (403), unknown invoice (404), `invoice.edit-paid` while anything is paid (403), " +
  "then 409 and 422. A refusal changes nothing.";

const PATCH =
  "Changes an invoice; every change posts an entry (`invoice_updated`) bringing its line item and twin " +
  "contributions to the new lines less their shares of what is paid (a memo without lines when no amount " +
  "moves), so `headJournalId` moves every time. With nothing paid, a change of category or payee posts two " +
  "entries: everything to zero under the old ones, then posted under the new. While anything is paid the " +
  "category, direction and payee stay and the total may not fall below what is paid (422 `INVOICE_INVALID`). " +
  "A policy invoice's `lineItems` and `invoiceType` change only through plans (422 " +
  `\`POLICY_INVOICE_BATCH_ONLY\`); its dates and payee may change. ${ORDER}`;

const DELETE =
  "Deletes an invoice: each live payment is deleted first (its own correcting entries), then its contributions " +
  "are brought to zero (`invoice_deleted`), in one write; the invoice then answers 404. Policy invoices: 422 " +
  `\`POLICY_INVOICE_BATCH_ONLY\`. ${ORDER}`;

const VOID =
  "Voids an ad-hoc invoice without payments: its contributions are brought to zero (`invoice_voided`). 409 " +
  "`INVOICE_STATUS_CONFLICT` when it has payments or is already void; 422 `POLICY_INVOICE_BATCH_ONLY` for " +
  "policy invoices (plans void them).";

const invoiceParams = companyParams({ invoiceId: InvoiceIdParam });

export const invoiceChangeRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "invoice.edit", {
      method: "patch",
      path: "/financials/invoices/{invoiceId}",
      operationId: "updateInvoice",
      tags: ["Financials"],
      summary: "Change an invoice",
      description: PATCH,
      request: { params: invoiceParams, body: jsonBody(PatchBody) },
      responses: {
        200: jsonContent(InvoiceSchema, "The invoice after the change."),
        ...validationErrorResponse,
        ...errorAnswers({
          404: NOT_FOUND,
          409: "`INVOICE_HEAD_STALE`; a void invoice (`INVOICE_STATUS_CONFLICT`).",
          422: "`INVOICE_INVALID`; `POLICY_INVOICE_BATCH_ONLY`.",
        }),
      },
    }),
    async (c) => {
      const { batchId: _, ...body } = c.req.valid("json");
      const input = { invoiceId: c.req.valid("param").invoiceId, ...body };
      return c.json(await companyObject(contextOf(c)).updateInvoice(input), 200);
    },
  ),
  defineRoute(
    companyRoute("P", "invoice.delete", {
      method: "delete",
      path: "/financials/invoices/{invoiceId}",
      operationId: "deleteInvoice",
      tags: ["Financials"],
      summary: "Delete an invoice",
      description: DELETE,
      request: { params: invoiceParams },
      responses: {
        204: { description: "Deleted." },
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND, 422: "A policy invoice (`POLICY_INVOICE_BATCH_ONLY`)." }),
      },
    }),
    async (c) => {
      await companyObject(contextOf(c)).deleteInvoice(c.req.valid("param").invoiceId);
      return c.body(null, 204);
    },
  ),
  defineRoute(
    companyRoute("P", "invoice.edit", {
      method: "post",
      path: "/financials/invoices/{invoiceId}/void",
      operationId: "voidInvoice",
      tags: ["Financials"],
      summary: "Void an invoice",
      description: VOID,
      request: {
        params: invoiceParams,
        body: {
          ...jsonBody(z.object({ headJournalId: HeadJournalId, batchId: BatchIdMember }).strict()),
          required: false,
        },
      },
      responses: {
        200: jsonContent(InvoiceSchema, "The void invoice."),
        ...validationErrorResponse,
        ...errorAnswers({
          404: NOT_FOUND,
          409: "`INVOICE_HEAD_STALE`; payments or already void (`INVOICE_STATUS_CONFLICT`).",
          422: "A policy invoice (`POLICY_INVOICE_BATCH_ONLY`).",
        }),
      },
    }),
    async (c) => {
      const input = { invoiceId: c.req.valid("param").invoiceId, headJournalId: c.req.valid("json").headJournalId };
      return c.json(await companyObject(contextOf(c)).voidInvoice(input), 200);
    },
  ),
];
