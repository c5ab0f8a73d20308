import { describe, expect, it } from "vitest";
import { QUOTE_CONFIGURATION, setUpQuotes } from "../quotes/helpers";
import { expectError } from "../support/harness";
import { date, endorseBody, newBusinessBody, POLICY_CONFIGURATION, setUpPolicies } from "./helpers";

/**
 * Policy fields derive their values as any record's save does (CONTRACT 2: `computedDefault` for every field
 * definition, a supplied value kept; Calculated `{expression, repeatable}`, read-only).
 */
const DERIVED_FIELDS = [
  {
    entityType: "policy",
    referenceId: "doubleLimit",
    label: "Double limit",
    typeInfo: { kind: "Calculated", expression: "limit * 2", repeatable: true },
  },
  {
    entityType: "policy",
    referenceId: "region",
    label: "Region",
    typeInfo: { kind: "String" },
    required: true,
    computedDefault: "'north'",
  },
];
const CONFIGURATION = {
  ...POLICY_CONFIGURATION,
  fieldDefinitions: [...POLICY_CONFIGURATION.fieldDefinitions, ...DERIVED_FIELDS],
};

describe("policy computed defaults and Calculated fields on new business and renewal", () => {
  it("fills a required field left out from its default and computes Calculated fields from the data", async () => {
    const policies = await setUpPolicies(CONFIGURATION);
    const created = await policies.newBusiness({ limit: 100 });
    expect(created.segments[0].data).toMatchObject({ region: "north", doubleLimit: 200, limit: 100 });

    const renewal = await policies.company.call("POST", "/policies/transaction/renew", policies.admin, {
      body: newBusinessBody({
        limit: 7,
        previousPolicy: created.policyId,
        policyStartDate: date("2027-01-01"),
        policyEndDate: date("2028-01-01"),
      }),
    });
    expect(renewal.status, renewal.text).toBe(200);
    expect(renewal.json.segments[0].data).toMatchObject({ region: "north", doubleLimit: 14 });
  });

  it("keeps a supplied value over the default, and a null one leaves a required field empty (400)", async () => {
    const policies = await setUpPolicies(CONFIGURATION);
    const created = await policies.newBusiness({ limit: 100, region: "south" });
    expect(created.segments[0].data.region).toBe("south");
    const cleared = await policies.company.call("POST", "/policies/transaction/new-business", policies.admin, {
      body: newBusinessBody({ region: null }),
    });
    const error = expectError(cleared, 400, "InvalidPolicyData");
    expect(error.details).toEqual([{ field: "region", message: "is required" }]);
  });

  it("refuses a Calculated value sent, like any read-only value", async () => {
    const policies = await setUpPolicies(CONFIGURATION);
    const sent = await policies.company.call("POST", "/policies/transaction/new-business", policies.admin, {
      body: newBusinessBody({ limit: 100, doubleLimit: 200 }),
    });
    const error = expectError(sent, 400, "InvalidPolicyData");
    expect(error.details).toEqual([{ field: "doubleLimit", message: "is read-only" }]);
  });
});

describe("an endorsement derives the Calculated fields of the segments it writes", () => {
  it("recomputes from the effective date on, in sequence and out of sequence; earlier segments keep theirs", async () => {
    const policies = await setUpPolicies(CONFIGURATION);
    const created = await policies.newBusiness({ limit: 100 });
    const later = await policies.endorse(created.policyId, "2026-09-01", [{ path: "policy.limit", value: 300 }]);
    expect(later.status, later.text).toBe(200);
    expect(later.json.segments.map((s: any) => s.data.doubleLimit)).toEqual([200, 600]);

    // Out of sequence: the later endorsement applies again over this one, its own limit still in force.
    const earlier = await policies.endorse(created.policyId, "2026-03-01", [{ path: "policy.limit", value: 50 }]);
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.json.segments.map((s: any) => [s.data.limit, s.data.doubleLimit])).toEqual([
      [100, 200],
      [50, 100],
      [300, 600],
    ]);

    const refused = await policies.company.call(
      "POST",
      `/policies/${created.policyId}/transaction/endorse`,
      policies.admin,
      { body: endorseBody("2026-04-01", [{ path: "policy.doubleLimit", value: 1 }]) },
    );
    expectError(refused, 400, "InvalidDelta");
  });
});

describe("a bind writes the policy's derived values as new business does", () => {
  it("fills the policy's computed defaults and Calculated fields from the quote's values", async () => {
    const q = await setUpQuotes({
      ...QUOTE_CONFIGURATION,
      fieldDefinitions: [...QUOTE_CONFIGURATION.fieldDefinitions, ...DERIVED_FIELDS],
    });
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    const res = await q.company.call("POST", "/quotes/bind", q.admin, {
      body: { quoteId: id, transactionTimestamp: "2025-12-01T10:00:00Z", displayAuthor: "Dana" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.policy.segments[0].data).toMatchObject({
      limit: 1_000_000,
      doubleLimit: 2_000_000,
      region: "north",
    });
  });
});

describe("an embedded exposure's required field its computed default leaves empty", () => {
  it("is new business's payload-shape failure, 400 InvalidPolicyData naming the item", async () => {
    const policies = await setUpPolicies({
      ...CONFIGURATION,
      fieldDefinitions: [
        ...CONFIGURATION.fieldDefinitions,
        {
          entityType: "exposure",
          referenceId: "code",
          label: "Code",
          typeInfo: { kind: "String" },
          required: true,
          computedDefault: "exposureId",
        },
      ],
    });
    const res = await policies.company.call("POST", "/policies/transaction/new-business", policies.admin, {
      body: newBusinessBody({ exposures: [{ exposureName: "Barn" }] }),
    });
    const error = expectError(res, 400, "InvalidPolicyData");
    expect(error.details).toEqual([{ field: "exposures[0].code", message: "is required" }]);
  });
});
