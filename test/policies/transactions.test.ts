import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import {
  cancelBody,
  countPolicies,
  date,
  endorseBody,
  expectCoherentSegments,
  NY,
  newBusinessBody,
  POLICY_CONFIGURATION,
  PRICING,
  PRICING_ROLLUPS,
  reinstateBody,
  setUpPolicies,
  stored,
  TERM_END,
  TERM_START,
} from "./helpers";

const FORBIDDEN = "User is not authorized to perform the requested action";

describe("each transaction writes exactly one version, numbered in sequence", () => {
  it("numbers versions 1, 2, 3, 4 and records the action, transactionTimestamp and displayAuthor of each", async () => {
    const { company, admin } = await setUpPolicies();
    const bodies = [newBusinessBody()];
    const v1 = await company.call("POST", "/policies/transaction/new-business", admin, { body: bodies[0] });
    const policyId = v1.json.policyId;
    const steps = [
      ["endorse", endorseBody("2026-06-01", [{ path: "policy.limit", value: 2_000_000 }])],
      ["cancel", cancelBody("2026-09-01")],
      ["reinstate", reinstateBody()],
    ] as const;
    const responses = [v1];
    for (const [action, body] of steps) {
      bodies.push(body as never);
      responses.push(await company.call("POST", `/policies/${policyId}/transaction/${action}`, admin, { body }));
    }
    const actions = ["NEW_BUSINESS", "ENDORSE", "CANCEL", "REINSTATE"];
    for (const [i, res] of responses.entries()) {
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        policyId,
        version: i + 1,
        action: actions[i],
        transactionTimestamp: must(bodies[i]).transactionTimestamp,
        displayAuthor: must(bodies[i]).displayAuthor,
      });
      const read = await company.call("GET", `/policies/${policyId}/versions/${i + 1}?detail=summary`, admin);
      expect(read.json).toMatchObject({
        version: i + 1,
        action: actions[i],
        transactionTimestamp: must(bodies[i]).transactionTimestamp,
        displayAuthor: must(bodies[i]).displayAuthor,
      });
    }
    const { head, versions } = await stored(policyId);
    expect(versions).toEqual([1, 2, 3, 4]);
    expect(head).toMatchObject({ current_version: 4, status: "active" });
  });

  it("refuses a transactionTimestamp that is not an ISO date-time and a blank displayAuthor", async () => {
    const { company, admin } = await setUpPolicies();
    const badTime = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: { ...newBusinessBody(), transactionTimestamp: "yesterday" },
    });
    expect(expectError(badTime, 400, "InvalidPolicyData").details.map((d) => d.field)).toEqual([
      "transactionTimestamp",
    ]);
    const noAuthor = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: { ...newBusinessBody(), displayAuthor: " " },
    });
    expect(expectError(noAuthor, 400, "InvalidPolicyData").details.map((d) => d.field)).toEqual(["displayAuthor"]);
    expect(await countPolicies(company.id)).toEqual({ policies: 0, versions: 0 });
  });
});

describe("a failed transaction writes nothing", () => {
  it("leaves head and versions unchanged after refused endorse, cancel and reinstate, and does not use up a version number", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const before = await stored(policyId);
    expectError(
      await f.endorse(policyId, "2026-06-01", [{ path: "policy.limit", value: "lots" }]),
      400,
      "InvalidDelta",
    );
    expectError(
      await f.endorse(policyId, "2027-06-01", [{ path: "policy.limit", value: 5 }]),
      400,
      "InvalidPolicyData",
    );
    expectError(await f.cancel(policyId, "2025-12-31"), 400, "InvalidPolicyData");
    expectError(await f.reinstate(policyId), 409, "InvalidPolicyTransition");
    expect(await stored(policyId)).toEqual(before);
    expect((await f.endorse(policyId, "2026-06-01", [{ path: "policy.limit", value: 5 }])).json.version).toBe(2);
  });

  it("stores no policy and no version when new business is refused", async () => {
    const { company, admin } = await setUpPolicies();
    const res = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusinessBody({ limit: "a lot" }),
    });
    expectError(res, 400, "InvalidPolicyData");
    expect(await countPolicies(company.id)).toEqual({ policies: 0, versions: 0 });
  });
});

