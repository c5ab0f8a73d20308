import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_LIFECYCLE_DATES } from "../../../worker/domain/configuration/platform-fields";
import type { Fmv1Date } from "../../../worker/domain/dates/fmv1-date";
import {
  applyTransition,
  type EventStatus,
  futureDateProblem,
  futureEntryProblems,
  type HistoryEntry,
  initialHistory,
  type LifecycleDates,
  lifecycleDates,
  lifecycleFields,
  replacementProblems,
  storedHistory,
  type Transition,
} from "../../../worker/domain/events/open-close-history";

/**
 * The event open/close log (interface, States: Event rows; CONTRACT section 4, event platform fields):
 * close needs an open event and reopen a closed one, a date may equal but not precede the last entry, and
 * the status and lifecycle dates are read from the log.
 */

const NY = "America/New_York";
const on = (date: string, timezone = NY): Fmv1Date => ({ date, timezone });
const open = (date: string): HistoryEntry => ({ action: "open", effectiveOnDate: on(date) });
const close = (date: string): HistoryEntry => ({ action: "close", effectiveOnDate: on(date) });

const START = Date.UTC(2025, 0, 1);
const dayAt = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);
const ZONES = [NY, "UTC", "Asia/Tokyo", "Pacific/Honolulu"];
const dateArb = fc.record({ offset: fc.integer({ min: 0, max: 60 }), timezone: fc.constantFrom(...ZONES) });

describe("a new event's log", () => {
  it("opens on its creation day in New York, and also closes that day when created closed", () => {
    const now = new Date("2025-01-01T03:00:00Z"); // still 31 December in New York
    expect(initialHistory("open", now)).toEqual([open("2024-12-31")]);
    expect(initialHistory("closed", now)).toEqual([open("2024-12-31"), close("2024-12-31")]);
  });
});

