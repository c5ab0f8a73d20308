import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCivilDayLiteral } from "../../../worker/domain/dates/civil-day-literal";
import { isCalendarDay, isRealDay, readFmv1Date, utcDay } from "../../../worker/domain/dates/fmv1-date";
import { daysBetween } from "../../../worker/domain/policies/civil-days";

/** Years 0000 to 0099 are real years (issue 11: Date.UTC read them as 1900 to 1999). */

/** Reference model: the proleptic Gregorian calendar, by hand. */
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
const pad = (n: number, width: number) => String(n).padStart(width, "0");

describe("years 0000 to 0099", () => {
  it("are real days in every parser: Fmv1Date, civil-day literal, asOf", () => {
    expect(isCalendarDay("0050-06-15")).toBe(true);
    expect(isCalendarDay("0000-01-01")).toBe(true);
    expect(readFmv1Date({ date: "0099-12-31" })).toEqual({
      ok: true,
      value: { date: "0099-12-31", timezone: "America/New_York" },
    });
    expect(
      readCivilDayLiteral("activeOn", { "activeOn.year": "50", "activeOn.month": "3", "activeOn.day": "1" }),
    ).toEqual({ ok: true, day: "0050-03-01" });
    expect(readCivilDayLiteral("asOf", { asOf: '{"year":7,"month":2,"day":29}' })).toEqual({
      ok: false,
      problem: "is not a real calendar day",
    });
  });

  it("read a civil-day literal in either spelling alike, and nothing else (property)", () => {
    const realDay = fc
      .record({
        y: fc.integer({ min: 0, max: 9999 }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 31 }),
      })
      .filter(({ y, m, d }) => d <= daysIn(y, m));
    fc.assert(
      fc.property(realDay, fc.string({ maxLength: 8 }), ({ y, m, d }, extra) => {
        const day = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        const json = readCivilDayLiteral("on", { on: JSON.stringify({ year: y, month: m, day: d }) });
        const apart = readCivilDayLiteral("on", { "on.year": String(y), "on.month": String(m), "on.day": String(d) });
        expect(json).toEqual({ ok: true, day });
        expect(apart).toEqual({ ok: true, day });
        // Another member, or a member that is not decimal digits, is refused.
        const withExtra = JSON.stringify({ year: y, month: m, day: d, [`x${extra}`]: 1 });
        expect(readCivilDayLiteral("on", { on: withExtra })?.ok).toBe(false);
        const notDecimal = readCivilDayLiteral("on", {
          "on.year": `${y}${extra}x`,
          "on.month": String(m),
          "on.day": String(d),
        });
        expect(notDecimal?.ok).toBe(false);
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });

  it("count days exactly (worked by hand)", () => {
    // 0096 is a leap year (divisible by 4): 28 Feb → 1 Mar is 2 days. 0100 is not (by 100, not by 400): 1 day.
    expect(daysBetween("0096-02-28", "0096-03-01")).toBe(2);
    expect(daysBetween("0100-02-28", "0100-03-01")).toBe(1);
    // 0050 is not a leap year: a year-long term is 365 days; 0099-12-31 → 0100-01-01 is 1 day.
    expect(daysBetween("0050-01-01", "0051-01-01")).toBe(365);
    expect(daysBetween("0099-12-31", "0100-01-01")).toBe(1);
    // Consecutive UTC midnights across the whole range.
    expect((utcDay(1970, 1, 1) - utcDay(1969, 12, 31)) / 86_400_000).toBe(1);
  });

  it("agree with the calendar for any year, month and day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const real = d <= daysIn(y, m);
          expect(isRealDay(y, m, d)).toBe(real);
          expect(isCalendarDay(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(real);
        },
      ),
    );
  });

  it("count one day between consecutive days of any year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9998 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const last = daysIn(y, m);
        const next = m === 12 ? `${pad(y + 1, 4)}-01-01` : `${pad(y, 4)}-${pad(m + 1, 2)}-01`;
        expect(daysBetween(`${pad(y, 4)}-${pad(m, 2)}-${pad(last, 2)}`, next)).toBe(1);
      }),
    );
  });
});

describe("time zone names (interface: an IANA zone string; CONTRACT 6: an unknown zone is 400)", () => {
  it("takes every name the IANA database knows, slashless ones included, and refuses offsets and made-up names", () => {
    for (const timezone of ["America/New_York", "UTC", "GMT", "EST5EDT", "Japan", "Etc/GMT+5"])
      expect(readFmv1Date({ date: "2026-03-01", timezone }), timezone).toEqual({
        ok: true,
        value: { date: "2026-03-01", timezone },
      });
    for (const timezone of ["+05:00", "-0300", "\u221205:00", "Mars/Olympus_Mons", "Eastern", ""])
      expect(readFmv1Date({ date: "2026-03-01", timezone }).ok, timezone).toBe(false);
  });
});
