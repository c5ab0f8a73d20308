import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listLegacyQuotes, readLegacyQuote } from "../../operations/quotes/legacy-quotes";
import { quoteParams } from "./schemas";

const LegacyFullQuoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    wizardType: z.enum(["quote", "endorsement", "renewal", "forms", "cancellation"]),
    status: z.string(),
    submissionId: z.uuid().nullable(),
    policyId: z.uuid().optional(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi("LegacyQuote");

const LegacyQuoteInfoSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    policyId: z.uuid().optional(),
    grandTotal: z.number().optional(),
    policyCurrency: z.literal("USD").optional(),
  })
  .openapi("LegacyQuoteInfo");

const MAPPING =
  "`status` is `quoteStatus` in snake case (`in_progress`, `complete`, `bound`, `cancelled`); `number` is " +
  "`quoteNumber`.";
const FULL =
  `${MAPPING} \`wizardType\`: \`newBusiness\` → \`quote\`, \`renewal\`, \`endorsement\`. \`data\` is the current ` +
  "data without the lifecycle fields, with `exposures`; `policyId` only once bound.";
const INFO =
  `${MAPPING} \`grandTotal\` is the stored \`fullTermPolicyRatingResult.policyGrandTotal\`, else premium + taxes + ` +
  "fees of the stored `fullTermPricingInfo`, absent when neither is stored; `policyCurrency` is `USD` whenever " +
  "`grandTotal` is present; `policyId` only once bound.";

const listRoute = <T extends z.ZodType>(shape: "full" | "lightweight", item: T) =>
  companyRoute("O", "company.quote:read", {
    method: "get",
    path: shape === "full" ? "/quotes" : "/quotes-info",
    operationId: shape === "full" ? "listQuotesLegacy" : "listQuotesInfoLegacy",
    tags: ["Quotes"],
    summary: shape === "full" ? "List quotes (oldest family)" : "List lightweight quotes (oldest family)",
    description: `Newest first. ${shape === "full" ? FULL : INFO}`,
    request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
    responses: { 200: jsonContent(pageEnvelope(item), "A page."), ...validationErrorResponse },
  });

/** `GET O/quotes` (full quotes) and `GET O/quotes-info` (lightweight ones). */
export const legacyQuoteListRoutes: RouteEntry[] = [
  defineRoute(listRoute("full", LegacyFullQuoteSchema), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const limits = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listLegacyQuotes(contextOf(c), { shape: "full", ...limits });
    return c.json({ items, totalCount, page, pageSize }, 200);
  }),
  defineRoute(listRoute("lightweight", LegacyQuoteInfoSchema), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const limits = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listLegacyQuotes(contextOf(c), { shape: "lightweight", ...limits });
    return c.json({ items, totalCount, page, pageSize }, 200);
  }),
];

export const getLegacyQuote = defineRoute(
  companyRoute("O", "company.quote:read", {
    method: "get",
    path: "/quotes/{quoteId}",
    operationId: "getQuoteLegacy",
    tags: ["Quotes"],
    summary: "Read a quote (oldest family)",
    description: FULL,
    request: { params: quoteParams },
    responses: {
      200: jsonContent(LegacyFullQuoteSchema, "The legacy full quote."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(await readLegacyQuote(contextOf(c), { quoteId: c.req.valid("param").quoteId }), 200),
);