describe("close and reopen", () => {
  it("close appends a close entry to an open event's log", () => {
    expect(applyTransition("open", [open("2025-01-01")], "close", on("2025-02-01"))).toEqual({
      ok: true,
      history: [open("2025-01-01"), close("2025-02-01")],
    });
  });

  it("reopen appends an open entry to a closed event's log", () => {
    const history = [open("2025-01-01"), close("2025-02-01")];
    expect(applyTransition("closed", history, "reopen", on("2025-03-01"))).toEqual({
      ok: true,
      history: [...history, open("2025-03-01")],
    });
  });

  it("allow the same day as the last entry (open, close and reopen all on one day)", () => {
    const closed = applyTransition("open", [open("2025-01-01")], "close", on("2025-01-01"));
    expect(closed).toEqual({ ok: true, history: [open("2025-01-01"), close("2025-01-01")] });
    const reopened = applyTransition("closed", [open("2025-01-01"), close("2025-01-01")], "reopen", on("2025-01-01"));
    expect(reopened.ok).toBe(true);
  });

  it("refuse a date before the last entry, naming that entry (for a reopen, the close it reverses)", () => {
    const history = [open("2025-01-01"), close("2025-02-01")];
    expect(applyTransition("closed", history, "reopen", on("2025-01-31"))).toEqual({
      ok: false,
      refusal: { kind: "out-of-order", transition: "reopen", date: on("2025-01-31"), lastEntry: close("2025-02-01") },
    });
  });

  it("compare civil days whatever the time zones say", () => {
    // 2 Jan in Tokyo is not before 2 Jan in New York, though it starts 14 hours earlier.
    expect(applyTransition("open", [open("2025-01-02")], "close", on("2025-01-02", "Asia/Tokyo")).ok).toBe(true);
    expect(applyTransition("open", [open("2025-01-02")], "close", on("2025-01-01", "Pacific/Honolulu")).ok).toBe(false);
  });

  it("refuse close on an event that is not open and reopen on one that is not closed", () => {
    expect(applyTransition("closed", [open("2025-01-01"), close("2025-01-02")], "close", on("2025-01-03"))).toEqual({
      ok: false,
      refusal: { kind: "wrong-status", transition: "close", status: "closed" },
    });
    expect(applyTransition("open", [open("2025-01-01")], "reopen", on("2025-01-03"))).toMatchObject({
      ok: false,
      refusal: { kind: "wrong-status", transition: "reopen", status: "open" },
    });
    expect(applyTransition(undefined, [], "close", on("2025-01-03"))).toMatchObject({
      refusal: { kind: "wrong-status", status: undefined },
    });
  });

  it("check the status before the date", () => {
    const result = applyTransition("open", [open("2025-02-01")], "reopen", on("2025-01-01"));
    expect(result).toMatchObject({ ok: false, refusal: { kind: "wrong-status" } });
  });

  // Reference model: the event as it happens. It holds a status and the day of its last entry, and keeps
  // each lifecycle date as the transitions occur (a reopening records the close it reverses). After any
  // sequence of requests, the log accepts exactly what the model accepts, stays a valid replacement, and
  // the status and dates read from it equal the model's.
  it("agree with an as-it-happens model for any sequence of requests", () => {
    const request = fc.record({ transition: fc.constantFrom<Transition>("close", "reopen"), date: dateArb });
    fc.assert(
      fc.property(dateArb, fc.array(request, { maxLength: 12 }), (opened, requests) => {
        const openedOn = on(dayAt(opened.offset), opened.timezone);
        let history: HistoryEntry[] = [{ action: "open", effectiveOnDate: openedOn }];
        const model: { status: EventStatus; lastDay: string; lastClose: Fmv1Date | null; dates: LifecycleDates } = {
          status: "open",
          lastDay: openedOn.date,
          lastClose: null,
          dates: { eventOpenedOn: openedOn, eventClosedOn: null, eventReopenedOn: null, eventPreviouslyClosedOn: null },
        };

        for (const { transition, date } of requests) {
          const day = on(dayAt(date.offset), date.timezone);
          const result = applyTransition(lifecycleFields(history).eventStatus, history, transition, day);
          if (model.status !== (transition === "close" ? "open" : "closed")) {
            expect(result).toMatchObject({ ok: false, refusal: { kind: "wrong-status" } });
            continue;
          }
          if (day.date < model.lastDay) {
            expect(result).toMatchObject({ ok: false, refusal: { kind: "out-of-order", lastEntry: history.at(-1) } });
            continue;
          }
          expect(result.ok).toBe(true);
          if (result.ok) history = result.history;
          model.lastDay = day.date;
          if (transition === "close") {
            model.status = "closed";
            model.lastClose = day;
            model.dates = { ...model.dates, eventClosedOn: day };
          } else {
            model.status = "open";
            model.dates = {
              ...model.dates,
              eventClosedOn: null,
              eventReopenedOn: day,
              eventPreviouslyClosedOn: model.lastClose,
            };
          }
        }

        expect(replacementProblems(history, "eventOpenCloseHistory")).toEqual([]);
        expect(lifecycleFields(history)).toEqual({
          eventStatus: model.status,
          eventOpenCloseHistory: history,
          ...model.dates,
        });
      }),
    );
  });
});

describe("lifecycle dates are read from the log", () => {
  it("opened on the first entry; closed on the last entry when it is a close; reopened and previously closed on the latest reopening and the close it reversed", () => {
    const history = [open("2025-01-01"), close("2025-01-10"), open("2025-01-15"), close("2025-02-01")];
    expect(lifecycleDates(history)).toEqual({
      eventOpenedOn: on("2025-01-01"),
      eventClosedOn: on("2025-02-01"),
      eventReopenedOn: on("2025-01-15"),
      eventPreviouslyClosedOn: on("2025-01-10"),
    });
    expect(lifecycleDates([...history, open("2025-02-03")])).toEqual({
      eventOpenedOn: on("2025-01-01"),
      eventClosedOn: null,
      eventReopenedOn: on("2025-02-03"),
      eventPreviouslyClosedOn: on("2025-02-01"),
    });
  });

  it("are null where the log has no such entry", () => {
    expect(lifecycleDates([open("2025-01-01")])).toEqual({
      eventOpenedOn: on("2025-01-01"),
      eventClosedOn: null,
      eventReopenedOn: null,
      eventPreviouslyClosedOn: null,
    });
    expect(lifecycleDates([])).toEqual({
      eventOpenedOn: null,
      eventClosedOn: null,
      eventReopenedOn: null,
      eventPreviouslyClosedOn: null,
    });
  });

  it("are exactly the platform's lifecycle date fields, written with the status and the log", () => {
    expect(Object.keys(lifecycleDates([open("2025-01-01")])).sort()).toEqual([...EVENT_LIFECYCLE_DATES].sort());
    const history = [open("2025-01-01"), close("2025-01-02")];
    expect(lifecycleFields(history)).toMatchObject({ eventStatus: "closed", eventOpenCloseHistory: history });
    expect(lifecycleFields([]).eventStatus).toBe("open");
  });
});

