import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import { INVOICE_STATUSES } from "../../domain/financials/invoice-ledger";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
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
import { readInvoice } from "../../operations/financials/invoice-view";
import { listInvoices } from "../../operations/financials/list-invoices";
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

const CreateBody = z
  .object({
    entityType: z.enum(["event", "policy"]).openapi({
      description: "`event`; `policy` is refused 422 `POLICY_INVOICE_BATCH_ONLY` (plans make policy invoices).",
    }),
    entityId: UuidSchema,
    invoiceType: InvoiceTypeName,
    issueDate: Fmv1DateSchema.optional(),
    dueDate: Fmv1DateSchema,
    payee: PayeeSchema,
    lineItems: LineItemsInput,
    batchId: BatchIdMember,
  })
  .strict();

const INVALID =
  "`INVOICE_INVALID`, `details` naming the member: unknown event, invoice type (or one not applying to events) " +
  "or payee; unknown line item type or one without category; lines of two categories; no lines; total <= 0. " +
  "Bill review reports, and create does not refuse: zero lines, types not allowed on the invoice type, " +
  "deprecated types, a due date before the issue date, a payee type the invoice type does not allow.";

const CREATE =
  "An ad-hoc invoice on an event. Its creation posts, per line, Dr line item / Cr payable twin (receivable: " +
  "the other way round) in the event's and the payee's scopes; that entry is its `headJournalId`. `issueDate` " +
  "defaults to today (America/New_York); a line's `label` to the type's `allowedOn` label, else its name. " +
  "Statuses: `owed`, `partially_paid`, `paid`, `void`.";

const ListQuery = z.object({
  entityType: z
    .enum(["event", "policy", "payee"])
    .optional()
    .openapi({
      description:
        "With `entityId`: the invoices of an event or a policy, or (`payee`) those billed to or paying a person " +
        "or organization (CONTRACT 7.10: any other value is 400 naming `entityType` and the three).",
    }),
  entityId: UuidSchema.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  ...pageQuery(50, 500),
});

export const invoiceRoutes: RouteEntry[] = [
  defineRoute(
    companyRoute("P", "invoice.create", {
      method: "post",
      path: "/financials/invoices",
      operationId: "createInvoice",
      tags: ["Financials"],
      summary: "Create an invoice on an event",
      description: CREATE,
      request: { params: companyParams(), body: jsonBody(CreateBody) },
      responses: {
        201: jsonContent(InvoiceSchema, "The invoice."),
        ...validationErrorResponse,
        ...errorAnswers({ 422: `${INVALID} \`POLICY_INVOICE_BATCH_ONLY\` for \`entityType: policy\`.` }),
      },
    }),
    async (c) => {
      const { batchId: _, ...body } = c.req.valid("json");
      return jsonText(c, await companyObject(contextOf(c)).createInvoice(body), 201);
    },
  ),
  defineRoute(
    companyRoute("P", "invoice.view", {
      method: "get",
      path: "/financials/invoices",
      operationId: "listInvoices",
      tags: ["Financials"],
      summary: "List invoices, oldest first",
      request: { params: companyParams(), query: ListQuery },
      responses: {
        200: jsonContent(pageEnvelope(InvoiceSchema), "A page of invoices."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: "The financials switch is off (`NotFoundError`)." }),
      },
    }),
    async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
      return c.json({ ...(await listInvoices(contextOf(c), filter, window)), page, pageSize }, 200);
    },
  ),
  defineRoute(
    companyRoute("P", "invoice.view", {
      method: "get",
      path: "/financials/invoices/{invoiceId}",
      operationId: "getInvoice",
      tags: ["Financials"],
      summary: "Read an invoice",
      request: { params: companyParams({ invoiceId: InvoiceIdParam }) },
      responses: {
        200: jsonContent(InvoiceSchema, "The invoice."),
        ...validationErrorResponse,
        ...errorAnswers({ 404: NOT_FOUND }),
      },
    }),
    async (c) => c.json(await readInvoice(contextOf(c), c.req.valid("param").invoiceId), 200),
  ),
];
