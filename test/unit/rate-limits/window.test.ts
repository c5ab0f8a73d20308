import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { take, WINDOW_MS, type Window } from "../../../worker/domain/rate-limits/window";

describe("the one-minute window", () => {
  it("opens on the first request, refuses past the limit, and is whole again a minute later", () => {
    let window: Window | null = null;
    const at = (now: number) => {
      const result = take(window, 2, now);
      window = result.window;
      return result.decision;
    };
    expect(at(1_000)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(at(30_500)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 31 });
    expect(at(60_999)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 1 });
    expect(at(61_000)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });

  it("allows exactly min(n, limit) of n requests inside one window, remaining never rising", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: WINDOW_MS - 1 }), { maxLength: 120 }),
        (limit, offsets) => {
          let window: Window | null = null;
          let allowed = 0;
          let lastRemaining = limit;
          for (const offset of [...offsets].sort((a, b) => a - b)) {
            const result = take(window, limit, 5_000_000 + offset);
            window = result.window;
            if (result.decision.allowed) allowed += 1;
            expect(result.decision.remaining).toBeLessThanOrEqual(lastRemaining);
            expect(result.decision.resetSeconds).toBeGreaterThanOrEqual(1);
            lastRemaining = result.decision.remaining;
          }
          expect(allowed).toBe(Math.min(offsets.length, limit));
        },
      ),
    );
  });
});
