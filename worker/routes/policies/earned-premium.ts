import { z } from "@hono/zod-openapi";
import { isCalendarDay } from "../../domain/dates/fmv1-date";
import { EARNED_KINDS } from "../../domain/policies/earned-premium";
import { POLICY_STATUSES } from "../../domain/policies/version-view";
import { offsetOf, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { boundedString, instantString, uuidString } from "../../lib/bounded";
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
  bookedAsOf: instantString()
    .optional()
    .openapi({
      description:
        "An instant (ISO 8601 date-time): only transactions whose `transactionTimestamp` is at or before it " +
        "count, so a closed period's figures are reproduced exactly whatever was booked after it. Policies " +
        "with no transaction booked by then are left out. Omitted: every transaction counts.",
      example: "2026-06-30T23:59:59Z",
    }),
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
    version: z
      .number()
      .int()
      .openapi({ description: "The last version counted: the current one, or the last booked by `bookedAsOf`." }),
    status: z.enum(POLICY_STATUSES).openapi({
      description:
        "As of `asOf`: `cancelled` from the cancellation's date, `expired` from the term end, else `active`.",
    }),
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
  bookedAsOf: z.string().optional().openapi({ description: "Echoed when given." }),
  items: z.array(PolicyEarningsSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const RULES = [
  "Per policy and per pricing component and component kind, in integer cents, from the ledger of transaction " +
    "premium: the transaction premium of a transaction is the change in written premium it causes (new business " +
    "and renewal write the whole, an endorsement its additional or return premium, a cancellation a negative " +
    "return premium, a reinstatement what it restores); the bordereau rows carry it per kind. A policy's " +
    "figures are the sums over its transactions, which are those of its current version.",
  "",
  "- **Amounts** are read exactly from their decimal spelling (10.005 is 10.005) and rounded to cents once, " +
    "half to even, at the end: a fully-earned value whole (1000.01 → 100001; 0.125 → 12), a pro-rata one " +
    "after its share of the days (10.005 for 183 of 365 days: 1000.5 × 183 ÷ 365 = 501.62… → 502).",
  "- **Pro-rata** components (`earningBasis` `pro-rata` or omitted) are full-term prices: each segment in force " +
    "writes `value × days ÷ termDays`, `termDays` being the policy's own term (`policyStartDate` to the " +
    "`policyEndDate` of the new business or of the last endorsement that moved it), the same for every " +
    "segment. **Written** counts the days in force (a cancellation cuts them at its date, a reinstatement " +
    "restores them), added exactly and rounded once, half to even. **Earned** counts the days in force before " +
    "`asOf`, rounded toward zero (never ahead of the days) until every day in force has elapsed, when it is " +
    "the written amount; **unearned = written − earned**.",
  "- **Fully-earned-at-inception** components are written whole on the first day in force that carries them " +
    "(the effective date of the transaction that brought them in) and earned from that day; they are kept " +
    "when later pricing omits them, a later higher value writes the difference from its own date, and a lower " +
    "one returns nothing. Nothing is written for days not in force: a flat cancellation writes nothing.",
  "- Kind **Other** is not premium: reported as `otherCents` (current value), never earned, excluded from " +
    "`byKind` and `totals`.",
  "- `byKind` sums the components of each kind; `totals` add Premium, Taxes and Fees.",
  "- **`bookedAsOf`**: only the transactions booked by then count (their transaction premiums and their " +
    "changes to earned premium); the term, coverage and status come from the last version booked.",
  "",
  "Policies are ordered by policy number; `policyId` narrows the report to one policy. `page` is one-based; " +
    "`pageSize` defaults to 50 and values above 500 are clamped to 500. `asOf` missing or not a real " +
    "`YYYY-MM-DD` day, or `bookedAsOf` not an ISO date-time, is 400 `VALIDATION_ERROR`.",
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
    const { asOf, policyId, bookedAsOf, page, pageSize } = c.req.valid("query");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await reportEarnedPremium(contextOf(c), { asOf, policyId, bookedAsOf }, window);
    return c.json({ asOf, ...(bookedAsOf ? { bookedAsOf } : {}), items, totalCount, page, pageSize }, 200);
  },
);
