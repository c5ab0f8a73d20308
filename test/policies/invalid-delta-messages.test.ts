import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { expectDisplayable } from "../support/user-messages";
import { date, NY, setUpPolicies } from "./helpers";

/** Endorse deltas refused with 400 `InvalidDelta`, before they apply and while they apply. */
const REFUSED: Array<{ path: string; value: unknown }> = [
  { path: "policy.policyEndDate", value: { date: "2027-03-01" } },
  { path: "policy.retroDate", value: { timezone: NY } },
  { path: "policy.policyEndDate", value: { year: 2027, month: 3, day: 1 } },
  { path: "policy.policyEndDate.year", value: 2027 },
  { path: "policy.retroDate.date", value: "2020-01-01" },
  { path: "policy.retroDate", value: "2020-01-01" },
  { path: "policy.limit", value: "lots" },
  { path: "policy.limit.amount", value: 5 },
  { path: "policy.coverageType", value: "marine" },
  { path: "policy.brokerName", value: "X" },
  { path: "policy.policyStartDate", value: date("2026-02-01") },
  { path: "policy.policyNumber", value: "NEW-1" },
  { path: "policy.primaryInsuredName", value: "Someone" },
  { path: "policy.exposures", value: "garbage" },
  { path: "policy.exposures.0.exposureName", value: "Renamed" },
  { path: "limit", value: 5 },
  { path: "policy.fullTermPricingInfo.grandTotal", value: 5 },
];

describe("InvalidDelta user messages (interface, Errors: userMessages)", () => {
  it("are clean sentences free of field paths and braces, while details keep the paths", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    for (const delta of REFUSED) {
      const error = expectError(await f.endorse(policyId, "2026-02-01", [delta]), 400, "InvalidDelta");
      expect(error.details.length, delta.path).toBeGreaterThan(0);
      expect(error.userMessages).toHaveLength(error.details.length);
      expectDisplayable(error.userMessages, delta.path);
      expect(
        error.details.some((d) => d.field.startsWith(delta.path.split(".").slice(0, 2).join("."))),
        delta.path,
      ).toBe(true);
    }
  });

  it("names the field a person knows: its label, not its reference id", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const error = expectError(
      await f.endorse(policyId, "2026-02-01", [{ path: "policy.policyEndDate.year", value: 2027 }]),
      400,
      "InvalidDelta",
    );
    expect(error.userMessages[0]).toContain("Policy end date");
    expect(error.details).toEqual([
      {
        field: "policy.policyEndDate.year",
        message: "writes one member of a Date; a Date is written whole as {date, timezone}",
      },
    ]);
  });
});

describe("embedded exposures an endorsement creates without their required fields (interface: InvalidEntityShape)", () => {
  it("answer one 400 InvalidEntityShape whose user messages carry the item path, and write nothing", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const error = expectError(
      await f.endorse(policyId, "2026-02-01", [
        { path: "policy.exposures", value: [{ exposureName: "HQ" }, { exposureId: "x" }, {}] },
      ]),
      400,
      "InvalidEntityShape",
    );
    expect(error.details).toEqual([
      { field: "exposures[1].exposureName", message: "is required" },
      { field: "exposures[2].exposureName", message: "is required" },
    ]);
    expect(error.userMessages).toEqual([
      "exposures[1]: Exposure name is required.",
      "exposures[2]: Exposure name is required.",
    ]);
    const read = await f.company.call("GET", `/policies/${policyId}`, f.admin);
    expect(read.json.version).toBe(1);
  });
});
