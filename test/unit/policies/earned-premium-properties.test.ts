import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EARNED_KINDS, earnedPremium, type PolicyEarnings } from "../../../worker/domain/policies/earned-premium";
import { addDays, coverageOf, reference, sumOf, versionArb } from "./policy-versions";

/**
 * Properties of earned premium over random policy versions (see policy-versions.ts): the figures equal a
 * day-by-day walk of the coverage, always add up, and earn from nothing to everything written.
 */

describe("properties", () => {
  it("agree with a day-by-day walk of the coverage for any version and day", () => {
    fc.assert(
      fc.property(versionArb(-10_000_000), ({ policy, asOf }) => {
        const actual = earnedPremium(coverageOf(policy), asOf);
        const expected = reference(policy, asOf);
        expect(actual).toMatchObject({
          termStart: policy.term[0],
          termEnd: policy.term[1],
          coverageEnd: expected.coverageEnd,
          termDays: expected.termDays,
          elapsedDays: expected.elapsedDays,
          otherCents: expected.otherCents,
        });
        const byLabel = new Map(
          actual.components.map(({ label, kind, writtenCents, earnedCents, unearnedCents }) => [
            label,
            { kind, writtenCents, earnedCents, unearnedCents },
          ]),
        );
        expect(byLabel).toEqual(expected.components);
        for (const kind of EARNED_KINDS) {
          const rows = [...expected.components.values()].filter((c) => c.kind === kind);
          expect(actual.byKind[kind]).toEqual(sumOf(rows));
        }
        const charged = ["Premium", "Taxes", "Fees"] as const;
        expect(actual.totals).toEqual(sumOf(charged.map((k) => actual.byKind[k])));
      }),
    );
  });

  // Invariant: written = earned + unearned, in integer cents, on every component, every kind and the totals.
  it("always add up in whole cents", () => {
    fc.assert(
      fc.property(versionArb(-10_000_000), ({ policy, asOf }) => {
        const earnings: PolicyEarnings = earnedPremium(coverageOf(policy), asOf);
        for (const row of [...earnings.components, ...Object.values(earnings.byKind), earnings.totals]) {
          for (const value of [row.writtenCents, row.earnedCents, row.unearnedCents]) {
            expect(Number.isSafeInteger(value)).toBe(true);
          }
          expect(row.earnedCents + row.unearnedCents).toBe(row.writtenCents);
        }
      }),
    );
  });

  // Invariants with prices that are not negative: nothing is earned before the term starts, earned never
  // decreases as the day moves on and never exceeds written, everything written is earned once coverage
  // ends, and written does not depend on the day asked about.
  it("earn from nothing to everything written as the days pass", () => {
    fc.assert(
      fc.property(versionArb(0), fc.integer({ min: 1, max: 400 }), ({ policy, asOf }, step) => {
        const coverage = coverageOf(policy);
        const now = earnedPremium(coverage, asOf);
        const later = earnedPremium(coverage, addDays(asOf, step));
        const beforeStart = earnedPremium(coverage, addDays(policy.term[0], -1));
        const atEnd = earnedPremium(coverage, policy.cancelledOn ?? policy.term[1]);
        expect(later.totals.writtenCents).toBe(now.totals.writtenCents);
        expect(beforeStart.totals.earnedCents).toBe(0);
        expect(now.totals.earnedCents).toBeLessThanOrEqual(later.totals.earnedCents);
        expect(later.totals.earnedCents).toBeLessThanOrEqual(later.totals.writtenCents);
        expect(atEnd.totals.earnedCents).toBe(atEnd.totals.writtenCents);
        for (const kind of EARNED_KINDS) {
          expect(now.byKind[kind].earnedCents).toBeLessThanOrEqual(later.byKind[kind].earnedCents);
          expect(atEnd.byKind[kind].unearnedCents).toBe(0);
        }
      }),
    );
  });
});
