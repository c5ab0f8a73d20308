import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALLOWANCE_TTL_MS,
  type Allowance,
  allowanceOf,
  joined,
  spend,
  TOP_UP_BEFORE_EXPIRY_MS,
  TOP_UP_MIN_GRANT,
  unusedOf,
  wantsTopUp,
} from "../../../worker/domain/rate-limits/allowance";
import {
  type Decision,
  GRANT_MAX,
  grantUnits,
  type Unused,
  WINDOW_MS,
  type Window,
} from "../../../worker/domain/rate-limits/window";

/**
 * One limiter object and any number of isolates, as `worker/http/rate-limit.ts` drives them; with `topUps`,
 * an allowed request that `wantsTopUp` also asks for more units, which join its isolate's at once.
 */
function limiterWithIsolates(limit: number, topUps = false) {
  let window: Window | null = null;
  const held = new Map<number, Allowance | null>();
  let grants = 0;
  const request = (isolate: number, now: number): Decision => {
    const spent = spend(held.get(isolate) ?? null, limit, now);
    if (spent) {
      held.set(isolate, spent.allowance);
      if (topUps && spent.decision.allowed && wantsTopUp(spent.allowance, limit, now)) {
        const result = grantUnits(window, limit, now, null);
        window = result.window;
        grants += 1;
        held.set(isolate, joined(spent.allowance, result.grant, now));
      }
      return spent.decision;
    }
    const unused: Unused | null = unusedOf(held.get(isolate) ?? null);
    const result = grantUnits(window, limit, now, unused);
    window = result.window;
    grants += 1;
    const allowance = joined(null, result.grant, now);
    const after = spend(allowance, limit, now);
    if (!after) throw new Error("a fresh grant always answers");
    held.set(isolate, after.allowance);
    return after.decision;
  };
  return { request, grants: () => grants, window: () => window };
}

