import { z } from "@hono/zod-openapi";
import { isCalendarDay } from "../../domain/dates/fmv1-date";
import { EARNED_KINDS } from "../../domain/policies/earned-premium";
import { offsetOf, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { boundedString, uuidString } from "../../lib/bounded";
import { earnedPremiumReport as reportEarnedPremium } from "../../operations/policies/earned-premium-report";

const Query = z.object({
  asOf: boundedString(10)
    .refine(isCalendarDay, "must be a civil day written YYYY-MM-DD that is a real calendar day")
    .openapi({
      description: "The day the report is taken at, `YYYY-MM-DD` (required). Days before it are earned.",
      example: "2026-07-01",
    }),
  policyId: uuidString()
    .optional()
    .openapi({ description: "Only this policy (an id of another company matches nothing)." }),
  ...pageQuery(50, 500),
});

const Figures = z
  .object({ writtenCents: z.number().int(), earnedCents: z.number().int(), unearnedCents: z.number().int() })
  .openapi("EarnedFigures", { description: "Integer cents; `earnedCents + unearnedCents = writtenCents` always." });

const ComponentEarningsSchema = Figures.extend({
  label: z.string(),
  group: z.string(),
  kind: z.enum(EARNED_KINDS),
  earningBasis: z.enum(["pro-rata", "fully-earned-at-inception"]),
}).openapi("ComponentEarnings");

const PolicyEarningsSchema = z
  .object({
    policyId: z.uuid(),
    policyNumber: z.string(),
    version: z.number().int().openapi({ description: "The current version the figures are computed from." }),
    status: z.enum(["active", "cancelled"]),
    termStart: z.string().openapi({ description: "First day of the term (ISO date)." }),
    termEnd: z.string().openapi({ description: "Day the term ends (exclusive, ISO date)." }),
    coverageEnd: z.string().openapi({
      description: "Day coverage ends (exclusive): the term end, or the cancellation date while cancelled.",
    }),
    termDays: z.number().int(),
    elapsedDays: z
      .number()
      .int()
      .openapi({ description: "Covered days before `asOf`: `[termStart, min(asOf, coverageEnd))`." }),
    components: z
      .array(ComponentEarningsSchema)
      .openapi({ description: "One row per component (same kind, group, label and earning basis across segments)." }),
    byKind: z.object(
      Object.fromEntries(EARNED_KINDS.map((k) => [k, Figures])) as Record<
        (typeof EARNED_KINDS)[number],
        typeof Figures
      >,
    ),
    otherCents: z
      .number()
      .int()
      .openapi({ description: "Components of kind `Other`: not premium, never earned, not in `totals`." }),
    totals: Figures.openapi({
      description: "Premium + Taxes + Fees. Commissions are shares of premium: shown in `byKind`, not added here.",
    }),
  })
  .openapi("PolicyEarnings");

const ReportSchema = z.object({
  asOf: z.string(),
  items: z.array(PolicyEarningsSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const RULES = [
  "Per policy, from its current version, and per pricing component and component kind, in integer cents.",
  "",
  "- **Amounts**: a component's cents are round-half-even of `value × 100` on its decimal spelling (1000.01 → " +
    "100001; 0.125 → 12).",
  "- **Pro-rata** components (`earningBasis` `pro-rata` or omitted) earn by day. Each segment carries the " +
    "full-term value in force during it; the segment contributes `cents × days ÷ termDays`, `termDays` being the " +
    "term the segment was priced for (its `policyStartDate` to `policyEndDate`). **Written** counts the segment's " +
    "days inside the coverage, so a cancellation cuts it at the cancellation date and a reinstatement restores " +
    "it; **earned** counts the days before `asOf` (`[termStart, min(asOf, coverageEnd))`, so `asOf` on or after " +
    "the coverage end earns everything written).",
  "- **Rounding**: a component's segment shares are added exactly and rounded once toward zero (floor for " +
    "positive amounts), separately for written and for earned; **unearned = written − earned**, so " +
    "`earnedCents + unearnedCents = writtenCents` exactly and an endorsement that leaves a price unchanged moves " +
    "no cent.",
  "- **Fully-earned-at-inception** components are written at the value in the version's current " +
    "`fullTermPricingInfo` (kept through a cancellation) and earned whole once `asOf` is on or after the term " +
    "start.",
  "- Kind **Other** is not premium: reported as `otherCents` (current value), never earned, excluded from " +
    "`byKind` and `totals`.",
  "- `byKind` sums the components of each kind; `totals` add Premium, Taxes and Fees.",
  "",
  "Policies are ordered by policy number; `policyId` narrows the report to one policy. `page` is one-based; " +
    "`pageSize` defaults to 50 and values above 500 are clamped to 500. `asOf` missing or not a real " +
    "`YYYY-MM-DD` day is 400 `VALIDATION_ERROR`.",
].join("\n");

export const earnedPremiumReport = defineRoute(
  companyRoute("P", "policy.view", {
    method: "get",
    path: "/policies/earned-premium",
    operationId: "earnedPremiumReport",
    tags: ["Policies"],
    summary: "Earned and unearned premium as of a day",
    description: RULES,
    request: { params: companyParams(), query: Query },
    responses: {
      200: jsonContent(ReportSchema, "A page of policies with their written, earned and unearned cents."),
      ...validationErrorResponse,
    },
  }),
  async (c) => {
    const { asOf, policyId, page, pageSize } = c.req.valid("query");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await reportEarnedPremium(contextOf(c), { asOf, policyId }, window);
    return c.json({ asOf, items, totalCount, page, pageSize }, 200);
  },
);