describe("new-business data shape: 400 InvalidPolicyData naming the field without a prefix", () => {
  const refusal = async (data: Record<string, unknown>) => {
    const { company, admin } = await setUpPolicies();
    const res = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusinessBody(data),
    });
    const error = expectError(res, 400, "InvalidPolicyData");
    for (const d of error.details) expect(d.field).not.toMatch(/^(policy|data)\./);
    for (const m of error.userMessages) expect(m).not.toMatch(/fullTermPricingInfo\.|\[|policy\./);
    expect(await countPolicies(company.id)).toEqual({ policies: 0, versions: 0 });
    return error;
  };

  it("names a missing policyStartDate", async () => {
    const error = await refusal({ policyStartDate: undefined });
    expect(error.details).toEqual([{ field: "policyStartDate", message: "is required" }]);
    expect(error.message).toBe("Invalid policy data: policyStartDate is required");
  });

  it("names a policyEndDate not after policyStartDate, and the retired Date spelling", async () => {
    expect((await refusal({ policyEndDate: { date: TERM_START } })).details).toEqual([
      { field: "policyEndDate", message: "must be after policyStartDate" },
    ]);
    const retired = await refusal({ policyStartDate: { year: 2026, month: 1, day: 1 } });
    expect(must(retired.details[0]).field).toBe("policyStartDate");
    expect(must(retired.details[0]).message).toContain("retired");
  });

  it("names a bad pricing component member", async () => {
    const badKind = await refusal({
      fullTermPricingInfo: { pricingComponents: [{ label: "x", group: "g", kind: "Discount", value: 1 }] },
    });
    expect(badKind.details.map((d) => d.field)).toEqual(["fullTermPricingInfo.pricingComponents[0].kind"]);
    const textValue = await refusal({
      fullTermPricingInfo: { pricingComponents: [{ label: "x", group: "g", kind: "Premium", value: "100" }] },
    });
    expect(textValue.details.map((d) => d.field)).toEqual(["fullTermPricingInfo.pricingComponents[0].value"]);
  });

  it("refuses earningBasis on a component of kind Other", async () => {
    const error = await refusal({
      fullTermPricingInfo: {
        pricingComponents: [{ label: "x", group: "g", kind: "Other", value: 1, earningBasis: "pro-rata" }],
      },
    });
    expect(error.details).toEqual([
      {
        field: "fullTermPricingInfo.pricingComponents[0].earningBasis",
        message: "is not allowed on components of kind Other",
      },
    ]);
  });

  it("refuses undeclared members of fullTermPricingInfo, its components, fullTermPolicyRatingResult and crossSegmentRatingOutputs", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ fullTermPricingInfo: { ...PRICING, grandTotal: 1 } }, "fullTermPricingInfo", "grandTotal"],
      [
        {
          fullTermPricingInfo: {
            pricingComponents: [{ label: "x", group: "g", kind: "Premium", value: 1, currency: "USD" }],
          },
        },
        "fullTermPricingInfo.pricingComponents[0]",
        "currency",
      ],
      [
        {
          fullTermPolicyRatingResult: {
            policyPremium: 1,
            policyTaxes: 0,
            policyFees: 0,
            policyGrandTotal: 1,
            policyCommission: 3,
          },
        },
        "fullTermPolicyRatingResult",
        "policyCommission",
      ],
      [
        { crossSegmentRatingOutputs: { raterVersion: "1", segmentsRated: 2 } },
        "crossSegmentRatingOutputs",
        "segmentsRated",
      ],
    ];
    for (const [data, field, member] of cases) {
      const error = await refusal(data);
      expect(error.details).toHaveLength(1);
      expect(must(error.details[0]).field).toBe(field);
      expect(must(error.details[0]).message).toContain(member);
    }
  });

  it("refuses fullTermPolicyBillingInfo like any unknown key, and the retired fieldModelV1Data wrapper", async () => {
    expect((await refusal({ fullTermPolicyBillingInfo: { plan: "annual" } })).details).toEqual([
      { field: "fullTermPolicyBillingInfo", message: "is not a policy field" },
    ]);
    expect((await refusal({ fieldModelV1Data: { policy: {} } })).details).toEqual([
      { field: "fieldModelV1Data", message: "is not a policy field" },
    ]);
  });

  it("refuses primaryInsuredName and primaryInsuredId when sent", async () => {
    const error = await refusal({ primaryInsuredName: "Someone", primaryInsuredId: "p-1" });
    expect(error.details).toEqual([
      { field: "primaryInsuredName", message: "is derived from the policy's exposures and cannot be sent" },
      { field: "primaryInsuredId", message: "is derived from the policy's exposures and cannot be sent" },
    ]);
  });

  it("validates configured policy fields", async () => {
    expect((await refusal({ limit: 1.5 })).details).toEqual([{ field: "limit", message: "must be a whole number" }]);
    expect((await refusal({ coverageType: "marine" })).details.map((d) => d.field)).toEqual(["coverageType"]);
    expect((await refusal({ retroDate: { date: "2025-02-30" } })).details.map((d) => d.field)).toEqual(["retroDate"]);
    expect((await refusal({ brokerName: "X" })).details).toEqual([
      { field: "brokerName", message: "is not a policy field" },
    ]);
  });

  it("requires a required configured policy field", async () => {
    const configuration = {
      ...POLICY_CONFIGURATION,
      fieldDefinitions: [
        ...POLICY_CONFIGURATION.fieldDefinitions,
        {
          entityType: "policy",
          referenceId: "lineOfBusiness",
          label: "Line",
          typeInfo: { kind: "String" },
          required: true,
        },
      ],
    };
    const { company, admin } = await setUpPolicies(configuration);
    const res = await company.call("POST", "/policies/transaction/new-business", admin, { body: newBusinessBody() });
    expect(expectError(res, 400, "InvalidPolicyData").details).toEqual([
      { field: "lineOfBusiness", message: "is required" },
    ]);
  });

  it("ignores fullTermPolicyInfo, dropping its undeclared members, and a contacts value", async () => {
    const f = await setUpPolicies();
    const version = await f.newBusiness({
      fullTermPolicyInfo: { brokerName: "dropped", limit: "not even valid" },
      contacts: [{ personId: crypto.randomUUID() }],
    });
    const text = JSON.stringify(version);
    expect(text).not.toContain("fullTermPolicyInfo");
    expect(text).not.toContain("contacts");
    expect(version.segments[0].data.limit).toBe(1_000_000);
    const row = await env.DB.prepare("SELECT coverage FROM policy_versions WHERE policy_id = ?")
      .bind(version.policyId)
      .first<{ coverage: string }>();
    expect(must(row).coverage).not.toContain("fullTermPolicyInfo");
    expect(must(row).coverage).not.toContain("contacts");
  });

  it("ignores them in endorsement deltas too: the other deltas apply, nothing of theirs is stored", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const res = await f.endorse(policyId, "2026-06-01", [
      { path: "policy.fullTermPolicyInfo", value: { brokerName: "dropped" } },
      { path: "policy.fullTermPolicyInfo.limit", value: "not even valid" },
      { path: "policy.contacts", value: [{ personId: crypto.randomUUID() }] },
      { path: "policy.limit", value: 5 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.segments.map((s: any) => s.data.limit)).toEqual([1_000_000, 5]);
    const row = await env.DB.prepare("SELECT coverage FROM policy_versions WHERE policy_id = ? AND version = 2")
      .bind(policyId)
      .first<{ coverage: string }>();
    expect(must(row).coverage).not.toContain("fullTermPolicyInfo");
    expect(must(row).coverage).not.toContain("contacts");
    // An endorsement before it replays its deltas over other data: still nothing of the ignored ones.
    const earlier = await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 7 }]);
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.json.segments.map((s: any) => s.data.limit)).toEqual([1_000_000, 7, 5]);
    expect(JSON.stringify(earlier.json)).not.toContain("fullTermPolicyInfo");
  });
});

