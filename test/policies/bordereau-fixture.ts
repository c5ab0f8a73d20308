import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createCompany, type TestCompany } from "../support/harness";

/** Policy fields the bordereau tests transpose, beside the platform's containers. */
export const CONFIGURATION = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
    { entityType: "policy", referenceId: "retroDate", label: "Retroactive date", typeInfo: { kind: "Date" } },
    {
      entityType: "policy",
      referenceId: "territories",
      label: "Territories",
      typeInfo: { kind: "MultiSelect", optionSet: "territories" },
    },
  ],
  optionSets: [
    {
      key: "territories",
      options: [
        { value: "NY", label: "New York" },
        { value: "NJ", label: "New Jersey" },
      ],
    },
  ],
  relationships: [{ key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" }],
};

export const FIXED_KEYS = [
  "policyId",
  "policyNumber",
  "version",
  "action",
  "transactionTimestamp",
  "effectiveDate",
  "policyStartDate",
  "policyEndDate",
  "coverageStartDate",
  "coverageEndDate",
  "primaryInsuredName",
  "premium",
  "taxes",
  "fees",
  "brokerCommission",
  "programCommission",
  "transactionPremium",
  "transactionTaxes",
  "transactionFees",
  "transactionBrokerCommission",
  "transactionProgramCommission",
  "displayAuthor",
  "createdAt",
];

export const pricing = (premium: number) => ({
  pricingComponents: [
    { label: "Base", group: "premium", kind: "Premium", value: premium },
    { label: "Tax", group: "taxes", kind: "Taxes", value: 12.5 },
    { label: "Fee", group: "fees", kind: "Fees", value: 25 },
    { label: "Broker", group: "commission", kind: "BrokerCommission", value: 100 },
    { label: "Program", group: "commission", kind: "ProgramCommission", value: 40 },
  ],
});

export interface Book {
  company: TestCompany;
  admin: string;
  reader: string;
  transact(path: string, body: Record<string, unknown>): Promise<any>;
  newBusiness(policyNumber: string, at: string, data?: Record<string, unknown>): Promise<any>;
  rows(body?: Record<string, unknown>, key?: string): ReturnType<TestCompany["call"]>;
}

/** A company with the bordereau configuration, a SUPER_ADMIN key and a policy.view key. */
export async function book(name?: string): Promise<Book> {
  const company = await createCompany("sandbox", name);
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION });
  expect(imported.status, imported.text).toBe(200);
  const reader = await company.key([], ["policy.view"]);
  const transact = async (path: string, body: Record<string, unknown>) => {
    const res = await company.call("POST", path, admin, { body });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  return {
    company,
    admin,
    reader,
    transact,
    newBusiness: (policyNumber, at, data = {}) =>
      transact("/policies/transaction/new-business", {
        transactionTimestamp: at,
        displayAuthor: "Ada",
        data: {
          policyNumber,
          policyStartDate: { date: "2026-01-01" },
          policyEndDate: { date: "2027-01-01" },
          fullTermPricingInfo: pricing(1000),
          exposures: [{ exposureName: `Insured of ${policyNumber}` }],
          ...data,
        },
      }),
    rows: (body = {}, key = reader) => company.call("POST", "/policies/bordereau/rows", key, { body }),
  };
}

/** Rows as objects keyed by column header, for readable assertions. */
export const records = (res: { json: any }) =>
  res.json.rows.map((row: unknown[]) =>
    Object.fromEntries(res.json.columns.map((c: { header: string }, i: number) => [c.header, row[i]])),
  );

/**
 * `count` more policies, each with one version copied from `templatePolicyId`'s version 1, written
 * straight to D1 (no transactions): numbers `S-000001`..., distinct timestamps an hour apart from
 * `2026-01-01T00:00:00Z`, and primary insureds in another order than either. The copies take the template's
 * company (`_companyId` is kept for the callers' readability).
 */
export async function seedVersions(_companyId: string, templatePolicyId: string, count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO policies (id, company_id, policy_number, current_version, status, previous_policy_id, term_start, term_end, created_at, updated_at)
     SELECT printf('%s-%06d', ?2, i), company_id, printf('S-%06d', i), 1, 'active', NULL, term_start, term_end, created_at, updated_at FROM n, policies WHERE policies.id = ?2`,
  )
    .bind(count, templatePolicyId)
    .run();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, transaction_premium, created_at, created_by)
     SELECT printf('%s-v-%06d', ?2, i), company_id, printf('%s-%06d', ?2, i), 1, action, strftime('%Y-%m-%dT%H:%M:%SZ', '2026-01-01', '+' || i || ' hours'), display_author, effective_date, start_date, end_date,
       json_set(coverage, '$.segments[0].data.primaryInsuredName', printf('Insured %05d', (i * 7919) % 99991), '$.segments[0].data.policyNumber', printf('S-%06d', i)), transaction_premium, created_at, created_by
     FROM n, policy_versions WHERE policy_versions.policy_id = ?2 AND policy_versions.version = 1`,
  )
    .bind(count, templatePolicyId)
    .run();
}
