import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { countPolicies, newBusinessBody, POLICY_CONFIGURATION, setUpPolicies, stored } from "./helpers";

/** Policy inputs over their bounds (CONTRACT 8.3; issue 11), refused with nothing written. */

describe("endorsement deltas", () => {
  it("at most 500 per transaction: 501 is 400 before the company object runs, 500 apply", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const deltas = (count: number) => Array.from({ length: count }, (_, i) => ({ path: "policy.limit", value: i }));
    const started = Date.now();
    const refused = await f.endorse(policyId, "2026-06-01", deltas(501));
    expect(expectError(refused, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "deltas", message: "must have at most 500 items" },
    ]);
    expect((await stored(policyId)).versions).toEqual([1]);
    const applied = await f.endorse(policyId, "2026-06-01", deltas(500));
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json.segments.at(-1).data.limit).toBe(499);
    expect(Date.now() - started).toBeLessThan(5_000);
    const other = await createCompany();
    expect((await other.call("GET", "/policies/list", await other.key(["ReadOnly"]))).status).toBe(200);
  });

  it("a delta path naming a built-in JavaScript member is refused like any unknown field", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const res = await f.endorse(policyId, "2026-06-01", [{ path: "policy.constructor", value: 1 }]);
    expect(expectError(res, 400, "InvalidDelta").details).toEqual([
      { field: "policy.constructor", message: "is not a policy field" },
    ]);
  });
});

describe("a required policy field named constructor", () => {
  it("is required on new business", async () => {
    const configuration = {
      ...POLICY_CONFIGURATION,
      fieldDefinitions: [
        ...POLICY_CONFIGURATION.fieldDefinitions,
        { entityType: "policy", referenceId: "constructor", label: "C", typeInfo: { kind: "String" }, required: true },
      ],
    };
    const f = await setUpPolicies(configuration);
    const res = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: {
        transactionTimestamp: new Date().toISOString(),
        displayAuthor: "A",
        data: { policyStartDate: { date: "2026-01-01" }, policyEndDate: { date: "2027-01-01" } },
      },
    });
    expect(expectError(res, 400, "InvalidPolicyData").details).toContainEqual({
      field: "constructor",
      message: "is required",
    });
  });
});

describe("bordereau transposition paths", () => {
  it("a NUL, quote or backslash in a rating output name is 400, not 500", async () => {
    const f = await setUpPolicies();
    for (const name of ["a\u0000b", 'a"b', "a\\b"]) {
      const res = await f.company.call("POST", "/policies/bordereau/rows", f.admin, {
        body: { transpositions: [{ path: `crossSegmentRatingOutputs.outputs.${name}`, header: "X" }] },
      });
      expectError(res, 400, "VALIDATION_ERROR");
    }
  });
});

describe("the pricing containers (CONTRACT 8.3: every string, array and number bounded)", () => {
  const component = (extra: Record<string, unknown> = {}) => ({
    label: "Base premium",
    group: "Premium",
    kind: "Premium",
    value: 1_000,
    ...extra,
  });
  const pricing = (components: unknown[]) => ({ pricingComponents: components });

  it("refuses a label or group over 1,000 characters, a price over USD 100 billion and over 1,000 components", async () => {
    const f = await setUpPolicies();
    const newBusiness = (data: Record<string, unknown>) =>
      f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: newBusinessBody(data) });
    const refusals = [
      pricing([component({ label: "x".repeat(1_001) })]),
      pricing([component({ group: "g".repeat(1_001) })]),
      pricing([component({ value: 100_000_000_001 })]),
      pricing([component({ value: -100_000_000_001 })]),
      pricing(Array.from({ length: 1_001 }, () => component({ value: 1 }))),
    ];
    for (const fullTermPricingInfo of refusals) {
      const res = await newBusiness({ fullTermPricingInfo });
      expect(res.status, JSON.stringify(res.json.error ?? res.json.policyId)).toBe(400);
      expect(
        res.json.error.details.some((d: any) => String(d.field).startsWith("fullTermPricingInfo")),
        res.text,
      ).toBe(true);
    }
    expect(await countPolicies(f.company.id)).toEqual({ policies: 0, versions: 0 });
    // At the bounds, accepted.
    const atBounds = pricing([
      component({ label: "x".repeat(1_000), group: "g".repeat(1_000), value: 100_000_000_000 }),
      ...Array.from({ length: 999 }, () => component({ value: 0 })),
    ]);
    const accepted = await newBusiness({ fullTermPricingInfo: atBounds });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.segments[0].data.fullTermPricingInfo.premium).toBe(100_000_000_000);
  });

  it("refuses crossSegmentRatingOutputs over 1,000 outputs or with a raterVersion over 1,000 characters", async () => {
    const f = await setUpPolicies();
    const newBusiness = (data: Record<string, unknown>) =>
      f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: newBusinessBody(data) });
    const outputs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, i]));
    for (const crossSegmentRatingOutputs of [{ outputs: outputs(1_001) }, { raterVersion: "v".repeat(1_001) }]) {
      const res = await newBusiness({ crossSegmentRatingOutputs });
      expect(res.status, JSON.stringify(res.json.error ?? res.json.policyId)).toBe(400);
    }
    const ok = await newBusiness({ crossSegmentRatingOutputs: { outputs: outputs(1_000), raterVersion: "2.1" } });
    expect(ok.status, ok.text).toBe(200);
  });
});
