import { expect } from "vitest";
import { POLICY_CONFIGURATION } from "../policies/helpers";
import { createCompany, type TestCompany } from "../support/harness";
import { must } from "../support/must";

/**
 * The financials configuration the financials tests write against: a reserved payable category for claims
 * (Indemnity), an operating payable one (Expense), a reserved receivable one (Recovery), and operating ones
 * for policy premium (receivable) and commissions (payable), with line item types of each.
 */
export const FINANCIALS = {
  documentVersion: 2,
  categories: [
    { name: "Indemnity", kind: "reserved", expectedDirection: "payable" },
    { name: "Expense", kind: "operating", expectedDirection: "payable" },
    { name: "Recovery", kind: "reserved", expectedDirection: "receivable" },
    { name: "Premium", kind: "operating", expectedDirection: "receivable" },
    { name: "Commission", kind: "operating", expectedDirection: "payable" },
  ],
  policyFinancials: {
    invoiceTypes: [
      {
        name: "Claim invoice",
        appliesTo: ["event"],
        payeeDefaults: { expression: null, allowedEntityTypes: ["person"] },
      },
      { name: "Premium invoice", appliesTo: ["policy"] },
      { name: "Commission statement", appliesTo: ["policy"] },
    ],
    lineItemTypes: [
      {
        name: "Indemnity payment",
        direction: "payable",
        category: "Indemnity",
        allowedOn: [{ invoiceType: "Claim invoice" }],
      },
      {
        name: "Legal fee",
        direction: "payable",
        category: "Indemnity",
        allowedOn: [{ invoiceType: "Claim invoice", label: "Counsel" }],
      },
      {
        name: "Adjuster fee",
        direction: "payable",
        category: "Expense",
        allowedOn: [{ invoiceType: "Claim invoice" }],
      },
      {
        name: "Subrogation",
        direction: "receivable",
        category: "Recovery",
        allowedOn: [{ invoiceType: "Claim invoice" }],
      },
      { name: "Old fee", direction: "payable", category: "Indemnity", lifecycle: "deprecated", allowedOn: [] },
      { name: "Uncategorised", direction: "payable", allowedOn: [{ invoiceType: "Claim invoice" }] },
      {
        name: "Gross premium",
        direction: "receivable",
        category: "Premium",
        pricingKind: "Premium",
        allowedOn: [{ invoiceType: "Premium invoice", label: "Gross premium" }],
      },
      {
        name: "Premium tax",
        direction: "receivable",
        category: "Premium",
        pricingKind: "Taxes",
        allowedOn: [{ invoiceType: "Premium invoice" }],
      },
      {
        name: "Policy fee",
        direction: "receivable",
        category: "Premium",
        pricingKind: "Fees",
        allowedOn: [{ invoiceType: "Premium invoice" }],
      },
      { name: "Return premium", direction: "payable", category: "Commission", pricingKind: "Premium", allowedOn: [] },
      {
        name: "Broker commission",
        direction: "payable",
        category: "Commission",
        pricingKind: "BrokerCommission",
        allowedOn: [{ invoiceType: "Commission statement" }],
      },
      {
        name: "Program commission",
        direction: "payable",
        category: "Commission",
        pricingKind: "ProgramCommission",
        allowedOn: [{ invoiceType: "Commission statement" }],
      },
    ],
    paymentDefaults: null,
  },
};

/** Full-year pricing in round figures, so written = the full-term value (cents below). */
export const PLAN_PRICING = {
  pricingComponents: [
    { label: "Base premium", group: "premium", kind: "Premium", value: 1200 },
    { label: "State tax", group: "taxes", kind: "Taxes", value: 60 },
    { label: "Broker", group: "commission", kind: "BrokerCommission", value: 120 },
  ],
};
export const PRICED = { Premium: 120_000, Taxes: 6_000, Fees: 0, BrokerCommission: 12_000, ProgramCommission: 0 };

export interface Ids {
  categories: Record<string, string>;
  types: Record<string, string>;
}

