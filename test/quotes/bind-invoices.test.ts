import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { must } from "../support/must";
import { date, QUOTE_CONFIGURATION, QUOTE_VALUES, setUpQuotes } from "./helpers";

/**
 * Bind with invoices where policy invoicing is configured (CONTRACT 5.6 rule `policy-invoicing`, 7.12).
 *
 * The `billed` workflow prices Premium 1,000.03 and Taxes 10.00 on the quote's 2030-01-01 to 2031-01-01 term
 * (365 days, pro-rata, whole term): priced(Premium) = 100,003 cents, priced(Taxes) = 1,000 cents.
 */

const BILLED_WORKFLOW = {
  name: "billed",
  stages: [
    {
      stageType: "pricing",
      raterSpec: {
        components: [
          { label: "Premium", group: "premium", kind: "Premium", value: "1000.03" },
          { label: "Tax", group: "taxes", kind: "Taxes", value: "10" },
        ],
      },
    },
  ],
};

/** Quarterly installments, first due 30 days after the policy start; the payee is the quote's `billTo`. */
function billingConfiguration(payeeExpression: string | null) {
  return {
    ...QUOTE_CONFIGURATION,
    fieldDefinitions: [
      ...QUOTE_CONFIGURATION.fieldDefinitions,
      { entityType: "quote", referenceId: "billTo", label: "Bill to", typeInfo: { kind: "String" } },
    ],
    ratingWorkflows: [...QUOTE_CONFIGURATION.ratingWorkflows, BILLED_WORKFLOW],
    financials: {
      documentVersion: 2,
      categories: [{ name: "Premium", kind: "operating", expectedDirection: "receivable" }],
      policyFinancials: {
        lineItemTypes: [
          {
            name: "Gross premium",
            direction: "receivable",
            category: "Premium",
            pricingKind: "Premium",
            allowedOn: [{ invoiceType: "Premium invoice", label: "Written premium" }],
          },
          {
            name: "Premium tax",
            direction: "receivable",
            category: "Premium",
            pricingKind: "Taxes",
            allowedOn: [{ invoiceType: "Premium invoice" }],
          },
        ],
        paymentDefaults: {
          paymentPeriod: "quarterly",
          firstDueDate: { anchor: "effective-date", daysAfter: 30 },
          avoidWeekendSends: false,
        },
        invoiceTypes: [
          {
            name: "Premium invoice",
            appliesTo: ["policy"],
            payeeDefaults: { expression: payeeExpression, allowedEntityTypes: ["person"] },
          },
        ],
      },
    },
  };
}

const bind = (q: Awaited<ReturnType<typeof setUpQuotes>>, body: object, key = q.admin) =>
  q.company.call("POST", "/quotes/bind", key, { body });

/** A rated quote of the `billed` workflow, billed to a new person. */
async function billedQuote(payeeExpression: string | null = "billTo") {
  const q = await setUpQuotes(billingConfiguration(payeeExpression));
  const person = await q.company.call("POST", "/entities/person", q.admin, { body: {} });
  expect(person.status, person.text).toBe(201);
  const personId = person.json.id as string;
  const id = await q.createQuote({ ...QUOTE_VALUES, billTo: personId });
  await q.rateAndCopy(id, "billed");
  return { q, id, personId };
}

const conditionsOf = async (q: Awaited<ReturnType<typeof setUpQuotes>>, id: string) =>
  (await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin)).json.failures as any[];

async function invoiceCount(companyId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>();
  return must(row).n;
}

describe("policy-invoicing where no invoice type applies to policies (CONTRACT 7.2)", () => {
  it("is not configured: a bind without a plan binds, and bind-conditions has no policy-invoicing failure", async () => {
    const configuration = billingConfiguration("billTo");
    const [type] = configuration.financials.policyFinancials.invoiceTypes;
    configuration.financials.policyFinancials.invoiceTypes = [{ ...must(type), appliesTo: ["event"] }];
    const q = await setUpQuotes(configuration);
    const id = await q.createQuote({ ...QUOTE_VALUES });
    await q.rateAndCopy(id, "billed");
    expect(await conditionsOf(q, id)).toEqual([]);
    const bound = await bind(q, { quoteId: id });
    expect(bound.status, bound.text).toBe(200);
    expect(await invoiceCount(q.company.id)).toBe(0);
  });
});

