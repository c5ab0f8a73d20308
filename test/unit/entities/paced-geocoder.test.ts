import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EnteredAddress } from "../../../worker/domain/addresses/address-v2";
import type { GeocodeOutcome } from "../../../worker/domain/addresses/geocoding";
import {
  GEOCODER_CONNECTIONS,
  type Geocoder,
  OUTAGE_AFTER,
  PacedGeocoder,
} from "../../../worker/operations/entities/write-pipeline/paced-geocoder";

const address = (i: number): EnteredAddress => ({ address1: `${i} Main St`, city: "Springfield" }) as EnteredAddress;
const matched = (i: number): GeocodeOutcome => ({
  status: "matched",
  county: `County ${i}`,
  latitude: 1,
  longitude: 2,
  matchedAddress: null,
  details: {},
});
const unanswered: GeocodeOutcome = { status: "failed", reason: "no answer within 3000 ms", transient: true };
const badRequest: GeocodeOutcome = { status: "failed", reason: "provider answered HTTP 400" };
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider answering the n-th lookup sent (from 0) with `answer(n, address)` after `delay(n)` ms; it counts what is open. */
function provider(answer: (n: number, i: number) => GeocodeOutcome, delay: (n: number) => number = () => 1) {
  const seen = { sent: 0, open: 0, maxOpen: 0, openWhenSent: [] as number[] };
  const geocoder: Geocoder = {
    async geocode(entered) {
      const n = seen.sent++;
      seen.open += 1;
      seen.openWhenSent.push(seen.open);
      seen.maxOpen = Math.max(seen.maxOpen, seen.open);
      await tick(delay(n));
      seen.open -= 1;
      return answer(n, Number.parseInt(entered.address1 ?? "", 10));
    },
  };
  return { geocoder, seen };
}

const lookUpAll = (paced: PacedGeocoder, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => paced.geocode(address(i))));

describe("a save's paced geocoder", () => {
  it("keeps at most six lookups open and answers each with its own outcome, however long each takes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 30 }), async (delays) => {
        const { geocoder, seen } = provider(
          (_n, i) => matched(i),
          (n) => delays[n] ?? 0,
        );
        const outcomes = await lookUpAll(new PacedGeocoder(geocoder), delays.length);
        expect(seen.sent).toBe(delays.length);
        expect(seen.maxOpen).toBeLessThanOrEqual(GEOCODER_CONNECTIONS);
        expect(outcomes).toEqual(delays.map((_, i) => matched(i)));
      }),
      { numRuns: 25 },
    );
  });

  it("opens six at once while the provider answers", async () => {
    const { geocoder, seen } = provider(
      (_n, i) => matched(i),
      () => 5,
    );
    await lookUpAll(new PacedGeocoder(geocoder), 20);
    expect(seen.maxOpen).toBe(GEOCODER_CONNECTIONS);
  });

  it("asks six times when none is answered, and records the rest failed unasked", async () => {
    const { geocoder, seen } = provider(() => unanswered);
    const outcomes = await lookUpAll(new PacedGeocoder(geocoder), 20);
    expect(seen.sent).toBe(OUTAGE_AFTER);
    expect(outcomes.slice(0, 6)).toEqual(Array(6).fill(unanswered));
    for (const outcome of outcomes.slice(6))
      expect(outcome).toEqual({
        status: "failed",
        reason: "not asked: the provider left 6 lookups of this save unanswered",
        transient: true,
      });
  });

  it("after an unanswered lookup sends one at a time until one is answered, then six again", async () => {
    // The first two lookups go unanswered; every later one is answered.
    const { geocoder, seen } = provider(
      (n, i) => (n < 2 ? unanswered : matched(i)),
      () => 2,
    );
    const paced = new PacedGeocoder(geocoder);
    expect(await lookUpAll(paced, 2)).toEqual([unanswered, unanswered]);
    const later = await Promise.all(Array.from({ length: 10 }, (_, i) => paced.geocode(address(100 + i))));
    expect(later).toEqual(Array.from({ length: 10 }, (_, i) => matched(100 + i)));
    // The third lookup was sent alone; once it was answered, six went at once.
    expect(seen.openWhenSent.slice(2, 9)).toEqual([1, 1, 2, 3, 4, 5, 6]);
  });

  it("does not count a refused request or a miss as an outage: every address is asked", async () => {
    const { geocoder, seen } = provider((n) => (n < 10 ? badRequest : { status: "unmatched" }));
    await lookUpAll(new PacedGeocoder(geocoder), 20);
    expect(seen.sent).toBe(20);
    expect(seen.maxOpen).toBe(GEOCODER_CONNECTIONS);
  });

  it("starts counting unanswered lookups again after an answer", async () => {
    // Five unanswered, one answered, five unanswered, ...: never six in a row, so every address is asked.
    const { geocoder, seen } = provider((n, i) => (n % 6 === 5 ? matched(i) : unanswered));
    await lookUpAll(new PacedGeocoder(geocoder), 24);
    expect(seen.sent).toBe(24);
  });
});
