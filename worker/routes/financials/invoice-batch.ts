import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { requirePolicyFinancialsSwitch } from "../../http/financials-switch";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { batchIdMember } from "../../lib/bounded";
import { errorAnswers, InvoicePlanSchema, InvoiceSchema, NOT_FOUND, PolicyIdParam } from "./schemas";

/** The plan, with the `batchId` every mutation body may carry at its root (interface, Conventions). */
const InvoiceBatchBody = InvoicePlanSchema.extend({ batchId: batchIdMember() }).openapi("InvoiceBatchRequest");

const Answer = z
  .object({
    policyId: z.uuid(),
    voided: z.array(z.uuid()),
    created: z.array(InvoiceSchema),
    active: z.array(z.uuid()).openapi({ description: "The policy's active invoices after the plan, oldest first." }),
  })
  .openapi("InvoicePlanResult");

const DESCRIPTION =
  "Applies an invoice plan to a policy in one write: voids (each an active invoice of the policy without " +
  "payments, cited at its current `headJournalId`), creates (policy-linked invoices; a negative total is a " +
  "credit note), and keeps the rest; nothing is inferred. Afterwards the policy has no active invoice or " +
  "conserves: for Premium, Taxes, Fees, BrokerCommission and ProgramCommission, the lines of its active " +
  "invoices whose type has that `pricingKind` (+ in the kind's natural direction: receivable for the first " +
  "three, payable for commissions; - otherwise) add up to what the policy's pricing writes for the kind (the " +
  "earned-premium report's `writtenCents` as of the term end). Order of refusals: 403 when policy financials " +
  "are off (`Policy financials are not enabled for this company`), whoever asks; 403 without `invoice.edit`; 400 " +
  "shape; 404 unknown policy; 422 `INVOICE_PLAN_INVALID` (`details` naming the entry, e.g. `voidInvoices[0]`, " +
  "`createInvoices[1].lineItems[0].lineItemTypeId`); 409 `INVOICE_HEAD_STALE`; 422 " +
  "`INVOICE_PLAN_NOT_CONSERVING` (one detail per differing kind). A refusal changes nothing.";

export const applyInvoiceBatch = defineRoute(
  companyRoute(
    "P",
    "invoice.edit",
    {
      method: "post",
      path: "/financials/policies/{policyId}/invoices/batch",
      operationId: "applyPolicyInvoiceBatch",
      tags: ["Financials"],
      summary: "Apply an invoice plan to a policy",
      description: DESCRIPTION,
      request: { params: companyParams({ policyId: PolicyIdParam }), body: jsonBody(InvoiceBatchBody) },
      responses: {
        200: jsonContent(Answer, "What the plan voided and created, and the active invoices."),
        ...validationErrorResponse,
        ...errorAnswers({
          404: NOT_FOUND,
          409: "A void cites a stale head (`INVOICE_HEAD_STALE`).",
          422: "`INVOICE_PLAN_INVALID`; `INVOICE_PLAN_NOT_CONSERVING`.",
        }),
      },
    },
    { featureGate: requirePolicyFinancialsSwitch },
  ),
  async (c) => {
    const { batchId: _auditOnly, ...plan } = c.req.valid("json");
    const input = { policyId: c.req.valid("param").policyId, plan };
    return c.json(await companyObject(contextOf(c)).applyInvoiceBatch(input), 200);
  },
);
