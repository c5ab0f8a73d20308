import { describe, expect, it } from "vitest";
import { setUpPolicies } from "./helpers";

const component = (kind: string, value: number) => ({ label: `${kind} ${value}`, group: "g", kind, value });

describe("rollups and the earned premium report round money the same way", () => {
  it("rolls up in cents with round-half-even read from the decimal value (2.675 → 2.68, 0.125 → 0.12)", async () => {
    const { newBusiness } = await setUpPolicies();
    const version = await newBusiness({
      fullTermPricingInfo: {
        pricingComponents: [
          component("Premium", 2.675),
          component("Taxes", 0.125),
          component("Fees", 0.1),
          component("Fees", 0.2),
        ],
      },
    });
    expect(version.fullTermPricingInfo).toMatchObject({ premium: 2.68, taxes: 0.12, fees: 0.3 });
  });

  it("reports the same written cents in the earned premium report as the rollup holds", async () => {
    const { company, admin, newBusiness } = await setUpPolicies();
    const version = await newBusiness({ fullTermPricingInfo: { pricingComponents: [component("Premium", 2.675)] } });
    const report = await company.call(
      "GET",
      `/policies/earned-premium?asOf=2027-06-01&policyId=${version.policyId}`,
      admin,
    );
    expect(report.status, report.text).toBe(200);
    expect(report.json.items[0].byKind.Premium.writtenCents).toBe(
      Math.round(version.fullTermPricingInfo.premium * 100),
    );
  });
});
