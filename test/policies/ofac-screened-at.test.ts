import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { date, endorseBody, newBusinessBody, POLICY_CONFIGURATION, setUpPolicies } from "./helpers";

/**
 * An OFAC `screenedAt` later than 5 minutes after the request's arrival is refused (CONTRACT 3), on a policy's
 * own fields too, at the top level and inside a Group: new business and renewal name it with their payload-shape
 * error (400 `InvalidPolicyData`, interface Errors), an endorsement with its delta error (400 `InvalidDelta`).
 */
const CONFIGURATION = {
  ...POLICY_CONFIGURATION,
  fieldDefinitions: [
    ...POLICY_CONFIGURATION.fieldDefinitions,
    {
      entityType: "policy",
      referenceId: "screening",
      label: "Screening",
      typeInfo: { kind: "Object: OfacScreening" },
    },
    {
      entityType: "policy",
      referenceId: "parties",
      label: "Parties",
      typeInfo: {
        kind: "Group",
        subFields: [{ referenceId: "check", label: "Check", typeInfo: { kind: "Object: OfacScreening" } }],
      },
    },
  ],
};

const FUTURE = "9999-01-01T00:00:00Z";
const screening = (screenedAt: string) => ({ status: "clear", screeningOutcome: "noMatch", screenedAt, matches: [] });
const LATE = "must not be later than 5 minutes after the request";

describe("OFAC screenedAt in the future on policy fields (CONTRACT 3)", () => {
  it("new business and renewal refuse it with 400 InvalidPolicyData, at the top level and inside a Group", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    const call = (path: string, data: Record<string, unknown>) =>
      f.company.call("POST", path, f.admin, { body: newBusinessBody(data) });
    const top = expectError(
      await call("/policies/transaction/new-business", { screening: screening(FUTURE) }),
      400,
      "InvalidPolicyData",
    );
    expect(top.details).toEqual([{ field: "screening.screenedAt", message: LATE }]);
    const grouped = expectError(
      await call("/policies/transaction/new-business", { parties: [{ check: screening(FUTURE) }] }),
      400,
      "InvalidPolicyData",
    );
    expect(grouped.details).toEqual([{ field: "parties[0].check.screenedAt", message: LATE }]);

    const now = new Date().toISOString();
    const created = await f.newBusiness({ screening: screening(now), parties: [{ check: screening(now) }] });
    const renewal = {
      previousPolicy: created.policyId,
      policyStartDate: date("2027-01-01"),
      policyEndDate: date("2028-01-01"),
    };
    const renewed = expectError(
      await call("/policies/transaction/renew", { ...renewal, screening: screening(FUTURE) }),
      400,
      "InvalidPolicyData",
    );
    expect(renewed.details).toEqual([{ field: "screening.screenedAt", message: LATE }]);
  });

  it("an endorsement refuses it with 400 InvalidDelta, written whole, inside a Group or through a member path", async () => {
    const f = await setUpPolicies(CONFIGURATION);
    const { policyId } = await f.newBusiness({ parties: [{ check: screening(new Date().toISOString()) }] });
    const endorse = (path: string, value: unknown) =>
      f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
        body: endorseBody("2026-03-01", [{ path, value }]),
      });
    for (const [path, value, field] of [
      ["policy.screening", screening(FUTURE), "policy.screening.screenedAt"],
      ["policy.parties", [{ check: screening(FUTURE) }], "policy.parties[0].check.screenedAt"],
      ["policy.parties.0.check.screenedAt", FUTURE, "policy.parties[0].check.screenedAt"],
    ] as const) {
      const refused = expectError(await endorse(path, value), 400, "InvalidDelta");
      expect(refused.details, path).toEqual([{ field, message: LATE }]);
    }
    expect((await endorse("policy.screening", screening(new Date().toISOString()))).status).toBe(200);
  });
});
