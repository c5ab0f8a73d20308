import type { EVENT_LIFECYCLE_DATES } from "../configuration/platform-fields";
import { compareDays, DEFAULT_TIMEZONE, type Fmv1Date, todayIn } from "../dates/fmv1-date";
import type { ValueProblem } from "../entities/field-values";

/**
 * The event's open/close log and everything derived from it (interface, States: Event rows; CONTRACT
 * section 4, event platform fields). A valid log starts with `open` and alternates open, close, open...
 * in non-decreasing date order, so its last entry always says the event's status.
 */

export type HistoryAction = "open" | "close";
export interface HistoryEntry {
  action: HistoryAction;
  effectiveOnDate: Fmv1Date;
}
export type EventStatus = "open" | "closed";
export type Transition = "close" | "reopen";

const statusAfter = (action: HistoryAction): EventStatus => (action === "open" ? "open" : "closed");

/** A new event's log: opened on its creation day (New York), and closed that same day when created closed. */
export function initialHistory(status: EventStatus, now: Date): HistoryEntry[] {
  const creationDay: Fmv1Date = { date: todayIn(DEFAULT_TIMEZONE, now), timezone: DEFAULT_TIMEZONE };
  const opened: HistoryEntry = { action: "open", effectiveOnDate: creationDay };
  return status === "closed" ? [opened, { action: "close", effectiveOnDate: creationDay }] : [opened];
}

/**
 * Lifecycle dates the event exposes beside its log, all derived from it:
 * - `eventOpenedOn`: the first opening;
 * - `eventClosedOn`: the close in force (the last entry when it is a close), null while open;
 * - `eventReopenedOn`: the latest reopening (an `open` after the first), null if never reopened;
 * - `eventPreviouslyClosedOn`: the latest close that a reopening reversed, null if none.
 */
/** Keyed by the platform field list, so the derivation and the platform fields cannot drift apart. */
export type LifecycleDates = Record<(typeof EVENT_LIFECYCLE_DATES)[number], Fmv1Date | null>;

export function lifecycleDates(history: readonly HistoryEntry[]): LifecycleDates {
  const last = history.at(-1);
  const reopenings = history.slice(1).filter((entry) => entry.action === "open");
  const reversedCloses = history.filter(
    (entry, index) => entry.action === "close" && history[index + 1]?.action === "open",
  );
  return {
    eventOpenedOn: history[0]?.effectiveOnDate ?? null,
    eventClosedOn: last?.action === "close" ? last.effectiveOnDate : null,
    eventReopenedOn: reopenings.at(-1)?.effectiveOnDate ?? null,
    eventPreviouslyClosedOn: reversedCloses.at(-1)?.effectiveOnDate ?? null,
  };
}

/** The stored members a log determines; written together whenever the log changes. */
export function lifecycleFields(history: readonly HistoryEntry[]) {
  return {
    eventStatus: statusAfter(history.at(-1)?.action ?? "open"),
    eventOpenCloseHistory: history,
    ...lifecycleDates(history),
  };
}

/** Why a close or reopen is refused. */
export type TransitionRefusal =
  | { kind: "wrong-status"; transition: Transition; status: unknown }
  | { kind: "out-of-order"; transition: Transition; date: Fmv1Date; lastEntry: HistoryEntry };

export type TransitionResult = { ok: true; history: HistoryEntry[] } | { ok: false; refusal: TransitionRefusal };

const REQUIRED_STATUS: Record<Transition, EventStatus> = { close: "open", reopen: "closed" };
const ACTION_OF: Record<Transition, HistoryAction> = { close: "close", reopen: "open" };

/**
 * Close needs an open event, reopen a closed one; the date may not be before the last log entry (the
 * same day is allowed). For a reopen that entry is the close it reverses.
 */
export function applyTransition(
  status: unknown,
  history: readonly HistoryEntry[],
  transition: Transition,
  date: Fmv1Date,
): TransitionResult {
  if (status !== REQUIRED_STATUS[transition])
    return { ok: false, refusal: { kind: "wrong-status", transition, status } };
  const lastEntry = history.at(-1);
  if (lastEntry && compareDays(date, lastEntry.effectiveOnDate) < 0)
    return { ok: false, refusal: { kind: "out-of-order", transition, date, lastEntry } };
  return { ok: true, history: [...history, { action: ACTION_OF[transition], effectiveOnDate: date }] };
}

/** Problems of a log sent whole to replace the stored one; none means it may be stored. */
export function replacementProblems(entries: readonly HistoryEntry[], path: string): ValueProblem[] {
  if (entries.length === 0) return [{ path, problem: "must hold at least the opening entry; an event always has one" }];
  const problems: ValueProblem[] = [];
  entries.forEach((entry, index) => {
    const expected: HistoryAction = index % 2 === 0 ? "open" : "close";
    if (entry.action !== expected) {
      const why = index === 0 ? "the log starts with the opening" : "entries alternate open and close";
      problems.push({ path: `${path}[${index}].action`, problem: `must be ${expected}: ${why}` });
    }
    const previous = entries[index - 1];
    if (previous && compareDays(entry.effectiveOnDate, previous.effectiveOnDate) < 0) {
      problems.push({
        path: `${path}[${index}].effectiveOnDate`,
        problem: `is before the previous entry's date ${previous.effectiveOnDate.date}; entries go in date order`,
      });
    }
  });
  return problems;
}

/**
 * An open/close date after today, where the date is (its own time zone), would flip the status before the
 * day comes and block every earlier-dated transition until then: close, reopen and the history
 * replacement refuse it (400 naming the date).
 */
export function futureDateProblem(date: Fmv1Date, now: Date, path: string): ValueProblem | null {
  const today = todayIn(date.timezone, now);
  if (date.date <= today) return null;
  return {
    path,
    problem: `is after today (${today} in ${date.timezone}); open and close dates cannot be in the future`,
  };
}

/** The future-dated entries of a log sent whole, each named by its path. */
export function futureEntryProblems(entries: readonly HistoryEntry[], path: string, now: Date): ValueProblem[] {
  return entries.flatMap(
    (entry, index) => futureDateProblem(entry.effectiveOnDate, now, `${path}[${index}].effectiveOnDate`) ?? [],
  );
}

/** The stored log as entries; anything unreadable counts as no log. */
export function storedHistory(value: unknown): HistoryEntry[] {
  return Array.isArray(value) ? (value as HistoryEntry[]) : [];
}