describe("pricing contract", () => {
  it("computes the five rollups from the components and ignores rollups sent", async () => {
    const f = await setUpPolicies();
    const version = await f.newBusiness({
      fullTermPricingInfo: { ...PRICING, premium: 1, taxes: 2, fees: 3, brokerCommission: 4, programCommission: 5 },
    });
    expect(version.fullTermPricingInfo).toEqual({ pricingComponents: PRICING.pricingComponents, ...PRICING_ROLLUPS });
    expect(version.segments[0].data.fullTermPricingInfo).toEqual(version.fullTermPricingInfo);
    expect(version.fullTermPricingInfo).not.toHaveProperty("policyGrandTotal");
    expect(version.fullTermPricingInfo).not.toHaveProperty("grandTotal");
    // "A value sent is ignored", whatever it is: null, text or out of range (interface, Pricing contract).
    const odd = { premium: null, taxes: "30.25", fees: 1e300, brokerCommission: { total: 1 }, programCommission: [] };
    const legacy = await f.newBusiness({ fullTermPricingInfo: { ...PRICING, ...odd } });
    expect(legacy.fullTermPricingInfo).toEqual({ pricingComponents: PRICING.pricingComponents, ...PRICING_ROLLUPS });
    const endorsed = await f.endorse(legacy.policyId, "2026-03-01", [
      { path: "policy.fullTermPricingInfo", value: { pricingComponents: [], ...odd } },
    ]);
    expect(endorsed.status, endorsed.text).toBe(200);
    expect(endorsed.json.fullTermPricingInfo).toMatchObject({ premium: 0, taxes: 0, fees: 0 });
  });

  it("sums decimal component values without binary drift", async () => {
    const f = await setUpPolicies();
    const components = [0.1, 0.2].map((value) => ({ label: "p", group: "g", kind: "Premium", value }));
    expect(
      (await f.newBusiness({ fullTermPricingInfo: { pricingComponents: components } })).fullTermPricingInfo.premium,
    ).toBe(0.3);
  });

  it("keeps null pricing as null, and reads omitted pricing as null", async () => {
    const f = await setUpPolicies();
    expect((await f.newBusiness({ fullTermPricingInfo: null })).fullTermPricingInfo).toBeNull();
    expect((await f.newBusiness({ fullTermPricingInfo: undefined })).fullTermPricingInfo).toBeNull();
  });

  it("normalizes legacy null, omitted or empty components to an empty list with zero rollups", async () => {
    const f = await setUpPolicies();
    const zero = { pricingComponents: [], premium: 0, taxes: 0, fees: 0, brokerCommission: 0, programCommission: 0 };
    for (const pricing of [{ pricingComponents: null }, {}, { pricingComponents: [] }]) {
      expect((await f.newBusiness({ fullTermPricingInfo: pricing })).fullTermPricingInfo).toEqual(zero);
    }
  });

  it("hoists fullTermPolicyRatingResult and crossSegmentRatingOutputs", async () => {
    const f = await setUpPolicies();
    const rating = { policyPremium: 1250.5, policyTaxes: 30.25, policyFees: 25, policyGrandTotal: 1305.75 };
    const cross = { raterVersion: "v7", ratedAt: "2026-01-01T00:00:00Z", outputs: { territory: "NE", factor: 1.2 } };
    const version = await f.newBusiness({ fullTermPolicyRatingResult: rating, crossSegmentRatingOutputs: cross });
    expect(version.fullTermPolicyRatingResult).toEqual(rating);
    expect(version.crossSegmentRatingOutputs).toEqual(cross);
  });

  it("recomputes rollups when an endorsement restates pricing, and refuses undeclared members there", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const restated = {
      pricingComponents: [{ label: "Base premium", group: "premium", kind: "Premium", value: 1500 }],
      premium: 9,
      taxes: 9,
    };
    const res = await f.endorse(policyId, "2026-07-01", [{ path: "policy.fullTermPricingInfo", value: restated }]);
    expect(res.status).toBe(200);
    expect(res.json.segments[0].data.fullTermPricingInfo).toEqual({
      pricingComponents: PRICING.pricingComponents,
      ...PRICING_ROLLUPS,
    });
    expect(res.json.segments[1].data.fullTermPricingInfo).toEqual({
      pricingComponents: restated.pricingComponents,
      premium: 1500,
      taxes: 0,
      fees: 0,
      brokerCommission: 0,
      programCommission: 0,
    });
    expect(res.json.fullTermPricingInfo.premium).toBe(1500);

    const bad = await f.endorse(policyId, "2026-07-01", [{ path: "policy.fullTermPricingInfo.grandTotal", value: 1 }]);
    expect(must(expectError(bad, 400, "InvalidDelta").details[0]).field).toBe("policy.fullTermPricingInfo");
    expect(bad.json.error.details[0].message).toContain("grandTotal");
  });
});