describe("policy-invoicing where policy invoicing is configured", () => {
  it("a bind carrying neither invoicePlan nor generateInvoices fails the rule, and binds nothing", async () => {
    const { q, id } = await billedQuote();
    expect(await conditionsOf(q, id)).toEqual([]);
    const error = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([
      {
        field: "policy-invoicing",
        message:
          "Policy invoicing is configured for this company: the bind must carry an invoicePlan or " +
          "generateInvoices: true",
      },
    ]);
    expect((await q.readQuote(id)).data.quoteStatus).toBe("inProgress");
  });

  it("generateInvoices: true bills the presets with the new policy (worked example)", async () => {
    // Quarterly: 4 installments. First due = policyStartDate 2030-01-01 + 30 days = 2030-01-31; then +3 months
    // each, the day clamped to the month's end: 2030-04-30 (April has 30 days), 2030-07-31, 2030-10-31. Each
    // issue date = due - 30 days: 2030-01-01, 2030-03-31, 2030-07-01, 2030-10-01 (all after the bind day).
    // Premium 100,003 / 4 = 25,000 remainder 3 (on the first): 25,003, 25,000, 25,000, 25,000.
    // Taxes 1,000 / 4 = 250 each. One invoice per installment (both types share the Premium category).
    const { q, id, personId } = await billedQuote();
    const res = await bind(q, { quoteId: id, generateInvoices: true });
    expect(res.status, res.text).toBe(200);
    const policyId = res.json.policy.policyId;
    const listed = await q.company.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}`, q.admin);
    const invoices = listed.json.items as any[];
    expect(res.json.policy.invoicePlanResult).toEqual({ voided: [], created: invoices.map((i) => i.id) });
    expect(
      invoices.map((i) => [i.issueDate.date, i.dueDate.date, i.lineItems.map((l: any) => [l.label, l.amountCents])]),
    ).toEqual([
      [
        "2030-01-01",
        "2030-01-31",
        [
          ["Written premium", 25_003],
          ["Premium tax", 250],
        ],
      ],
      [
        "2030-03-31",
        "2030-04-30",
        [
          ["Written premium", 25_000],
          ["Premium tax", 250],
        ],
      ],
      [
        "2030-07-01",
        "2030-07-31",
        [
          ["Written premium", 25_000],
          ["Premium tax", 250],
        ],
      ],
      [
        "2030-10-01",
        "2030-10-31",
        [
          ["Written premium", 25_000],
          ["Premium tax", 250],
        ],
      ],
    ]);
    expect(invoices.every((i) => i.payee.entityId === personId && i.invoiceType === "Premium invoice")).toBe(true);
    expect(invoices.reduce((sum, i) => sum + i.totalCents, 0)).toBe(101_003);
  });

  it("presets that cannot be resolved fail the rule; an explicit plan binds instead", async () => {
    const { q, id, personId } = await billedQuote("insuredName");
    const message =
      "The configured invoice presets cannot be resolved (payee cannot be resolved): bind with an explicit " +
      "invoicePlan instead";
    expect(await conditionsOf(q, id)).toEqual([{ rule: "policy-invoicing", message }]);
    expectError(await q.company.call("POST", `/quotes/${id}/complete`, q.admin), 409, "BindConditionsFailed");
    const error = expectError(await bind(q, { quoteId: id, generateInvoices: true }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([{ field: "policy-invoicing", message }]);

    const configuration = (await q.company.call("GET", "/financials/configuration", q.admin)).json;
    const typeId = (name: string) => configuration.lineItemTypes.find((t: any) => t.name === name).lineItemTypeId;
    const create = (premium: number) => ({
      invoiceType: "Premium invoice",
      issueDate: date("2030-01-01"),
      dueDate: date("2030-01-31"),
      payee: { entityType: "person", entityId: personId },
      lineItems: [
        { lineItemTypeId: typeId("Gross premium"), amountCents: premium },
        { lineItemTypeId: typeId("Premium tax"), amountCents: 1_000 },
      ],
    });
    const errorsBefore = (await q.readQuote(id)).data.quoteBindErrors;
    expect(errorsBefore).toEqual([`policy-invoicing: ${message}`]);
    const short = await bind(q, { quoteId: id, invoicePlan: { voidInvoices: [], createInvoices: [create(100_000)] } });
    const gap = expectError(short, 422, "INVOICE_PLAN_NOT_CONSERVING");
    expect(gap.details.map((d) => d.field)).toEqual(["Premium"]);
    expect((await q.readQuote(id)).data).toMatchObject({ quoteStatus: "inProgress", quoteBindErrors: errorsBefore });
    expect(await invoiceCount(q.company.id)).toBe(0);

    const bound = await bind(q, { quoteId: id, invoicePlan: { voidInvoices: [], createInvoices: [create(100_003)] } });
    expect(bound.status, bound.text).toBe(200);
    expect(bound.json.policy.invoicePlanResult.created).toHaveLength(1);
    expect(await invoiceCount(q.company.id)).toBe(1);
  });

  it("bind by value bills the presets too", async () => {
    const { q, personId } = await billedQuote();
    const res = await bind(q, {
      quote: { ...QUOTE_VALUES, billTo: personId },
      ratingWorkflowName: "billed",
      generateInvoices: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.policy.invoicePlanResult.created).toHaveLength(4);
    expect(await invoiceCount(q.company.id)).toBe(4);
  });
});
