import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsOf, centsOfSpelling } from "../../../worker/domain/money";
import { bookedEarnings, earnedPremium, transactionPremium } from "../../../worker/domain/policies/earned-premium";
import { fullyEarnedCharges } from "../../../worker/domain/policies/premium-schedule";
import type { Coverage } from "../../../worker/domain/policies/segments";
import { type Component, coverageOf, day, fee, figures, type Policy, premium, YEAR_2025 } from "./policy-versions";

/**
 * Earned premium of one policy version (worker/domain/policies/earned-premium.ts; CONTRACT section 4,
 * "Premium accounting"). Worked examples are done by hand in integer cents, with the day counts written out;
 * the properties compare with a model that walks the coverage one civil day at a time.
 */

describe("amounts become integer cents, half to even, read from the decimal spelling", () => {
  it.each([
    [1000.01, 100_001],
    [0.125, 12], // half: 12 is even
    [0.135, 14], // half: 13 is odd, so up to 14
    [2.675, 268], // the spelling says half (the double is 2.67499...): 267 is odd, so 268
    [-0.125, -12],
    [-2.675, -268],
    [0.124999, 12],
    [0.125001, 13],
    [1e-7, 0],
    [36_500, 3_650_000],
  ])("%s is %s cents", (value, cents) => {
    expect(centsOf(value)).toBe(cents);
  });

  // Reference model: exact decimal arithmetic on the spelling. The two kept decimals are the cents; the
  // dropped digits compared with one half decide, a tie going to the even cent; the sign is kept.
  it("agree with decimal half-even rounding for any spelling of up to 15 significant digits", () => {
    const spelling = fc
      .tuple(fc.boolean(), fc.nat({ max: 999_999_999 }), fc.stringMatching(/^[0-9]{1,5}$/))
      .map(([negative, whole, fraction]) => ({ negative, whole, fraction }));
    fc.assert(
      fc.property(spelling, ({ negative, whole, fraction }) => {
        const padded = fraction.padEnd(5, "0");
        const kept = BigInt(whole) * 100n + BigInt(padded.slice(0, 2));
        const dropped = Number(padded.slice(2)); // thousandths of a cent, 0..999
        const up = dropped > 500 || (dropped === 500 && kept % 2n === 1n);
        const magnitude = Number(kept + (up ? 1n : 0n));
        const value = Number(`${negative ? "-" : ""}${whole}.${fraction}`);
        expect(centsOf(value)).toBe(value === 0 ? 0 : negative ? -magnitude : magnitude);
      }),
    );
  });
});