describe("root fields on every policy response", () => {
  it("carries policyNumber, policyStartDate/policyEndDate with the default timezone, and the span, which shrinks on cancel and returns on reinstate", async () => {
    const f = await setUpPolicies();
    const v1 = await f.newBusiness();
    const root = {
      policyNumber: "POL-000001",
      policyStartDate: date(TERM_START, NY),
      policyEndDate: date(TERM_END, NY),
    };
    expect(v1).toMatchObject({ ...root, startDate: TERM_START, endDate: TERM_END, status: "active" });
    const v2 = await f.endorse(v1.policyId, "2026-03-01", [{ path: "policy.limit", value: 5 }]);
    expect(v2.json).toMatchObject({ ...root, startDate: TERM_START, endDate: TERM_END });
    const v3 = await f.cancel(v1.policyId, "2026-10-15");
    expect(v3.json).toMatchObject({ ...root, startDate: TERM_START, endDate: "2026-10-15", status: "cancelled" });
    const v4 = await f.reinstate(v1.policyId);
    expect(v4.json).toMatchObject({ ...root, startDate: TERM_START, endDate: TERM_END, status: "active" });
    for (const path of [
      `/policies/${v1.policyId}`,
      `/policies/${v1.policyId}/versions/3?detail=full`,
      `/policies/${v1.policyId}/versions/3?detail=summary`,
    ]) {
      expect((await f.company.call("GET", path, f.admin)).json).toMatchObject(root);
    }
  });

  it("keeps a timezone sent with the term dates; a term date sent without one is in the default zone", async () => {
    const f = await setUpPolicies();
    const version = await f.newBusiness({
      policyStartDate: date(TERM_START, "America/Chicago"),
      policyEndDate: date(TERM_END, "America/Chicago"),
    });
    expect(version.policyStartDate).toEqual({ date: TERM_START, timezone: "America/Chicago" });
    expect(version.policyEndDate).toEqual({ date: TERM_END, timezone: "America/Chicago" });
    // The term dates share one zone (CONTRACT 4), and a date without a zone is in America/New_York (interface,
    // Fmv1Date): beside a Chicago start, that is a second zone, refused.
    const mixed = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: newBusinessBody({
        policyStartDate: date(TERM_START, "America/Chicago"),
        policyEndDate: { date: TERM_END },
      }),
    });
    expect(expectError(mixed, 400, "InvalidPolicyData").details).toEqual([
      {
        field: "policyEndDate",
        message: "must be in the time zone of policyStartDate (America/Chicago), not America/New_York",
      },
    ]);
    const neither = await f.newBusiness({ policyStartDate: { date: TERM_START }, policyEndDate: { date: TERM_END } });
    expect(neither.policyEndDate).toEqual({ date: TERM_END, timezone: "America/New_York" });
  });
});

describe("segments", () => {
  it("splits the segment in force at an endorsement's effective date; earlier days keep their data", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const v2 = (await f.endorse(policyId, "2026-05-01", [{ path: "policy.limit", value: 2 }])).json;
    expect(v2.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit])).toEqual([
      [TERM_START, "2026-05-01", 1_000_000],
      ["2026-05-01", TERM_END, 2],
    ]);
    const v3 = (await f.endorse(policyId, "2026-03-01", [{ path: "policy.coverageType", value: "auto" }])).json;
    expect(v3.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit, s.data.coverageType])).toEqual([
      [TERM_START, "2026-03-01", 1_000_000, undefined],
      ["2026-03-01", "2026-05-01", 1_000_000, "auto"],
      ["2026-05-01", TERM_END, 2, "auto"],
    ]);
    expectCoherentSegments(v3);
  });

  it("an endorsement effective at the term start changes the whole term", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const res = await f.endorse(policyId, TERM_START, [{ path: "policy.limit", value: 3 }]);
    expect(res.json.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit])).toEqual([
      [TERM_START, TERM_END, 3],
    ]);
  });

  it("cancel ends coverage at its effective date and reinstate restores the segments it ended", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const endorsed = (await f.endorse(policyId, "2026-08-01", [{ path: "policy.limit", value: 2 }])).json;
    const cancelled = (await f.cancel(policyId, "2026-06-15")).json;
    expect(cancelled.segments.map((s: any) => [s.startDate, s.endDate])).toEqual([[TERM_START, "2026-06-15"]]);
    expectCoherentSegments(cancelled);
    const reinstated = (await f.reinstate(policyId)).json;
    expect(reinstated.segments).toEqual(endorsed.segments);
    expect(reinstated.effectiveDate).toBe("2026-06-15");
  });
});

describe("transition guards: 409 InvalidPolicyTransition", () => {
  it("refuses to endorse or cancel a cancelled policy and to reinstate an active one", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    expectError(
      await f.reinstate(policyId),
      409,
      "InvalidPolicyTransition",
      "Only a cancelled policy can be reinstated",
    );
    expect((await f.cancel(policyId, "2026-04-01")).status).toBe(200);
    expectError(
      await f.endorse(policyId, "2026-02-01", [{ path: "policy.limit", value: 2 }]),
      409,
      "InvalidPolicyTransition",
      "A cancelled policy cannot be endorsed; reinstate it first",
    );
    expectError(
      await f.cancel(policyId, "2026-03-01"),
      409,
      "InvalidPolicyTransition",
      "The policy is already cancelled",
    );
    expect((await stored(policyId)).versions).toEqual([1, 2]);
  });
});

