import { readCivilDayLiteral } from "../dates/civil-day-literal";

/** Task statuses (CONTRACT section 6, Tasks); any status may follow any other. */
export const TASK_STATUSES = ["open", "in_progress", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * `completedAt` is set when a task enters `done`, kept while it stays `done`, and null in the other
 * statuses; a task created in `done` is completed at its creation. `previous` is null on create.
 */
export function completedAtAfter(
  previous: { status: TaskStatus; completedAt: string | null } | null,
  status: TaskStatus,
  now: string,
): string | null {
  if (status !== "done") return null;
  if (previous?.status === "done") return previous.completedAt ?? now;
  return now;
}

export type DueBeforeReading = { ok: true; day: string | null } | { ok: false; problem: string };

/**
 * The `dueBefore` filter: a civil-day literal `{year, month, day}` sent as JSON or as three members
 * (interface, Conventions). Any other spelling, `YYYY-MM-DD` included, or a day that does not exist is
 * refused. `day` is null when the filter is absent.
 */
export function readDueBefore(query: Record<string, string | undefined>): DueBeforeReading {
  const reading = readCivilDayLiteral("dueBefore", query);
  if (reading === null) return { ok: true, day: null };
  if (!reading.ok) return reading;
  return { ok: true, day: reading.day };
}
