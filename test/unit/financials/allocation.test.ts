import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, floorDiv } from "../../../worker/domain/financials/allocation";

/** Allocation (CONTRACT section 7.3): share_i = floor(P*Ci/T) - floor(P*C(i-1)/T). */

describe("allocation of a paid amount over an invoice's lines", () => {
  it("follows the prefix-sum rule, worked by hand", () => {
    // Lines 100, 200, 300 (T = 600), P = 250: prefixes 100, 300, 600.
    // floor(250*100/600) = floor(41.67) = 41; floor(250*300/600) = 125; floor(250*600/600) = 250.
    // Shares: 41, 125 - 41 = 84, 250 - 125 = 125.
    expect(allocate(250, [100, 200, 300])).toEqual([41, 84, 125]);
    // Three equal lines of 1 cent, P = 1: floor(1/3) = 0, floor(2/3) = 0, floor(3/3) = 1.
    expect(allocate(1, [1, 1, 1])).toEqual([0, 0, 1]);
    // 30,000 and 10,000 cents, 20,000 paid: 15,000 and 5,000.
    expect(allocate(20_000, [30_000, 10_000])).toEqual([15_000, 5_000]);
  });

  it("rounds toward minus infinity with negative amounts (a credit note and its refund)", () => {
    // Lines -100 and -50 (T = -150), P = -100: P*C1/T = (-100)(-100)/(-150) = -66.67, floor -67;
    // P*C2/T = (-100)(-150)/(-150) = -100. Shares: -67, -100 - (-67) = -33.
    expect(allocate(-100, [-100, -50])).toEqual([-67, -33]);
    expect(floorDiv(-7n, 2n)).toBe(-4n);
    expect(floorDiv(7n, -2n)).toBe(-4n);
    expect(floorDiv(-8n, 2n)).toBe(-4n);
    expect(floorDiv(7n, 2n)).toBe(3n);
  });

  it("is exact beyond 2^53 (amounts near 10^13)", () => {
    const big = 9_999_999_999_999;
    expect(allocate(big, [big - 1, 1])).toEqual([big - 1, 1]);
    expect(allocate(big - 3, [big, big]).reduce((a, b) => a + b, 0)).toBe(big - 3);
  });

  const lines = fc.array(fc.integer({ min: 0, max: 10_000_000_000_000 }), { minLength: 1, maxLength: 12 });

  it("always adds up to the paid amount, and a full payment gives each line its amount", () => {
    fc.assert(
      fc.property(lines, fc.double({ min: 0, max: 1, noNaN: true }), (amounts, fraction) => {
        const total = amounts.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const paid = Math.floor(total * fraction);
        const shares = allocate(paid, amounts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(paid);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(amounts[i] ?? 0);
        });
        expect(allocate(total, amounts)).toEqual(amounts);
      }),
    );
  });
});