describe("effective dates outside the term: 400", () => {
  it("refuses endorse before the term start or on/after the term end, and cancel outside the term", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const before = expectError(
      await f.endorse(policyId, "2025-12-31", [{ path: "policy.limit", value: 2 }]),
      400,
      "InvalidPolicyData",
    );
    expect(before.details).toEqual([
      { field: "effectiveDate", message: `2025-12-31 is outside the policy term ${TERM_START} to ${TERM_END}` },
    ]);
    expectError(await f.endorse(policyId, TERM_END, [{ path: "policy.limit", value: 2 }]), 400, "InvalidPolicyData");
    expect(must(expectError(await f.cancel(policyId, "2027-01-02"), 400, "InvalidPolicyData").details[0]).field).toBe(
      "effectiveDate",
    );
    expectError(await f.cancel(policyId, "2025-06-01"), 400, "InvalidPolicyData");
    const retired = await f.company.call("POST", `/policies/${policyId}/transaction/cancel`, f.admin, {
      body: { ...cancelBody("2026-02-01"), effectiveDate: { year: 2026, month: 2, day: 1 } },
    });
    expect(must(expectError(retired, 400, "VALIDATION_ERROR").details[0]).field).toBe("effectiveDate");
    expect((await stored(policyId)).versions).toEqual([1]);
  });
});

describe("endorse deltas", () => {
  it("stores values exactly as sent", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const retro = { date: "2020-02-29", timezone: "Europe/London" };
    const res = await f.endorse(policyId, "2026-02-01", [
      { path: "policy.retroDate", value: retro },
      { path: "policy.underwriterNote", value: "  keep my spacing  " },
      { path: "policy.limit", value: null },
    ]);
    expect(res.status).toBe(200);
    const data = res.json.segments[1].data;
    expect(data.retroDate).toEqual(retro);
    expect(data.underwriterNote).toBe("  keep my spacing  ");
    expect(data.limit).toBeNull();
  });

  it("refuses a Date with one member, the retired spelling, or a path into one member: 400 InvalidDelta", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const cases: Array<[string, unknown, string]> = [
      ["policy.policyEndDate", { date: "2027-03-01" }, "must carry both date and timezone, and nothing else"],
      ["policy.retroDate", { timezone: NY }, "must carry both date and timezone, and nothing else"],
      [
        "policy.policyEndDate",
        { year: 2027, month: 3, day: 1 },
        "uses the retired {day, month, year} spelling; a Date is written as {date, timezone}",
      ],
      ["policy.policyEndDate.year", 2027, "writes one member of a Date; a Date is written whole as {date, timezone}"],
      [
        "policy.retroDate.date",
        "2020-01-01",
        "writes one member of a Date; a Date is written whole as {date, timezone}",
      ],
    ];
    for (const [path, value, message] of cases) {
      const error = expectError(await f.endorse(policyId, "2026-02-01", [{ path, value }]), 400, "InvalidDelta");
      expect(error.details).toEqual([{ field: path, message }]);
    }
    expect((await stored(policyId)).versions).toEqual([1]);
  });

  it("refuses invalid values, unknown fields, fixed members, member paths into a scalar and malformed exposures", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const cases: Array<[string, unknown, string]> = [
      ["policy.limit", "lots", "policy.limit"],
      ["policy.limit.amount", 5, "policy.limit"],
      ["policy.coverageType", "marine", "policy.coverageType"],
      ["policy.brokerName", "X", "policy.brokerName"],
      ["policy.policyStartDate", date("2026-02-01"), "policy.policyStartDate"],
      ["policy.policyNumber", "NEW-1", "policy.policyNumber"],
      ["policy.primaryInsuredName", "Someone", "policy.primaryInsuredName"],
      ["policy.exposures", "garbage", "policy.exposures"],
      // An exposure missing its required fields is InvalidEntityShape (invalid-delta-messages.test.ts).
      ["policy.exposures.0.exposureName", "Renamed", "policy.exposures.0.exposureName"],
      ["limit", 5, "limit"],
    ];
    for (const [path, value, field] of cases) {
      const error = expectError(await f.endorse(policyId, "2026-02-01", [{ path, value }]), 400, "InvalidDelta");
      expect(
        error.details.map((d) => d.field),
        path,
      ).toEqual([field]);
    }
    expect((await stored(policyId)).versions).toEqual([1]);
  });

  it("endorsing policyEndDate moves the term end: stretched or cut", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const longer = (
      await f.endorse(policyId, "2026-06-01", [{ path: "policy.policyEndDate", value: date("2027-04-01") }])
    ).json;
    expect(longer).toMatchObject({ policyEndDate: date("2027-04-01"), endDate: "2027-04-01" });
    // Every segment states the policy's one term end (issue 9), so a term change alone splits nothing.
    expect(longer.segments.map((s: any) => [s.startDate, s.endDate, s.data.policyEndDate.date])).toEqual([
      [TERM_START, "2027-04-01", "2027-04-01"],
    ]);
    expect((await stored(policyId)).head).toMatchObject({ term_end: "2027-04-01" });
    // The new term now admits endorsements past the original end.
    expect((await f.endorse(policyId, "2027-02-01", [{ path: "policy.limit", value: 9 }])).status).toBe(200);

    // Cutting the term before the endorsement effective 2027-02-01 would leave it outside the term: the
    // backdated cut is refused (CONTRACT section 4, out-of-sequence endorsements; issue 8 changed this rule).
    const cutBeforeLater = await f.endorse(policyId, "2026-08-01", [
      { path: "policy.policyEndDate", value: date("2026-12-01") },
    ]);
    expect(must(expectError(cutBeforeLater, 400, "InvalidPolicyData").details[0]).field).toBe("policyEndDate");
    const shorter = (
      await f.endorse(policyId, "2027-02-15", [{ path: "policy.policyEndDate", value: date("2027-03-01") }])
    ).json;
    expect(shorter.segments.at(-1).endDate).toBe("2027-03-01");
    expect(shorter.segments.every((s: any) => s.endDate <= "2027-03-01")).toBe(true);
    expectCoherentSegments(shorter);
    const tooEarly = await f.endorse(policyId, "2026-09-01", [
      { path: "policy.policyEndDate", value: date("2026-08-01") },
    ]);
    expect(must(expectError(tooEarly, 400, "InvalidPolicyData").details[0]).field).toBe("policyEndDate");
  });

  it("a cancellation before the endorsement that moved the term end keeps reporting the moved term end", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    // (The moved end is in the policy's own zone: another zone is refused since issue 9.)
    await f.endorse(policyId, "2026-06-01", [{ path: "policy.policyEndDate", value: date("2027-04-01") }]);
    const cancelled = (await f.cancel(policyId, "2026-03-01")).json;
    expect(cancelled).toMatchObject({
      policyEndDate: date("2027-04-01"),
      startDate: TERM_START,
      endDate: "2026-03-01",
    });
    const listed = (await f.company.call("GET", "/policies/list", f.admin)).json.items[0].summary;
    expect(listed).toMatchObject({ policyEndDate: date("2027-04-01"), endDate: "2026-03-01" });
  });
});

