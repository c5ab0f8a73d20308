import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completedAtAfter, readDueBefore, TASK_STATUSES } from "../../../worker/domain/tasks/task-rules";

/** Task completion and the dueBefore literal (CONTRACT section 6, Tasks). */

const T1 = "2026-03-01T10:00:00.000Z";
const T2 = "2026-03-02T10:00:00.000Z";

describe("completedAtAfter", () => {
  it("sets on entering done, keeps while done, clears otherwise", () => {
    expect(completedAtAfter(null, "done", T1)).toBe(T1);
    expect(completedAtAfter(null, "open", T1)).toBeNull();
    expect(completedAtAfter({ status: "open", completedAt: null }, "done", T2)).toBe(T2);
    expect(completedAtAfter({ status: "done", completedAt: T1 }, "done", T2)).toBe(T1);
    expect(completedAtAfter({ status: "done", completedAt: T1 }, "in_progress", T2)).toBeNull();
  });

  it("completedAt is set exactly when the status is done", () => {
    const status = fc.constantFrom(...TASK_STATUSES);
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 12 }), (statuses) => {
        let previous: { status: (typeof TASK_STATUSES)[number]; completedAt: string | null } | null = null;
        statuses.forEach((next, i) => {
          const now = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
          const completedAt = completedAtAfter(previous, next, now);
          expect(completedAt !== null).toBe(next === "done");
          if (next === "done" && previous?.status === "done") expect(completedAt).toBe(previous.completedAt);
          previous = { status: next, completedAt };
        });
      }),
    );
  });
});

describe("readDueBefore", () => {
  it("takes the civil-day literal as JSON or three members; refuses other spellings and impossible days", () => {
    expect(readDueBefore({})).toEqual({ ok: true, day: null });
    expect(readDueBefore({ dueBefore: '{"year":2024,"month":2,"day":29}' })).toEqual({ ok: true, day: "2024-02-29" });
    expect(readDueBefore({ "dueBefore.year": "2025", "dueBefore.month": "3", "dueBefore.day": "1" })).toEqual({
      ok: true,
      day: "2025-03-01",
    });
    for (const query of [
      { dueBefore: "2025-03-01" },
      { dueBefore: '{"year":2025,"month":2,"day":29}' },
      { dueBefore: '{"date":"2025-03-01"}' },
      { "dueBefore.year": "2025" },
    ]) {
      expect(readDueBefore(query).ok, JSON.stringify(query)).toBe(false);
    }
  });
});