export interface FinancialsFixture {
  company: TestCompany;
  admin: string;
  ids: Ids;
  eventId: string;
  personId: string;
  organizationId: string;
  /** A new event's id. */
  event(): Promise<string>;
  person(): Promise<string>;
  call: (method: string, path: string, body?: unknown, key?: string) => ReturnType<TestCompany["call"]>;
}

/** A Sandbox company with policy and financials configuration, an event, a person and an organization. */
export async function setUpFinancials(): Promise<FinancialsFixture> {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, {
    body: { ...POLICY_CONFIGURATION, financials: FINANCIALS },
  });
  expect(imported.status, imported.text).toBe(200);
  const configuration = await company.call("GET", "/financials/configuration", admin);
  expect(configuration.status, configuration.text).toBe(200);
  const ids: Ids = {
    categories: Object.fromEntries(configuration.json.categories.map((c: any) => [c.name, c.categoryId])),
    types: Object.fromEntries(configuration.json.lineItemTypes.map((t: any) => [t.name, t.lineItemTypeId])),
  };
  const create = async (type: string) => {
    const res = await company.call("POST", `/entities/${type}`, admin, { body: {} });
    expect(res.status, res.text).toBeLessThan(300);
    return must(res.json.id) as string;
  };
  const call = (method: string, path: string, body?: unknown, key = admin) =>
    company.call(method, path, key, body === undefined ? {} : { body });
  return {
    company,
    admin,
    ids,
    eventId: await create("event"),
    personId: await create("person"),
    organizationId: await create("organization"),
    event: () => create("event"),
    person: () => create("person"),
    call,
  };
}

export const day = (date: string) => ({ date, timezone: "America/New_York" });

/** An ad-hoc claim invoice body on an event, paid to a person. */
export function claimInvoice(
  f: FinancialsFixture,
  lines: Array<[type: string, cents: number]>,
  extra: Record<string, unknown> = {},
) {
  return {
    entityType: "event",
    entityId: f.eventId,
    invoiceType: "Claim invoice",
    issueDate: day("2026-03-01"),
    dueDate: day("2026-03-31"),
    payee: { entityType: "person", entityId: f.personId },
    lineItems: lines.map(([type, amountCents]) => ({ lineItemTypeId: must(f.ids.types[type]), amountCents })),
    ...extra,
  };
}

/** Creates an invoice and returns it, asserting 201. */
export async function createInvoice(f: FinancialsFixture, body: unknown) {
  const res = await f.call("POST", "/financials/invoices", body);
  expect(res.status, res.text).toBe(201);
  // Sent as the company object's JSON text (`jsonText`), with the content type `c.json` gives.
  expect(res.headers.get("Content-Type")).toBe("application/json");
  return res.json;
}

/** Balances of a scope, or the company's. */
export async function balancesOf(f: FinancialsFixture, scope?: { entityType: string; entityId: string }) {
  const path = scope ? `/financials/entities/${scope.entityType}/${scope.entityId}/balances` : "/financials/balances";
  const res = await f.call("GET", path);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** A category's balances by name, or undefined when it is not shown. */
export const categoryNamed = (balances: any, name: string) => balances.categories.find((c: any) => c.name === name);

/** The debit-carrying side of role x direction (CONTRACT section 7.3), for checking balances add up. */
export function carriesDebit(role: string, direction: string | null): boolean {
  if (role === "cash") return true;
  const expense = ["line_item", "unpaid", "additional"].includes(role);
  return direction === "payable" ? expense : !expense;
}

/** In every scope: the debit-carrying accounts' amounts add up to the credit-carrying ones'. */
export function expectBalanced(balances: any) {
  let debit = balances.cash?.amountCents ?? 0;
  let credit = 0;
  for (const category of balances.categories) {
    for (const account of category.accounts) {
      if (carriesDebit(account.role, account.direction)) debit += account.amountCents;
      else credit += account.amountCents;
    }
  }
  expect(debit).toBe(credit);
}