describe("policy numbers", () => {
  it("keeps a number sent, mints POL-000001… when absent, skips numbers already held, and refuses a duplicate 409 PolicyNumberTaken", async () => {
    const f = await setUpPolicies();
    expect((await f.newBusiness({ policyNumber: "BOOK-42" })).policyNumber).toBe("BOOK-42");
    expect((await f.newBusiness()).policyNumber).toBe("POL-000001");
    expect((await f.newBusiness({ policyNumber: "POL-000002" })).policyNumber).toBe("POL-000002");
    expect((await f.newBusiness()).policyNumber).toBe("POL-000003");
    const duplicate = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: newBusinessBody({ policyNumber: "BOOK-42" }),
    });
    expectError(duplicate, 409, "PolicyNumberTaken", "Policy number BOOK-42 is already in use");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 4, versions: 4 });
  });

  it("numbers each company on its own", async () => {
    const [a, b] = [await setUpPolicies(), await setUpPolicies()];
    expect((await a.newBusiness({ policyNumber: "SAME-1" })).policyNumber).toBe("SAME-1");
    expect((await b.newBusiness({ policyNumber: "SAME-1" })).policyNumber).toBe("SAME-1");
    expect((await b.newBusiness()).policyNumber).toBe("POL-000001");
  });
});

describe("renew", () => {
  it("creates a new policy at version 1 linked to the previous one by the relationship previousPolicy", async () => {
    const f = await setUpPolicies();
    const previous = await f.newBusiness();
    const body = newBusinessBody({
      policyStartDate: date(TERM_END),
      policyEndDate: date("2028-01-01"),
      previousPolicy: previous.policyId,
    });
    const res = await f.company.call("POST", "/policies/transaction/renew", f.admin, { body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      version: 1,
      action: "RENEW",
      previousPolicy: previous.policyId,
      policyNumber: "POL-000002",
      startDate: TERM_END,
      endDate: "2028-01-01",
    });
    expect(res.json.policyId).not.toBe(previous.policyId);
    const link = await env.DB.prepare(
      "SELECT relationship_key, from_id, to_id FROM relationship_links WHERE company_id = ? AND relationship_key = 'previousPolicy'",
    )
      .bind(f.company.id)
      .all();
    expect(link.results).toEqual([
      { relationship_key: "previousPolicy", from_id: res.json.policyId, to_id: previous.policyId },
    ]);
    expect((await stored(res.json.policyId)).head).toMatchObject({
      previous_policy_id: previous.policyId,
      current_version: 1,
    });
    expect((await stored(previous.policyId)).versions).toEqual([1]);
  });

  it("refuses an unknown or foreign previousPolicy, a missing one, and previousPolicy on new business", async () => {
    const f = await setUpPolicies();
    const other = await setUpPolicies();
    const foreign = await other.newBusiness();
    for (const previousPolicy of [crypto.randomUUID(), foreign.policyId]) {
      const res = await f.company.call("POST", "/policies/transaction/renew", f.admin, {
        body: newBusinessBody({ previousPolicy }),
      });
      expect(expectError(res, 400, "InvalidPolicyData").details).toEqual([
        { field: "previousPolicy", message: "names no policy of this company" },
      ]);
    }
    const missing = await f.company.call("POST", "/policies/transaction/renew", f.admin, { body: newBusinessBody() });
    expect(expectError(missing, 400, "InvalidPolicyData").details).toEqual([
      { field: "previousPolicy", message: "is required on renewal" },
    ]);
    const onNewBusiness = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: newBusinessBody({ previousPolicy: foreign.policyId }),
    });
    expect(must(expectError(onNewBusiness, 400, "InvalidPolicyData").details[0]).field).toBe("previousPolicy");
    expect(await countPolicies(f.company.id)).toEqual({ policies: 0, versions: 0 });
    const links = await env.DB.prepare("SELECT count(*) AS n FROM relationship_links WHERE company_id = ?")
      .bind(f.company.id)
      .first<{ n: number }>();
    expect(must(links).n).toBe(0);
  });
});

