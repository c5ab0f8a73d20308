import { describe, expect, it } from "vitest";
import { ALLOWANCE_TTL_MS, allowanceOf } from "../../../worker/domain/rate-limits/allowance";
import { grantUnits } from "../../../worker/domain/rate-limits/window";
import { KeyAllowances } from "../../../worker/http/key-allowances";

/** An allowance of a first grant at 100,000 a minute (50 units), with `units` left, granted at `at`. */
const allowanceWith = (units: number, at = 0) => ({ ...allowanceOf(grantUnits(null, 100_000, at).grant, at), units });

describe("the isolate's top-ups of a key's units (issue 16)", () => {
  it("hand the top-up to one call until it ends, then to the next call that wants one", () => {
    const allowances = new KeyAllowances();
    allowances.set("k1", allowanceWith(12));
    expect(allowances.claimTopUp("k1", 100_000, 10)).toBe(true);
    expect(allowances.claimTopUp("k1", 100_000, 11)).toBe(false);
    allowances.endTopUp("k1");
    expect(allowances.claimTopUp("k1", 100_000, 12)).toBe(true);
    // Another key's top-up is its own.
    allowances.set("k2", allowanceWith(3));
    expect(allowances.claimTopUp("k2", 100_000, 12)).toBe(true);
  });

  it("claim nothing while units are plentiful, or for a key they hold no allowance of", () => {
    const allowances = new KeyAllowances();
    allowances.set("k1", allowanceWith(13));
    expect(allowances.claimTopUp("k1", 100_000, 10)).toBe(false);
    expect(allowances.claimTopUp("nobody", 100_000, 10)).toBe(false);
  });

  it("let a claim whose top-up never ended go after an allowance's lifetime", () => {
    const allowances = new KeyAllowances();
    allowances.set("k1", allowanceWith(12));
    expect(allowances.claimTopUp("k1", 100_000, 10)).toBe(true);
    allowances.set("k1", allowanceWith(12, 900));
    expect(allowances.claimTopUp("k1", 100_000, 10 + ALLOWANCE_TTL_MS - 1)).toBe(false);
    expect(allowances.claimTopUp("k1", 100_000, 10 + ALLOWANCE_TTL_MS)).toBe(true);
  });
});