describe("centsOf's shortcut for amounts of whole cents", () => {
  it("answers as the exact reading of the spelling for any number (property)", () => {
    const twoDecimals = fc
      .tuple(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), fc.constantFrom(1, 10, 100))
      .map(([n, scale]) => n / scale);
    const anyDouble = fc.double({ noNaN: false });
    const nearCents = fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100 + (n % 7) * 1e-12);
    fc.assert(
      fc.property(fc.oneof(twoDecimals, anyDouble, nearCents), (value) => {
        expect(centsOf(value)).toBe(centsOfSpelling(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it("by hand: 1,234.56 is 123,456 cents, 0.1 + 0.2 is 30, -0 is 0, 2^43 dollars and more read the spelling", () => {
    expect(centsOf(1234.56)).toBe(123_456);
    expect(centsOf(0.1 + 0.2)).toBe(30); // spelled 0.30000000000000004: the dropped digits are under half a cent
    expect(Object.is(centsOf(-0), 0)).toBe(true);
    expect(centsOf(-0.001)).toBe(0);
    expect(centsOf(8_796_093_022_208.01)).toBe(centsOfSpelling(8_796_093_022_208.01));
    expect(centsOf(1e21)).toBe(centsOfSpelling(1e21));
  });
});

describe("worked examples, by hand in cents", () => {
  it("pro-rata over 365 days: 1,200.00 is 120,000 cents; 90 days (31 + 28 + 31) earn 120,000 × 90 ÷ 365", () => {
    const earnings = earnedPremium(
      coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [premium(1200)]]] }),
      "2025-04-01",
    );
    expect(earnings).toMatchObject({ termDays: 365, elapsedDays: 90, coverageEnd: "2026-01-01" });
    // 10,800,000 ÷ 365 = 29,589.04...: earned is rounded down, so 29,589; unearned the remaining 90,411.
    expect(earnings.byKind.Premium).toEqual({ writtenCents: 120_000, earnedCents: 29_589, unearnedCents: 90_411 });
  });

  it("a value with a fraction of a cent is prorated exactly and rounded once: 10.005 over 183 of 365 days is 502", () => {
    // Cancelled 3 Jul 2025: 31 + 28 + 31 + 30 + 31 + 30 + 2 = 183 days in force of 365.
    // Exactly: 1,000.5 cents × 183 ÷ 365 = 183,091.5 ÷ 365 = 501.62... → 502. Rounding the value to cents first
    // (1,000.5 → 1,000, half to even) and then the share would give 1,000 × 183 ÷ 365 = 501.37... → 501.
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [[...YEAR_2025, [premium(10.005)]]],
      cancelledOn: "2025-07-03",
    });
    const earnings = earnedPremium(coverage, "2025-04-01");
    expect(earnings).toMatchObject({ termDays: 365, elapsedDays: 90, coverageEnd: "2025-07-03" });
    // Earned to 1 Apr: 1,000.5 × 90 ÷ 365 = 246.69... → 246 (toward zero).
    expect(earnings.byKind.Premium).toEqual({ writtenCents: 502, earnedCents: 246, unearnedCents: 256 });
    // The whole term: 1,000.5 × 365 ÷ 365 = 1,000.5 → 1,000 (half to even), as the value's own cents.
    const whole = earnedPremium(
      coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [premium(10.005)]]] }),
      "2026-01-01",
    );
    expect(whole.byKind.Premium).toEqual({ writtenCents: 1_000, earnedCents: 1_000, unearnedCents: 0 });
  });

  it("writes value × days ÷ term days from the spelled value, rounded once (property, against BigInt by hand)", () => {
    const spelled = fc
      .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 5 }))
      .map(([units, decimals]) => ({ units, decimals, value: Number((units / 10 ** decimals).toFixed(decimals)) }));
    fc.assert(
      fc.property(spelled, fc.integer({ min: 1, max: 364 }), ({ units, decimals, value }, days) => {
        const cancelledOn = new Date(Date.UTC(2025, 0, 1 + days)).toISOString().slice(0, 10);
        const coverage = coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [premium(value)]]], cancelledOn });
        // Reference: units × 100 × days ÷ (10^decimals × 365), half to even, in BigInt.
        const numerator = BigInt(units) * 100n * BigInt(days);
        const denominator = 10n ** BigInt(decimals) * 365n;
        let cents = numerator / denominator;
        const twice = 2n * (numerator - cents * denominator);
        if (twice > denominator || (twice === denominator && cents % 2n === 1n)) cents += 1n;
        expect(earnedPremium(coverage, "2026-01-01").byKind.Premium.writtenCents).toBe(Number(cents));
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });

  it("a leap-year term has 366 days: 366.00 earns exactly 100 cents a day, 59 days to 29 Feb and 60 to 1 Mar", () => {
    const term: [string, string] = ["2024-01-01", "2025-01-01"];
    const coverage = coverageOf({ term, segments: [[...term, [premium(366)]]] });
    expect(earnedPremium(coverage, "2024-02-29")).toMatchObject({ termDays: 366, elapsedDays: 59 });
    expect(earnedPremium(coverage, "2024-02-29").byKind.Premium).toEqual(figures(36_600, 5_900));
    expect(earnedPremium(coverage, "2024-03-01").byKind.Premium).toEqual(figures(36_600, 6_000));
  });

  it("a term across 29 February: 1 Jul 2023 to 1 Jul 2024 is 184 + 182 = 366 days; the next year's is 365", () => {
    // To 1 March: 184 days (Jul-Dec) + 31 + 29 = 244 of 366. 100,000 × 244 ÷ 366 = 66,666.67 → 66,666.
    const leap: [string, string] = ["2023-07-01", "2024-07-01"];
    const crossing = earnedPremium(coverageOf({ term: leap, segments: [[...leap, [premium(1000)]]] }), "2024-03-01");
    expect(crossing).toMatchObject({ termDays: 366, elapsedDays: 244 });
    expect(crossing.byKind.Premium).toEqual(figures(100_000, 66_666));
    // To 1 March: 184 + 31 + 28 = 243 of 365. 100,000 × 243 ÷ 365 = 66,575.34 → 66,575.
    const plain: [string, string] = ["2024-07-01", "2025-07-01"];
    const common = earnedPremium(coverageOf({ term: plain, segments: [[...plain, [premium(1000)]]] }), "2025-03-01");
    expect(common).toMatchObject({ termDays: 365, elapsedDays: 243 });
    expect(common.byKind.Premium).toEqual(figures(100_000, 66_575));
  });

  it("a mid-term cancellation writes only the days in force: 3,650.00 cancelled after 100 days writes 1,000.00", () => {
    // 2025-01-01 to 2025-04-11 is 31 + 28 + 31 + 10 = 100 days at 365,000 ÷ 365 = 1,000 cents a day.
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [[...YEAR_2025, [premium(3650)]]],
      cancelledOn: "2025-04-11",
    });
    const before = earnedPremium(coverage, "2025-03-01"); // 31 + 28 = 59 days elapsed
    expect(before).toMatchObject({ coverageEnd: "2025-04-11", termEnd: "2026-01-01", termDays: 365, elapsedDays: 59 });
    expect(before.byKind.Premium).toEqual(figures(100_000, 59_000));
    const after = earnedPremium(coverage, "2025-09-01");
    expect(after.elapsedDays).toBe(100);
    expect(after.byKind.Premium).toEqual(figures(100_000, 100_000));
  });

  it("an endorsement doubling the premium on 1 July: 181 days at 3,650.00 and 184 at 7,300.00 write 5,490.00", () => {
    // Jan-Jun: 31 + 28 + 31 + 30 + 31 + 30 = 181 days at 1,000 cents = 181,000. Jul-Dec: 184 days at 2,000 = 368,000.
    // To 1 October: 181,000 + (31 + 31 + 30 = 92 days) × 2,000 = 365,000 earned.
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [premium(3650)]],
        ["2025-07-01", "2026-01-01", [premium(7300)]],
      ],
    });
    const earnings = earnedPremium(coverage, "2025-10-01");
    expect(earnings.elapsedDays).toBe(273);
    expect(earnings.byKind.Premium).toEqual(figures(549_000, 365_000));
    expect(earnings.components).toHaveLength(1);
  });

  it("a component split across segments is added exactly and rounded once: no cent is lost to the split", () => {
    // 1,000.01 over 100 + 265 days: 10,000,100 ÷ 365 + 26,502,650 ÷ 365 = 36,502,750 ÷ 365 = 100,001 exactly.
    // Rounding each share first would give 27,397 + 72,603 = 100,000.
    const tax: Component = { label: "Tax", group: "taxes", kind: "Taxes", value: 1000.01 };
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-04-11", [tax, premium(100)]],
        ["2025-04-11", "2026-01-01", [tax, premium(200)]],
      ],
    });
    expect(earnedPremium(coverage, "2026-01-01").byKind.Taxes).toEqual(figures(100_001, 100_001));
  });

  it("fully-earned components are written whole and earned on the term start; Other is apart and never earned", () => {
    const other: Component = { label: "Inspection", group: "other", kind: "Other", value: 99.99 };
    const broker: Component = { label: "Broker", group: "commission", kind: "BrokerCommission", value: 365 };
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [[...YEAR_2025, [premium(3650), fee(250), other, broker]]],
    });
    const before = earnedPremium(coverage, "2024-12-31");
    expect(before.elapsedDays).toBe(0);
    expect(before.byKind.Fees).toEqual(figures(25_000, 0));
    const first = earnedPremium(coverage, "2025-01-01");
    expect(first.byKind.Fees).toEqual(figures(25_000, 25_000));
    expect(first.byKind.Premium).toEqual(figures(365_000, 0));
    expect(first.otherCents).toBe(9_999);
    expect(first.components.map((c) => c.kind)).not.toContain("Other");
    // Totals add what the insured is charged (premium, taxes, fees): the 36,500 cents of commission is not added.
    expect(first.totals).toEqual(figures(365_000 + 25_000, 25_000));
    expect(first.byKind.BrokerCommission).toEqual(figures(36_500, 0));
  });
});

