import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { setUpPolicies } from "./helpers";

/**
 * CONTRACT section 4, "Out-of-sequence endorsements" (issue 8, item 8): a backdated endorsement changes
 * the data from its own date on, and an endorsement effective later keeps its change from its own date
 * (reverse and reapply), whatever order they were issued in.
 */

const segmentsOf = (version: any) =>
  version.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit, s.data.coverageType ?? null]);

describe("a backdated endorsement keeps the changes of endorsements effective later", () => {
  it("limit 100; 1 Jun limit 200; 1 Mar another field; 1 Feb limit 150: 100 / 150 / 150 / 200 from 1 Jun", async () => {
    const f = await setUpPolicies();
    const policy = await f.newBusiness({ limit: 100 });
    const june = await f.endorse(policy.policyId, "2026-06-01", [{ path: "policy.limit", value: 200 }]);
    expect(june.status, june.text).toBe(200);
    const march = await f.endorse(policy.policyId, "2026-03-01", [{ path: "policy.coverageType", value: "auto" }]);
    expect(march.status, march.text).toBe(200);
    const february = await f.endorse(policy.policyId, "2026-02-01", [{ path: "policy.limit", value: 150 }]);
    expect(february.status, february.text).toBe(200);

    expect(segmentsOf(february.json)).toEqual([
      ["2026-01-01", "2026-02-01", 100, null],
      ["2026-02-01", "2026-03-01", 150, null],
      ["2026-03-01", "2026-06-01", 150, "auto"],
      ["2026-06-01", "2027-01-01", 200, "auto"],
    ]);
    // The root fields are the data at the end of the coverage: June's limit is still in force there.
    const read = await f.company.call("GET", `/policies/${policy.policyId}`, f.admin);
    expect(read.json.version).toBe(4);
    expect(segmentsOf(read.json)).toEqual(segmentsOf(february.json));
  });

  it("after endorsements issued in date order, a backdated one still replays the latest (the object's bound rises)", async () => {
    const f = await setUpPolicies();
    const policy = await f.newBusiness({ limit: 100 });
    // 1 Mar, then 1 Jun: each in sequence, so the object reads no log for them; June's commit raises the day
    // after which no endorsement is stored to 1 Jun, so the 1 Apr endorsement must read and replay June.
    const march = await f.endorse(policy.policyId, "2026-03-01", [{ path: "policy.coverageType", value: "auto" }]);
    expect(march.status, march.text).toBe(200);
    expect((await f.endorse(policy.policyId, "2026-06-01", [{ path: "policy.limit", value: 200 }])).status).toBe(200);
    const april = await f.endorse(policy.policyId, "2026-04-01", [{ path: "policy.limit", value: 150 }]);
    expect(april.status, april.text).toBe(200);
    expect(segmentsOf(april.json)).toEqual([
      ["2026-01-01", "2026-03-01", 100, null],
      ["2026-03-01", "2026-04-01", 100, "auto"],
      ["2026-04-01", "2026-06-01", 150, "auto"],
      ["2026-06-01", "2027-01-01", 200, "auto"],
    ]);
  });

  it("the CONTRACT's example: 1 Jun limit 200, then 1 Feb limit 150 gives 100 / 150 / 200", async () => {
    const f = await setUpPolicies();
    const policy = await f.newBusiness({ limit: 100 });
    expect((await f.endorse(policy.policyId, "2026-06-01", [{ path: "policy.limit", value: 200 }])).status).toBe(200);
    const backdated = await f.endorse(policy.policyId, "2026-02-01", [{ path: "policy.limit", value: 150 }]);
    expect(backdated.status, backdated.text).toBe(200);
    expect(segmentsOf(backdated.json)).toEqual([
      ["2026-01-01", "2026-02-01", 100, null],
      ["2026-02-01", "2026-06-01", 150, null],
      ["2026-06-01", "2027-01-01", 200, null],
    ]);
  });

  it("refuses a backdated end of term that would end before a later endorsement: 400 naming policyEndDate", async () => {
    const f = await setUpPolicies();
    const policy = await f.newBusiness({ limit: 100 });
    expect((await f.endorse(policy.policyId, "2026-09-01", [{ path: "policy.limit", value: 200 }])).status).toBe(200);
    const res = await f.endorse(policy.policyId, "2026-02-01", [
      { path: "policy.policyEndDate", value: { date: "2026-08-01", timezone: "America/New_York" } },
    ]);
    const error = expectError(res, 400, "InvalidPolicyData");
    expect(error.details).toEqual([
      {
        field: "policyEndDate",
        message: "2026-08-01 would end the term before the endorsement effective 2026-09-01 (version 2)",
      },
    ]);
  });
});
