import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  jsonText,
  notFoundResponse,
} from "../../http/route";
import { fieldValues } from "../../lib/bounded";
import { InvoicePlanSchema } from "../financials/schemas";
import { InvoicePlanResultSchema, PolicyVersionSchema } from "../policies/schemas";
import { BIND_RULES_DOC } from "./bind-conditions";
import { BatchIdMember, BindAdvisorySchema, errorAnswer, QuoteSchema, WorkflowNameMember } from "./schemas";

const BindBody = z
  .strictObject({
    quoteId: z.uuid({ message: "must be a UUID" }).max(36).optional().openapi({ description: "Bind a stored quote." }),
    quote: fieldValues().optional().openapi({
      description:
        "Bind by value: a quote create body (optional root `submissionId`), rated with `ratingWorkflowName`.",
    }),
    ratingWorkflowName: WorkflowNameMember.optional().openapi({
      description: "Required with `quote`, refused with `quoteId`.",
    }),
    generateInvoices: z.boolean().optional(),
    invoicePlan: InvoicePlanSchema.optional(),
    transactionTimestamp: z.iso
      .datetime({ offset: true })
      .max(40)
      .optional()
      .openapi({ description: "The new business's booking time; default now." }),
    displayAuthor: z.string().trim().min(1).max(200).optional().openapi({ description: "Default `External API`." }),
    batchId: BatchIdMember,
  })
  .superRefine((body, ctx) => {
    if ((body.quoteId === undefined) === (body.quote === undefined))
      ctx.addIssue({ code: "custom", path: ["quoteId"], message: "exactly one of quoteId and quote must be given" });
    if (body.quote !== undefined && body.ratingWorkflowName === undefined)
      ctx.addIssue({ code: "custom", path: ["ratingWorkflowName"], message: "is required with quote" });
    if (body.quoteId !== undefined && body.ratingWorkflowName !== undefined)
      ctx.addIssue({ code: "custom", path: ["ratingWorkflowName"], message: "is not accepted with quoteId" });
  })
  .openapi("BindRequest");

const BindResultSchema = z
  .object({
    quote: QuoteSchema,
    policy: PolicyVersionSchema.extend({ invoicePlanResult: InvoicePlanResultSchema.optional() }),
    advisories: z.array(BindAdvisorySchema),
  })
  .openapi("BindResult");

const DESCRIPTION = [
  "Binds a quote: `{quoteId}` binds the stored quote; `{quote, ratingWorkflowName}` binds by value. Exactly one " +
    "of `quoteId` and `quote` (else 400 `VALIDATION_ERROR`).",
  "**By id.** The rules run on the persisted quote, never on an earlier rate answer. A quote that is not " +
    "`inProgress` or `complete` is 409 `InvalidLifecycleTransition` (so of two concurrent binds of one quote, one " +
    "succeeds and the other gets this); any other failure is 409 `BindConditionsFailed` with `details: [{field: " +
    "<rule>, message}]` and one `userMessages` sentence per failure (fields named by their labels), stored " +
    "in `quoteBindErrors` as `<rule>: <message>` without changing `updatedAt`.",
  "**By value.** `quote` is read as a create body (required fields enforced; optional `submissionId`), its " +
    "computed defaults and calculated fields (its embedded exposures' too) derived as the stored quote will hold " +
    "them, then rated with the workflow named (rating refusals as for a rate, 422); the bind rules and the copy to " +
    "the policy read those values. A `fullTermPricingInfo` sent must carry the " +
    "fresh rating's `pricingComponents` (else rule `rating-current` fails); an absent one takes the fresh pricing " +
    "and " +
    "rating result. On success the quote is created already `bound` with `system` set; on any failure nothing is " +
    "created.",
  "**Success**, one atomic write serialized per company: new business as `POST " +
    "/api/v1/companies/{companyId}/policies/transaction/new-business` with `transactionTimestamp` (body, else now), " +
    "`displayAuthor` (body, else `External API`) and `data`: `policyStartDate`, `policyEndDate`, " +
    "`fullTermPricingInfo`, `fullTermPolicyRatingResult` when not null, `exposures`, and every quote value whose " +
    "referenceId is also a configured, writable policy field (`policyNumber` is the oldest-family submission's " +
    "`policy.policyNumber` when given, else minted); the quote becomes `bound` with `policyId`, `quoteBindErrors` " +
    "`[]` and each Sequence field generated at bind minted; the submission becomes `bound`. The policy's " +
    "exposures keep the quote's AddressV2 geocodes and OFAC screenings (an address is looked up again only where " +
    "the quote holds no geocode or a `failed` one). Answer `{quote, policy, advisories}`.",
  "**Invoices.** `invoicePlan` and `generateInvoices: true` together are 400. A bind carrying `invoicePlan`, or " +
    "`generateInvoices: true` where policy invoicing is configured, also needs `invoice.edit` (403), and a plan is " +
    "refused 403 `Policy financials are not enabled for this company` while `financials` or `policyFinancials` is " +
    "off. `generateInvoices: true` changes nothing where policy invoicing is not configured; where it is, a bind " +
    "must carry one of the two (rule `policy-invoicing`), and `generateInvoices: true` resolves the configured " +
    "presets into a plan (CONTRACT 7.12: the first policy invoice type, installments from `paymentDefaults`, one " +
    "line per priced kind split evenly in cents, the payee from `payeeDefaults.expression` on the quote's data); " +
    "presets that cannot be resolved fail the rule, and an explicit plan is then needed. The plan (given or " +
    "generated) is checked once the rules pass, against what the new policy writes, in the order 422 " +
    "`INVOICE_PLAN_INVALID`, 409 `INVOICE_HEAD_STALE`, 422 `INVOICE_PLAN_NOT_CONSERVING`; a refusal creates " +
    "nothing and leaves `quoteBindErrors` as it was. It commits with the new policy; `policy.invoicePlanResult` " +
    "names the invoices created.",
  BIND_RULES_DOC,
].join("\n\n");

export const bindQuote = defineRoute(
  companyRoute("P", "quote.bind", {
    method: "post",
    path: "/quotes/bind",
    operationId: "bindQuote",
    tags: ["Quotes"],
    summary: "Bind a quote into a new policy",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(BindBody) },
    responses: {
      200: jsonContent(BindResultSchema, "The bound quote, the new policy's version 1 and the advisories."),
      400: errorAnswer(
        "`VALIDATION_ERROR` (body, workflow name), `InvalidFieldModelV1Data`, `QuoteLifecycleFieldWrite`, or " +
          "`InvalidPolicyData` for a `transactionTimestamp` new business refuses.",
      ),
      ...notFoundResponse,
      409: errorAnswer("`InvalidLifecycleTransition` or `BindConditionsFailed`."),
      422: errorAnswer(
        "`RatingPreconditionFailed`, `RatingFailed` (by value), `INVOICE_PLAN_INVALID` or `INVOICE_PLAN_NOT_CONSERVING`.",
      ),
    },
  }),
  async (c) => {
    const { quoteId, quote, ratingWorkflowName, batchId: _batchId, ...options } = c.req.valid("json");
    const object = companyObject(contextOf(c));
    const result = quoteId
      ? await object.bindQuote({ quoteId, ...options })
      : await object.bindQuoteByValue({ quote: quote ?? {}, ratingWorkflowName: ratingWorkflowName ?? "", ...options });
    return jsonText(c, result);
  },
);