describe("CONTRACT section 4, premium accounting (issue 9)", () => {
  // Written premium is "computed exactly and rounded once to cents (half to even)": 100,001 cents cancelled
  // after 100 of 365 days is 10,000,100 ÷ 365 = 27,397.53, so 27,398 (rounding toward zero would give 27,397).
  it("written premium rounds to the nearest cent, half to even", () => {
    const tax: Component = { label: "Tax", group: "taxes", kind: "Taxes", value: 1000.01 };
    const coverage = coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [tax]]], cancelledOn: "2025-04-11" });
    expect(earnedPremium(coverage, "2025-12-31").byKind.Taxes.writtenCents).toBe(27_398);
  });

  // "Every segment prorates over the same term" (the policy's current one). Issue 9, reproduction 2: endorse
  // 1 Mar to end 2025-07-01, endorse 1 May back to 2026-01-01 at the same 3,650.00: 59 + 61 + 245 = 365 days of
  // one 365-day term write 365,000 cents. Prorating the middle 61 days over that segment's own 181-day term
  // gave 59,000 + 123,011 + 245,000 = 427,011 (what the engine wrote before issue 9).
  it("every segment prorates over the policy's current term", () => {
    const pieces: Array<[start: string, end: string, termEnd: string]> = [
      ["2025-01-01", "2025-03-01", "2026-01-01"],
      ["2025-03-01", "2025-05-01", "2025-07-01"],
      ["2025-05-01", "2026-01-01", "2026-01-01"],
    ];
    const coverage: Coverage = {
      termStart: "2025-01-01",
      termEnd: "2026-01-01",
      cancellation: null,
      segments: pieces.map(([startDate, endDate, termEnd]) => ({
        startDate,
        endDate,
        data: {
          policyStartDate: day("2025-01-01"),
          policyEndDate: day(termEnd),
          fullTermPricingInfo: { pricingComponents: [premium(3650)] },
        },
      })),
    };
    expect(earnedPremium(coverage, "2026-01-01").byKind.Premium.writtenCents).toBe(365_000);
  });

  // "Never written when no coverage is in force on that date (a flat ... cancellation)".
  it("a flat cancellation writes no fully-earned component", () => {
    const coverage = coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [fee(250)]]], cancelledOn: "2025-01-01" });
    expect(earnedPremium(coverage, "2025-06-01").byKind.Fees.writtenCents).toBe(0);
  });
});

