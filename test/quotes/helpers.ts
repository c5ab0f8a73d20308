import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, createCompany, type TestCompany } from "../support/harness";

/** Quote, exposure and policy fields, and the rating workflows the quote tests rate with. */
export const QUOTE_CONFIGURATION = {
  fieldDefinitions: [
    {
      entityType: "quote",
      referenceId: "insuredName",
      label: "Insured name",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "quote", referenceId: "state", label: "State", typeInfo: { kind: "String" } },
    { entityType: "quote", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
    {
      entityType: "quote",
      referenceId: "quoteRef",
      label: "Quote reference",
      typeInfo: { kind: "Sequence", prefix: "QR-", padding: 3 },
      generatedAt: "bind",
    },
    {
      entityType: "quote",
      referenceId: "underwriterNote",
      label: "Underwriter note",
      typeInfo: { kind: "String" },
      writePermission: "underwriting",
    },
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "exposure", referenceId: "value", label: "Value", typeInfo: { kind: "Number" } },
    { entityType: "policy", referenceId: "insuredName", label: "Insured name", typeInfo: { kind: "String" } },
    { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
    { entityType: "submission", referenceId: "brokerName", label: "Broker", typeInfo: { kind: "String" } },
  ],
  ratingWorkflows: [
    {
      name: "standard",
      stages: [
        {
          stageType: "table",
          raterSpec: {
            rows: [
              { match: { state: "NY" }, value: 1.2 },
              { match: { state: "CA" }, value: 1.5 },
            ],
            default: 1,
          },
          inputs: { state: "state" },
          outputPath: "factors.state",
        },
        {
          stageType: "expression",
          raterSpec: { expression: "exposure.value * 0.01" },
          callOncePerPath: true,
          outputPath: "exposureBase",
        },
        {
          stageType: "pricing",
          callOncePerPath: true,
          raterSpec: {
            components: [
              {
                label: "Vehicle premium",
                group: "premium",
                kind: "Premium",
                value: "round(exposure.value * 0.01 * rating.factors.state, 2)",
              },
            ],
          },
        },
        {
          stageType: "pricing",
          raterSpec: {
            components: [
              {
                label: "State tax",
                group: "taxes",
                kind: "Taxes",
                value: "round(sum(rating.exposureBase) * rating.factors.state * 0.05, 2)",
              },
              {
                label: "Policy fee",
                group: "fees",
                kind: "Fees",
                value: "25",
                earningBasis: "fully-earned-at-inception",
              },
              {
                label: "Broker",
                group: "commission",
                kind: "BrokerCommission",
                value: "round(sum(rating.exposureBase) * 0.1, 2)",
              },
            ],
          },
        },
      ],
      warnings: [{ expression: "pricing.premium < 1000", message: "Premium is 1,000 or more: refer to underwriting" }],
      preconditions: [{ expression: "state != null", message: "A state is needed to rate" }],
      billingPreconditions: [{ expression: "limit != null", message: "No limit: billing will need one" }],
    },
    {
      name: "clock",
      stages: [
        {
          stageType: "pricing",
          raterSpec: { components: [{ label: "Flat", group: "premium", kind: "Premium", value: "500" }] },
        },
      ],
      preconditions: [
        { expression: "dateOf(policyStartDate) >= dateOf(today())", message: "The term may not start in the past" },
      ],
    },
    {
      name: "flat",
      stages: [
        {
          stageType: "pricing",
          raterSpec: { components: [{ label: "Flat", group: "premium", kind: "Premium", value: "500" }] },
        },
      ],
    },
    {
      name: "typeError",
      stages: [{ stageType: "expression", raterSpec: { expression: "state * 2" }, outputPath: "doubled" }],
    },
    {
      name: "noDefault",
      stages: [
        {
          stageType: "table",
          raterSpec: { rows: [{ match: { state: "NY" }, value: 1 }] },
          inputs: { state: "state" },
          outputPath: "f",
        },
      ],
    },
    {
      name: "textComponent",
      stages: [
        {
          stageType: "pricing",
          raterSpec: { components: [{ label: "Odd", group: "premium", kind: "Premium", value: "state" }] },
        },
      ],
    },
  ],
};

/** The quote configuration with an exposure field locked behind the `underwriting` write group. */
export const LOCKED_EXPOSURE_CONFIGURATION = {
  ...QUOTE_CONFIGURATION,
  fieldDefinitions: [
    ...QUOTE_CONFIGURATION.fieldDefinitions,
    {
      entityType: "exposure",
      referenceId: "vin",
      label: "VIN",
      typeInfo: { kind: "String" },
      writePermission: "underwriting",
    },
  ],
};

export const date = (day: string) => ({ date: day, timezone: "America/New_York" });

/** A quote that passes every bind rule once it carries pricing (`fullTermPricingInfo`). */
export const QUOTE_VALUES = {
  insuredName: "Acme Haulage",
  state: "NY",
  limit: 1_000_000,
  policyStartDate: date("2030-01-01"),
  policyEndDate: date("2031-01-01"),
  exposures: [
    { exposureName: "Truck 1", value: 20_000 },
    { exposureName: "Truck 2", value: 30_000 },
  ],
};

export interface QuoteSetup {
  company: TestCompany;
  admin: string;
  /** Calls a path under the oldest family prefix of the company. */
  legacy(method: string, path: string, key: string, body?: unknown): ReturnType<typeof call>;
  /** Calls a path under the second family prefix of the company. */
  second(method: string, path: string, key: string, body?: unknown): ReturnType<typeof call>;
  createSubmission(body?: Record<string, unknown>): Promise<string>;
  createQuote(body?: Record<string, unknown>): Promise<string>;
  readQuote(id: string): Promise<any>;
  readSubmission(id: string): Promise<any>;
  rate(id: string, ratingWorkflowName?: string): Promise<any>;
  /** Rates with `standard` and copies the pricing into the quote, as the interface's bind flow does. */
  rateAndCopy(id: string, ratingWorkflowName?: string): Promise<any>;
}

export async function setUpQuotes(configuration: object = QUOTE_CONFIGURATION): Promise<QuoteSetup> {
  const company = await createCompany();
  const admin = await company.key(["Admin"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: configuration });
  expect(imported.status, JSON.stringify(imported.json)).toBe(200);
  const created = async (res: { status: number; json: any }) => {
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  const ok = (res: { status: number; json: any }) => {
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };
  return {
    company,
    admin,
    legacy: (method, path, key, body) =>
      call(method, `/api/external/companies/${company.id}${path}`, { auth: key, ...(body ? { body } : {}) }),
    second: (method, path, key, body) =>
      call(method, `/api/v1/external/companies/${company.id}${path}`, { auth: key, ...(body ? { body } : {}) }),
    createSubmission: async (body = {}) => created(await company.call("POST", "/entities/submission", admin, { body })),
    createQuote: async (body = QUOTE_VALUES) => created(await company.call("POST", "/entities/quote", admin, { body })),
    readQuote: async (id) => ok(await company.call("GET", `/quotes/${id}`, admin)),
    readSubmission: async (id) => ok(await company.call("GET", `/entities/submission/${id}`, admin)),
    rate: async (id, ratingWorkflowName = "standard") =>
      ok(await company.call("POST", `/quotes/${id}/rate`, admin, { body: { ratingWorkflowName } })),
    rateAndCopy: async (id, ratingWorkflowName = "standard") => {
      const rating = ok(await company.call("POST", `/quotes/${id}/rate`, admin, { body: { ratingWorkflowName } }));
      const { fullTermPricingInfo, fullTermPolicyRatingResult } = rating;
      const body = { fullTermPricingInfo, fullTermPolicyRatingResult };
      ok(await company.call("PATCH", `/entities/quote/${id}`, admin, { body }));
      return rating;
    },
  };
}

/** Rows of one table that belong to the company (a direct look at what was written). */
export async function countRows(table: string, companyId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`).bind(companyId).first();
  return Number(row?.n ?? 0);
}