describe("replacing the whole log", () => {
  const PATH = "eventOpenCloseHistory";

  it("accepts a log that opens, alternates, and keeps its dates in order (same-day entries allowed)", () => {
    expect(replacementProblems([open("2025-01-01")], PATH)).toEqual([]);
    expect(
      replacementProblems([open("2025-01-01"), close("2025-01-01"), open("2025-01-01"), close("2025-03-01")], PATH),
    ).toEqual([]);
  });

  it("refuses an empty log: an event always has its opening", () => {
    expect(replacementProblems([], PATH)).toEqual([
      { path: PATH, problem: "must hold at least the opening entry; an event always has one" },
    ]);
  });

  it("names each entry with the wrong action and each date before the previous one", () => {
    expect(replacementProblems([close("2025-01-01"), close("2025-01-05"), open("2025-01-04")], PATH)).toEqual([
      { path: `${PATH}[0].action`, problem: "must be open: the log starts with the opening" },
      {
        path: `${PATH}[2].effectiveOnDate`,
        problem: "is before the previous entry's date 2025-01-05; entries go in date order",
      },
    ]);
    expect(replacementProblems([open("2025-01-01"), open("2025-01-02")], PATH)).toEqual([
      { path: `${PATH}[1].action`, problem: "must be close: entries alternate open and close" },
    ]);
  });

  // Reference model: entry i must be `open` when i is even and `close` when odd, and its day must not be
  // before entry i-1's day. The problems name exactly the entries breaking each rule.
  it("names exactly the entries a rule-by-rule check finds, for any log", () => {
    const entry = fc.record({ action: fc.constantFrom<"open" | "close">("open", "close"), date: dateArb });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), (raw) => {
        const log: HistoryEntry[] = raw.map(({ action, date }) => ({
          action,
          effectiveOnDate: on(dayAt(date.offset), date.timezone),
        }));
        const expected: string[] = [];
        log.forEach((e, i) => {
          if (e.action !== (i % 2 === 0 ? "open" : "close")) expected.push(`${PATH}[${i}].action`);
          const previous = log[i - 1];
          if (previous && e.effectiveOnDate.date < previous.effectiveOnDate.date)
            expected.push(`${PATH}[${i}].effectiveOnDate`);
        });
        expect(replacementProblems(log, PATH).map((p) => p.path)).toEqual(expected);
      }),
    );
  });
});

describe("the stored log", () => {
  it("reads a list as the log, and anything else as no log", () => {
    const history = [open("2025-01-01")];
    expect(storedHistory(history)).toEqual(history);
    expect(storedHistory(null)).toEqual([]);
    expect(storedHistory("open")).toEqual([]);
    expect(storedHistory({ action: "open" })).toEqual([]);
  });
});

describe("open/close dates may not be after today where they are dated", () => {
  // 2025-01-01T03:00Z: still 31 December in New York, already 1 January in Tokyo and UTC.
  const now = new Date("2025-01-01T03:00:00Z");

  it("compares the date with today in its own time zone", () => {
    expect(futureDateProblem(on("2024-12-31"), now, "d")).toBeNull();
    expect(futureDateProblem(on("2025-01-01"), now, "d")).toEqual({
      path: "d",
      problem: "is after today (2024-12-31 in America/New_York); open and close dates cannot be in the future",
    });
    expect(futureDateProblem(on("2025-01-01", "Asia/Tokyo"), now, "d")).toBeNull();
    expect(futureDateProblem(on("2025-01-02", "UTC"), now, "d")?.path).toBe("d");
  });

  it("names every future entry of a log by its path", () => {
    fc.assert(
      fc.property(fc.array(dateArb, { maxLength: 6 }), (dates) => {
        const log = dates.map(({ offset, timezone }) => ({
          action: "open" as const,
          effectiveOnDate: on(dayAt(offset - 30), timezone),
        }));
        const expected = log.flatMap((entry, i) =>
          futureDateProblem(entry.effectiveOnDate, new Date(START), "x") ? [`e[${i}].effectiveOnDate`] : [],
        );
        expect(futureEntryProblems(log, "e", new Date(START)).map((p) => p.path)).toEqual(expected);
      }),
    );
  });
});