describe("fully-earned components follow the transaction that brought them (issue 9, finding 5)", () => {
  const endorsementFee = (value: number): Component => ({ ...fee(value), label: "Endorsement fee" });

  it("a fee charged at inception is kept when later pricing omits it", () => {
    // 1 Jan to 1 Jul with premium and the 100.00 fee; from 1 Jul the pricing omits the fee.
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [premium(3650), fee(100)]],
        ["2025-07-01", "2026-01-01", [premium(3650)]],
      ],
    });
    expect(earnedPremium(coverage, "2025-01-01").byKind.Fees).toEqual(figures(10_000, 10_000));
  });

  it("an endorsement's fee is written on its effective date and earned from then, not from inception", () => {
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [premium(3650)]],
        ["2025-07-01", "2026-01-01", [premium(3650), endorsementFee(50)]],
      ],
    });
    expect(earnedPremium(coverage, "2025-02-01").byKind.Fees).toEqual(figures(5_000, 0));
    expect(earnedPremium(coverage, "2025-06-30").byKind.Fees).toEqual(figures(5_000, 0));
    expect(earnedPremium(coverage, "2025-07-01").byKind.Fees).toEqual(figures(5_000, 5_000));
  });

  it("a higher value writes the difference on its date; a lower one returns nothing", () => {
    const raised = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [fee(100)]],
        ["2025-07-01", "2026-01-01", [fee(150)]],
      ],
    });
    // 10,000 on 1 Jan, then 15,000 − 10,000 = 5,000 on 1 Jul.
    expect(earnedPremium(raised, "2025-02-01").byKind.Fees).toEqual(figures(15_000, 10_000));
    expect(earnedPremium(raised, "2025-07-01").byKind.Fees).toEqual(figures(15_000, 15_000));
    const lowered = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [fee(100)]],
        ["2025-07-01", "2026-01-01", [fee(80)]],
      ],
    });
    expect(earnedPremium(lowered, "2026-01-01").byKind.Fees).toEqual(figures(10_000, 10_000));
  });

  it("nothing is written for days not in force: a cancellation before the fee's date writes no fee", () => {
    const coverage = coverageOf({
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-07-01", [premium(3650)]],
        ["2025-07-01", "2026-01-01", [premium(3650), endorsementFee(50)]],
      ],
      cancelledOn: "2025-06-01",
    });
    expect(earnedPremium(coverage, "2026-01-01").byKind.Fees).toEqual(figures(0, 0));
    expect(earnedPremium(coverage, "2026-01-01").components.map((c) => c.label)).toEqual(["Base premium"]);
  });
});

