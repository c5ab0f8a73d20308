import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { POLICY_CONFIGURATION, setUpPolicies, stored } from "./helpers";

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