describe("primary insured: derived from the first exposure, per segment", () => {
  it("takes the first exposure's name and id, and resolves each segment on its own", async () => {
    const f = await setUpPolicies();
    const v1 = await f.newBusiness({
      exposures: [
        { exposureName: "Warehouse", exposureId: "e-1" },
        { exposureName: "Office", exposureId: "e-2" },
      ],
    });
    expect(v1).toMatchObject({ primaryInsuredName: "Warehouse", primaryInsuredId: "e-1" });
    const v2 = (
      await f.endorse(v1.policyId, "2026-04-01", [
        { path: "policy.exposures", value: [{ exposureName: "Depot", exposureId: "e-9" }] },
      ])
    ).json;
    expect(v2.segments.map((s: any) => [s.data.primaryInsuredName, s.data.primaryInsuredId])).toEqual([
      ["Warehouse", "e-1"],
      ["Depot", "e-9"],
    ]);
    expect(v2).toMatchObject({ primaryInsuredName: "Depot", primaryInsuredId: "e-9" });
    const none = await f.newBusiness({ exposures: [] });
    expect(none).toMatchObject({ primaryInsuredName: null, primaryInsuredId: null });
  });

  it("uses a configured Calculated policy field primaryInsuredName when present", async () => {
    const configuration = {
      ...POLICY_CONFIGURATION,
      fieldDefinitions: [
        ...POLICY_CONFIGURATION.fieldDefinitions,
        {
          entityType: "policy",
          referenceId: "primaryInsuredName",
          label: "Primary insured",
          typeInfo: { kind: "Calculated", expression: "upper(primaryExposure.exposureName)", repeatable: true },
        },
      ],
    };
    const f = await setUpPolicies(configuration);
    const version = await f.newBusiness({ exposures: [{ exposureName: "Warehouse", exposureId: "e-1" }] });
    expect(version).toMatchObject({ primaryInsuredName: "WAREHOUSE", primaryInsuredId: "e-1" });
    const sent = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: newBusinessBody({ primaryInsuredName: "Mine" }),
    });
    expect(must(expectError(sent, 400, "InvalidPolicyData").details[0]).field).toBe("primaryInsuredName");
  });
});

describe("field write groups (policy.field-<group>)", () => {
  it("refuses new business and endorse naming a locked field without the group, 403 field-write-permission-required", async () => {
    const f = await setUpPolicies();
    const writer = await f.company.key([], ["policy.create", "policy.endorse", "policy.view"]);
    const underwriter = await f.company.key([], ["policy.create", "policy.endorse", "policy.field-underwriting"]);
    const locked = await f.company.call("POST", "/policies/transaction/new-business", writer, {
      body: newBusinessBody({ underwriterNote: "n" }),
    });
    expect(expectError(locked, 403, "field-write-permission-required").details).toEqual([
      { field: "underwriterNote", message: "needs write group underwriting" },
    ]);
    expect(await countPolicies(f.company.id)).toEqual({ policies: 0, versions: 0 });

    const ok = await f.company.call("POST", "/policies/transaction/new-business", underwriter, {
      body: newBusinessBody({ underwriterNote: "n" }),
    });
    expect(ok.status).toBe(200);
    const endorse = (key: string) =>
      f.company.call("POST", `/policies/${ok.json.policyId}/transaction/endorse`, key, {
        body: endorseBody("2026-02-01", [{ path: "policy.underwriterNote", value: "m" }]),
      });
    expectError(await endorse(writer), 403, "field-write-permission-required");
    // 403 before the value is read: a value the field would refuse (400 InvalidDelta) is still a 403 first.
    const badValue = await f.company.call("POST", `/policies/${ok.json.policyId}/transaction/endorse`, writer, {
      body: endorseBody("2026-02-01", [{ path: "policy.underwriterNote", value: 42 }]),
    });
    expectError(badValue, 403, "field-write-permission-required");
    expect((await stored(ok.json.policyId)).versions).toEqual([1]);
    expect((await endorse(underwriter)).status).toBe(200);
    // Unlocked fields need no group.
    expect(
      (await f.company.call("POST", "/policies/transaction/new-business", writer, { body: newBusinessBody() })).status,
    ).toBe(200);
  });
});

// Invoice plans are served (issue 13): a malformed one is refused by the schema on every transaction; the
// plan rules themselves are tested in test/financials/transaction-plans.test.ts.
describe("a malformed invoicePlan: 400 naming it", () => {
  it("refuses a transaction carrying a plan of the wrong shape and writes nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const plan = { invoicePlan: { creates: [] } };
    const fieldsOf = (error: { details: Array<{ field: string }> }) => error.details.map((d) => d.field.split(".")[0]);
    const starts = [
      await f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: newBusinessBody({}, plan) }),
      await f.company.call("POST", "/policies/transaction/renew", f.admin, {
        body: newBusinessBody({ previousPolicy: policyId }, plan),
      }),
    ];
    for (const res of starts) expect(fieldsOf(expectError(res, 400, "InvalidPolicyData"))).toContain("invoicePlan");
    const changes = [
      ["endorse", endorseBody("2026-02-01", [{ path: "policy.limit", value: 1 }], plan)],
      ["cancel", cancelBody("2026-02-01", plan)],
      ["reinstate", reinstateBody(plan)],
    ] as const;
    for (const [action, body] of changes) {
      const res = await f.company.call("POST", `/policies/${policyId}/transaction/${action}`, f.admin, { body });
      expect(fieldsOf(expectError(res, 400, "VALIDATION_ERROR"))).toContain("invoicePlan");
    }
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
  });
});