describe("each version carries the fully-earned charges before it (CONTRACT section 4: kept when omitted)", () => {
  const endorsementFee = (value: number): Component => ({ ...fee(value), label: "Endorsement fee" });
  /** Premium all year; from 1 Jul an endorsement fee of 50.00 (5,000 cents). */
  const FEE_FROM_JULY: Policy = {
    term: YEAR_2025,
    segments: [
      ["2025-01-01", "2025-07-01", [premium(3650)]],
      ["2025-07-01", "2026-01-01", [premium(3650), endorsementFee(50)]],
    ],
  };
  /** The version after `before`: its own segments, carrying what `before` charged (as the planner does). */
  const nextVersion = (before: Coverage, policy: Policy): Coverage => ({
    ...coverageOf(policy),
    charged: fullyEarnedCharges(before),
  });

  it("an endorsement effective on the term start that omits the fee takes nothing back: 10,000 stays written", () => {
    const v1 = coverageOf({ term: YEAR_2025, segments: [["2025-01-01", "2026-01-01", [premium(3650), fee(100)]]] });
    const v2 = nextVersion(v1, { term: YEAR_2025, segments: [["2025-01-01", "2026-01-01", [premium(3650)]]] });
    expect(earnedPremium(v2, "2025-01-01").byKind.Fees).toEqual(figures(10_000, 10_000));
    expect(transactionPremium(v1, v2).Fees).toBe(0);
    // Without the carried charges (a version stored before they were kept) it reads its own segments alone.
    expect(earnedPremium({ ...v2, charged: undefined }, "2025-01-01").byKind.Fees).toEqual(figures(0, 0));
  });

  it("a same-day rise writes the difference; a same-day fall returns nothing", () => {
    const v1 = coverageOf({ term: YEAR_2025, segments: [["2025-01-01", "2026-01-01", [fee(100)]]] });
    const v2 = nextVersion(v1, { term: YEAR_2025, segments: [["2025-01-01", "2026-01-01", [fee(150)]]] });
    expect(transactionPremium(v1, v2).Fees).toBe(5_000); // 15,000 − 10,000
    const v3 = nextVersion(v2, { term: YEAR_2025, segments: [["2025-01-01", "2026-01-01", [fee(80)]]] });
    expect(transactionPremium(v2, v3).Fees).toBe(0);
    expect(earnedPremium(v3, "2025-06-01").byKind.Fees).toEqual(figures(15_000, 15_000));
  });

  it("the charge keeps the day of the transaction that first brought it in; only a rise is written earlier", () => {
    // v1: an endorsement fee of 50.00 from 1 Jul. v2, backdated to 1 Feb, brings the same fee in from 1 Feb.
    const v1 = coverageOf(FEE_FROM_JULY);
    const same = nextVersion(v1, {
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-02-01", [premium(3650)]],
        ["2025-02-01", "2026-01-01", [premium(3650), endorsementFee(50)]],
      ],
    });
    expect(earnedPremium(same, "2025-03-01").byKind.Fees).toEqual(figures(5_000, 0));
    expect(earnedPremium(same, "2025-07-01").byKind.Fees).toEqual(figures(5_000, 5_000));
    const higher = nextVersion(v1, {
      term: YEAR_2025,
      segments: [
        ["2025-01-01", "2025-02-01", [premium(3650)]],
        ["2025-02-01", "2025-07-01", [premium(3650), endorsementFee(60)]],
        ["2025-07-01", "2026-01-01", [premium(3650), endorsementFee(50)]],
      ],
    });
    // 6,000 from 1 Feb is above the 5,000 kept: written 6,000, earned from 1 Feb.
    expect(earnedPremium(higher, "2025-03-01").byKind.Fees).toEqual(figures(6_000, 6_000));
    expect(transactionPremium(v1, higher).Fees).toBe(1_000);
  });

  it("a cancellation before the charge's day writes none of it; the reinstatement restores it", () => {
    const v1 = coverageOf(FEE_FROM_JULY);
    const cancelled = nextVersion(v1, { ...FEE_FROM_JULY, cancelledOn: "2025-06-01" });
    expect(earnedPremium(cancelled, "2026-01-01").byKind.Fees).toEqual(figures(0, 0));
    expect(transactionPremium(v1, cancelled).Fees).toBe(-5_000);
    const reinstated = nextVersion(cancelled, FEE_FROM_JULY);
    expect(transactionPremium(cancelled, reinstated).Fees).toBe(5_000);
    expect(fullyEarnedCharges(reinstated)).toHaveLength(1); // cancel and reinstate add no charge
  });
});

