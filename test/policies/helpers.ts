import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createCompany, type TestCompany } from "../support/harness";
import { must } from "../support/must";

/** Policy fields, exposures and the renewal link the policy tests write against. */
export const POLICY_CONFIGURATION = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "exposure", referenceId: "exposureId", label: "Exposure id", typeInfo: { kind: "String" } },
    { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
    {
      entityType: "policy",
      referenceId: "coverageType",
      label: "Coverage type",
      typeInfo: { kind: "Select", optionSet: "coverageTypes" },
    },
    { entityType: "policy", referenceId: "retroDate", label: "Retroactive date", typeInfo: { kind: "Date" } },
    {
      entityType: "policy",
      referenceId: "underwriterNote",
      label: "Underwriter note",
      typeInfo: { kind: "String" },
      writePermission: "underwriting",
    },
  ],
  optionSets: [
    {
      key: "coverageTypes",
      options: [
        { value: "gl", label: "General liability" },
        { value: "auto", label: "Auto" },
      ],
    },
  ],
  relationships: [{ key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" }],
};

export const TERM_START = "2026-01-01";
export const TERM_END = "2027-01-01";
export const NY = "America/New_York";

export const date = (day: string, timezone = NY) => ({ date: day, timezone });

export const PRICING = {
  pricingComponents: [
    { label: "Base premium", group: "premium", kind: "Premium", value: 1000 },
    { label: "Terrorism", group: "premium", kind: "Premium", value: 250.5, earningBasis: "fully-earned-at-inception" },
    { label: "State tax", group: "taxes", kind: "Taxes", value: 30.25 },
    { label: "Policy fee", group: "fees", kind: "Fees", value: 25, earningBasis: "fully-earned-at-inception" },
    { label: "Broker", group: "commission", kind: "BrokerCommission", value: 100 },
    { label: "Program", group: "commission", kind: "ProgramCommission", value: 50 },
    { label: "Other", group: "other", kind: "Other", value: 7 },
  ],
};
export const PRICING_ROLLUPS = {
  premium: 1250.5,
  taxes: 30.25,
  fees: 25,
  brokerCommission: 100,
  programCommission: 50,
};

let clock = Date.parse("2026-01-01T12:00:00.000Z");
/** Distinct, increasing transaction timestamps (the list of all versions orders by them). */
export const nextTimestamp = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};

/** A valid new-business body; `data` members override (undefined removes one). */
export function newBusinessBody(data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    policyStartDate: { date: TERM_START },
    policyEndDate: { date: TERM_END },
    fullTermPricingInfo: PRICING,
    exposures: [{ exposureName: "Main street warehouse", exposureId: "exp-1" }],
    limit: 1_000_000,
  };
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return { transactionTimestamp: nextTimestamp(), displayAuthor: "Ada Underwriter", data: base, ...extra };
}

export function endorseBody(
  effectiveDay: string,
  deltas: Array<{ path: string; value: unknown }>,
  extra: Record<string, unknown> = {},
) {
  return {
    transactionTimestamp: nextTimestamp(),
    displayAuthor: "Endorser",
    effectiveDate: date(effectiveDay),
    deltas,
    ...extra,
  };
}

export const cancelBody = (effectiveDay: string, extra: Record<string, unknown> = {}) => ({
  transactionTimestamp: nextTimestamp(),
  displayAuthor: "Canceller",
  effectiveDate: date(effectiveDay),
  ...extra,
});
export const reinstateBody = (extra: Record<string, unknown> = {}) => ({
  transactionTimestamp: nextTimestamp(),
  displayAuthor: "Reinstater",
  ...extra,
});

export interface PolicyFixture {
  company: TestCompany;
  admin: string;
  newBusiness(data?: Record<string, unknown>, extra?: Record<string, unknown>): Promise<any>;
  endorse(
    policyId: string,
    effectiveDay: string,
    deltas: Array<{ path: string; value: unknown }>,
  ): ReturnType<TestCompany["call"]>;
  cancel(policyId: string, effectiveDay: string): ReturnType<TestCompany["call"]>;
  reinstate(policyId: string): ReturnType<TestCompany["call"]>;
}

/** A company with the policy configuration imported and a SUPER_ADMIN key. */
export async function setUpPolicies(configuration: object = POLICY_CONFIGURATION): Promise<PolicyFixture> {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: configuration });
  expect(imported.status, imported.text).toBe(200);
  return {
    company,
    admin,
    async newBusiness(data, extra) {
      const res = await company.call("POST", "/policies/transaction/new-business", admin, {
        body: newBusinessBody(data, extra),
      });
      expect(res.status, res.text).toBe(200);
      return res.json;
    },
    endorse: (policyId, day, deltas) =>
      company.call("POST", `/policies/${policyId}/transaction/endorse`, admin, { body: endorseBody(day, deltas) }),
    cancel: (policyId, day) =>
      company.call("POST", `/policies/${policyId}/transaction/cancel`, admin, { body: cancelBody(day) }),
    reinstate: (policyId) =>
      company.call("POST", `/policies/${policyId}/transaction/reinstate`, admin, { body: reinstateBody() }),
  };
}

/** What storage holds for a policy: its head and its version numbers (read straight from D1). */
export async function stored(policyId: string) {
  const head = await env.DB.prepare("SELECT * FROM policies WHERE id = ?")
    .bind(policyId)
    .first<Record<string, unknown>>();
  const { results } = await env.DB.prepare("SELECT version FROM policy_versions WHERE policy_id = ? ORDER BY version")
    .bind(policyId)
    .all<{ version: number }>();
  return { head, versions: results.map((r) => r.version) };
}

export async function countPolicies(companyId: string): Promise<{ policies: number; versions: number }> {
  const policies = await env.DB.prepare("SELECT count(*) AS n FROM policies WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>();
  const versions = await env.DB.prepare("SELECT count(*) AS n FROM policy_versions WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>();
  return { policies: must(policies).n, versions: must(versions).n };
}

/** Segments are contiguous, non-overlapping and inside the term; while cancelled they end at the cancel date. */
export function expectCoherentSegments(version: {
  segments: Array<{ startDate: string; endDate: string }>;
  policyStartDate: { date: string };
  policyEndDate: { date: string };
  startDate: string;
  endDate: string;
}) {
  const { segments } = version;
  expect(segments.length).toBeGreaterThan(0);
  expect(must(segments[0]).startDate).toBe(version.policyStartDate.date);
  for (let i = 0; i < segments.length; i++) {
    expect(must(segments[i]).startDate < must(segments[i]).endDate).toBe(true);
    if (i > 0) expect(must(segments[i]).startDate).toBe(must(segments[i - 1]).endDate);
  }
  expect(must(segments.at(-1)).endDate).toBe(version.endDate);
  expect(version.endDate <= version.policyEndDate.date).toBe(true);
}