describe("the one-minute window, granted to isolates", () => {
  it("grants 1/16 of what remains, at most 50, at least 1 while any remain: a worked example at 600 a minute", () => {
    // Grant 1: 600 remain, floor(600 / 16) = 37 units; the object keeps 600 - 37 = 563.
    const first = grantUnits(null, 600, 1_000);
    expect(first.grant).toEqual({ limit: 600, openedAt: 1_000, units: 37, remaining: 563 });
    // Grant 2: floor(563 / 16) = 35 units; 563 - 35 = 528 remain.
    const second = grantUnits(first.window, 600, 2_000);
    expect(second.grant).toEqual({ limit: 600, openedAt: 1_000, units: 35, remaining: 528 });
    // 100,000 a minute: floor(100,000 / 16) = 6,250, capped at 50.
    expect(grantUnits(null, 100_000, 0).grant.units).toBe(GRANT_MAX);
    // 5 a minute: floor(5 / 16) = 0, so one unit a grant (the count stays exact for small budgets).
    expect(grantUnits(null, 5, 0).grant).toEqual({ limit: 5, openedAt: 0, units: 1, remaining: 4 });
  });

  it("takes back unused units of the same window before granting, and ignores those of a closed one", () => {
    const first = grantUnits(null, 600, 1_000); // 37 granted, 563 remain
    const back = grantUnits(first.window, 600, 2_000, { openedAt: 1_000, units: 30 });
    // 563 + 30 = 593 remain before the grant; floor(593 / 16) = 37 granted; 593 - 37 = 556 remain.
    expect(back.grant).toEqual({ limit: 600, openedAt: 1_000, units: 37, remaining: 556 });
    const stale = grantUnits(first.window, 600, 1_000 + WINDOW_MS, { openedAt: 1_000, units: 30 });
    expect(stale.grant).toEqual({ limit: 600, openedAt: 1_000 + WINDOW_MS, units: 37, remaining: 563 });
  });

  it("counts down exactly in one isolate: 600, then 599, 598, ... across grants, and refuses past the budget", () => {
    const limiter = limiterWithIsolates(600);
    const remaining = Array.from({ length: 600 }, (_, i) => limiter.request(0, 1_000 + i).remaining);
    expect(remaining).toEqual(Array.from({ length: 600 }, (_, i) => 599 - i));
    const refused = limiter.request(0, 1_700);
    expect(refused).toEqual({ allowed: false, limit: 600, remaining: 0, resetSeconds: 60 });
    // A refusal is kept by the isolate for up to a second: the next one costs no grant.
    const grants = limiter.grants();
    expect(limiter.request(0, 1_800).allowed).toBe(false);
    expect(limiter.grants()).toBe(grants);
  });

  it("a budget of 5: four, three, two, one, zero remaining, then refused until the window closes", () => {
    const limiter = limiterWithIsolates(5);
    const decisions = [1_000, 30_500, 40_000, 50_000, 55_000].map((now) => limiter.request(0, now));
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(decisions.map((d) => d.resetSeconds)).toEqual([60, 31, 21, 11, 6]);
    expect(limiter.request(0, 60_999)).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 1 });
    expect(limiter.request(0, 61_000)).toEqual({ allowed: true, limit: 5, remaining: 4, resetSeconds: 60 });
  });

  it.each([
    ["", false],
    [", with top-ups", true],
  ])("never allows more than the budget in a window, however requests spread over isolates%s", (_, topUps) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: WINDOW_MS - 1 })), {
          maxLength: 600,
        }),
        (limit, calls) => {
          const limiter = limiterWithIsolates(limit, topUps);
          let allowed = 0;
          for (const [isolate, offset] of [...calls].sort((a, b) => a[1] - b[1])) {
            const decision = limiter.request(isolate, 5_000_000 + offset);
            if (decision.allowed) allowed += 1;
            expect(decision.remaining).toBeGreaterThanOrEqual(0);
            expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
          }
          expect(allowed).toBeLessThanOrEqual(limit);
          expect(limiter.window()?.taken ?? 0).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it.each([
    ["", false],
    [", with top-ups", true],
  ])(
    "in one isolate allows exactly min(n, limit) of n requests in a window, remaining counting down by one%s",
    (_, topUps) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 300 }),
          fc.array(fc.integer({ min: 0, max: WINDOW_MS - 1 }), { maxLength: 400 }),
          (limit, offsets) => {
            const limiter = limiterWithIsolates(limit, topUps);
            let allowed = 0;
            for (const offset of [...offsets].sort((a, b) => a - b)) {
              const decision = limiter.request(0, 5_000_000 + offset);
              if (decision.allowed) {
                allowed += 1;
                expect(decision.remaining).toBe(limit - allowed);
              } else expect(decision.remaining).toBe(0);
            }
            expect(allowed).toBe(Math.min(offsets.length, limit));
          },
        ),
      );
    },
  );

  it("a second grant arriving in the same isolate joins the units it still holds", () => {
    const first = grantUnits(null, 600, 1_000);
    const held = joined(null, first.grant, 1_000);
    const second = grantUnits(first.window, 600, 1_001);
    const both = joined(held, second.grant, 1_001);
    expect(both.units).toBe(37 + 35);
    expect(both.remainingElsewhere).toBe(528);
    expect(spend(both, 600, 1_002)?.decision.remaining).toBe(528 + 72 - 1);
    // Another budget (staff changed it) or a lapsed allowance cannot answer: a grant is needed.
    expect(spend(both, 500, 1_002)).toBeNull();
    expect(spend(both, 600, 2_001)).toBeNull();
    expect(unusedOf(both)).toEqual({ openedAt: 1_000, units: 72 });
  });

  it("tops up a grant of 16 units or more once a quarter is left or half its life has passed: worked at 600 a minute", () => {
    // The first grant at 600 a minute is 37 units, kept until 1,000 + 1,000 ms.
    const allowance = allowanceOf(grantUnits(null, 600, 1_000).grant, 1_000);
    expect(allowance.granted).toBe(37);
    const withUnits = (units: number) => ({ ...allowance, units });
    // A quarter of 37 is 9.25: 10 units left is not yet low (40 > 37), 9 is (36 <= 37).
    expect(wantsTopUp(withUnits(10), 600, 1_100)).toBe(false);
    expect(wantsTopUp(withUnits(9), 600, 1_100)).toBe(true);
    // Half its life: from 1,000 + 1,000 - 500 = 1,500 ms on, whatever is left.
    expect(wantsTopUp(withUnits(30), 600, 2_000 - TOP_UP_BEFORE_EXPIRY_MS - 1)).toBe(false);
    expect(wantsTopUp(withUnits(30), 600, 2_000 - TOP_UP_BEFORE_EXPIRY_MS)).toBe(true);
    // Lapsed, or for another budget: the next call asks the object itself, no top-up.
    expect(wantsTopUp(withUnits(1), 600, 1_000 + ALLOWANCE_TTL_MS)).toBe(false);
    expect(wantsTopUp(withUnits(1), 500, 1_100)).toBe(false);
    // Small grants (5 a minute: 1 unit) and refusals never top up: the count stays one grant at a time.
    const small = allowanceOf(grantUnits(null, 5, 1_000).grant, 1_000);
    expect(small.granted).toBeLessThan(TOP_UP_MIN_GRANT);
    expect(wantsTopUp({ ...small, units: 0 }, 5, 1_900)).toBe(false);
    const refused = allowanceOf({ limit: 600, openedAt: 1_000, units: 0, remaining: 0 }, 1_000);
    expect(wantsTopUp(refused, 600, 1_900)).toBe(false);
    expect(wantsTopUp(null, 600, 1_900)).toBe(false);
  });
});