describe("the ledger: transaction premium per kind, and figures as booked (issue 9, findings 1 and 8)", () => {
  // New business 3,650.00 (1,000 cents a day over 365 days); endorsed 1 Jul to 7,300.00; cancelled 1 Oct.
  const issued = coverageOf({ term: YEAR_2025, segments: [[...YEAR_2025, [premium(3650)]]] });
  const doubled: Policy["segments"] = [
    ["2025-01-01", "2025-07-01", [premium(3650)]],
    ["2025-07-01", "2026-01-01", [premium(7300)]],
  ];
  const endorsed = coverageOf({ term: YEAR_2025, segments: doubled });
  const cancelled = coverageOf({ term: YEAR_2025, segments: doubled, cancelledOn: "2025-10-01" });

  it("each transaction writes the change it causes: +365,000, +184,000, −184,000, +184,000", () => {
    // Endorsed: 181 days (Jan-Jun) × 1,000 + 184 days (Jul-Dec) × 2,000 = 549,000, so +184,000.
    // Cancelled 1 Oct: 181 × 1,000 + 92 (Jul-Sep) × 2,000 = 365,000, so −184,000; reinstated: +184,000.
    expect(transactionPremium(null, issued).Premium).toBe(365_000);
    expect(transactionPremium(issued, endorsed).Premium).toBe(184_000);
    expect(transactionPremium(endorsed, cancelled).Premium).toBe(-184_000);
    expect(transactionPremium(cancelled, endorsed).Premium).toBe(184_000);
    expect(transactionPremium(issued, endorsed)).toEqual({
      Premium: 184_000,
      Taxes: 0,
      Fees: 0,
      BrokerCommission: 0,
      ProgramCommission: 0,
    });
  });

  it("counting the transactions booked by a moment: the first ones give that version's report", () => {
    const versions = [issued, endorsed, cancelled].map((coverage, i) => ({ version: i + 1, coverage, booked: i < 2 }));
    expect(bookedEarnings(versions, "2025-12-01")).toEqual(earnedPremium(endorsed, "2025-12-01"));
    expect(
      bookedEarnings(
        versions.map((v) => ({ ...v, booked: false })),
        "2025-12-01",
      ),
    ).toBeNull();
  });

  it("a transaction booked before one issued ahead of it counts only its own change", () => {
    // Booked: new business and the cancellation, not the endorsement between them. Written as booked:
    // 365,000 + (365,000 − 549,000) = 181,000. Earned on 1 Aug (212 days): new business 212,000, and the
    // cancellation changes nothing before 1 Oct (243,000 − 243,000): 212,000.
    const versions = [issued, endorsed, cancelled].map((coverage, i) => ({
      version: i + 1,
      coverage,
      booked: i !== 1,
    }));
    const report = bookedEarnings(versions, "2025-08-01");
    expect(report?.byKind.Premium).toEqual(figures(181_000, 212_000));
    expect(report).toMatchObject({ coverageEnd: "2025-10-01" });
  });
});