describe("transaction routes: permissions and company scope", () => {
  const routes = (policyId: string) =>
    [
      ["policy.create", "/policies/transaction/new-business", () => newBusinessBody()],
      ["policy.renew", "/policies/transaction/renew", () => newBusinessBody({ previousPolicy: policyId })],
      [
        "policy.endorse",
        `/policies/${policyId}/transaction/endorse`,
        () => endorseBody("2026-02-01", [{ path: "policy.limit", value: 1 }]),
      ],
      ["policy.cancel", `/policies/${policyId}/transaction/cancel`, () => cancelBody("2026-02-01")],
      ["policy.reinstate", `/policies/${policyId}/transaction/reinstate`, () => reinstateBody()],
    ] as const;

  it("answers 403 to a key without the route's permission, even holding every other policy permission", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const all = routes(policyId).map(([permission]) => permission);
    for (const [permission, path, body] of routes(policyId)) {
      const key = await f.company.key(
        ["ReadOnly"],
        all.filter((p) => p !== permission),
      );
      expectError(await f.company.call("POST", path, key, { body: body() }), 403, "AuthorizationError", FORBIDDEN);
    }
    expect(await countPolicies(f.company.id)).toEqual({ policies: 1, versions: 1 });
  });

  it("answers 404 NotFoundError to another company's policy id under the caller's own path, and 400 to a malformed id", async () => {
    const owner = await setUpPolicies();
    const { policyId } = await owner.newBusiness();
    const intruder = await setUpPolicies();
    for (const [, path, body] of routes(policyId).slice(2)) {
      expectError(
        await intruder.company.call("POST", path, intruder.admin, { body: body() }),
        404,
        "NotFoundError",
        "Not found",
      );
      const malformed = await intruder.company.call("POST", path.replace(policyId, "not-a-uuid"), intruder.admin, {
        body: body(),
      });
      expect(must(expectError(malformed, 400, "VALIDATION_ERROR").details[0]).field).toBe("policyId");
    }
    expect((await stored(policyId)).versions).toEqual([1]);
  });

  it("answers 403 to another company's key on its path", async () => {
    const owner = await setUpPolicies();
    const { policyId } = await owner.newBusiness();
    const other = await createCompany();
    const key = await other.key(["SUPER_ADMIN"]);
    for (const [, path, body] of routes(policyId)) {
      const res = await owner.company.call("POST", path, key, { body: body() });
      expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
    }
  });
});

describe("an endorsement's answer crosses from the company object as JSON text", () => {
  it("is sent as c.json sends a value: the same content type as the policy read, and the same version", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const grouped = await f.endorse(policyId, "2026-03-01", [{ path: "policy.limit", value: 2_000_000 }]);
    // With an invoice plan the endorsement runs on its own: its answer crosses as text too.
    const alone = await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
      body: endorseBody("2026-04-01", [{ path: "policy.limit", value: 3_000_000 }], {
        invoicePlan: { voidInvoices: [], createInvoices: [] },
      }),
    });
    const read = await f.company.call("GET", `/policies/${policyId}`, f.admin);
    for (const answer of [grouped, alone]) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe(read.headers.get("Content-Type"));
    }
    expect(read.headers.get("Content-Type")).toBe("application/json");
    expect([grouped.json.version, alone.json.version]).toEqual([2, 3]);
    expect(read.json.segments).toEqual(alone.json.segments);
  });
});

describe("endorse Date values inside lists (CONTRACT 4: every Date value of an endorsement carries both members)", () => {
  const CONFIGURATION = {
    ...POLICY_CONFIGURATION,
    fieldDefinitions: [
      ...POLICY_CONFIGURATION.fieldDefinitions,
      { entityType: "exposure", referenceId: "inServiceDate", label: "In service", typeInfo: { kind: "Date" } },
      {
        entityType: "policy",
        referenceId: "periods",
        label: "Periods",
        typeInfo: { kind: "Group", subFields: [{ referenceId: "from", label: "From", typeInfo: { kind: "Date" } }] },
      },
    ],
  };

  it("refuses a one-member Date in an exposure or a Group entry, and a path into one, with 400 InvalidDelta", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    const { policyId } = await f.newBusiness();
    const refused: Array<[string, unknown, string]> = [
      [
        "policy.exposures",
        [{ exposureName: "Depot", inServiceDate: { date: "2026-02-01" } }],
        "policy.exposures[0].inServiceDate",
      ],
      ["policy.periods", [{ from: { date: "2026-02-01" } }], "policy.periods[0].from"],
      ["policy.periods", [{ from: { day: 1, month: 2, year: 2026 } }], "policy.periods[0].from"],
    ];
    for (const [path, value, field] of refused) {
      const error = expectError(await f.endorse(policyId, "2026-02-01", [{ path, value }]), 400, "InvalidDelta");
      expect(
        error.details.map((d) => d.field),
        path,
      ).toEqual([field]);
    }
    // A new exposure missing its required fields is still InvalidEntityShape first (the order writes check in).
    const shape = await f.endorse(policyId, "2026-02-01", [
      { path: "policy.exposures", value: [{ inServiceDate: { date: "2026-02-01" } }] },
    ]);
    expect(expectError(shape, 400, "InvalidEntityShape").details.map((d) => d.field)).toEqual([
      "exposures[0].exposureName",
    ]);
    // Whole and canonical, they are taken; then a member path into the stored entry's Date is refused.
    const periods = [{ from: date("2026-02-01") }];
    const accepted = await f.endorse(policyId, "2026-02-01", [{ path: "policy.periods", value: periods }]);
    expect(accepted.status, accepted.text).toBe(200);
    for (const [path, value] of [
      ["policy.periods.0.from.date", "2026-02-05"],
      ["policy.periods.0.from", { date: "2026-02-05" }],
    ] as const) {
      const error = expectError(await f.endorse(policyId, "2026-03-01", [{ path, value }]), 400, "InvalidDelta");
      expect(
        error.details.map((d) => d.field),
        path,
      ).toEqual([path]);
    }
    const whole = await f.endorse(policyId, "2026-03-01", [
      { path: "policy.periods.0.from", value: date("2026-02-05") },
    ]);
    expect(whole.status, whole.text).toBe(200);
    expect(whole.json.segments.at(-1).data.periods).toEqual([{ from: date("2026-02-05") }]);
  });
});
