/**
 * The one way the service writes logs. A log line holds an event code, ids, counts and sizes, never a
 * request payload or a field value (they may hold personal data; CONTRACT 8.3): an error is logged as its
 * class name, its ApiError-style `code` when it has one, and its stack frames, never its message, since
 * the messages of database and runtime errors carry SQL parameters and the values being written.
 * `test/foundation/log-content.test.ts` checks that no line carries a value a caller sent.
 */

/** What a log line may carry beside its event: ids, counts, sizes, codes (short identifiers only). */
export type LogFacts = Record<string, string | number | boolean | null | undefined>;

/** Ids and codes are short; anything longer is not an id and is cut, so no value can ride along. */
const MAX_FACT_LENGTH = 100;

function factsOf(facts: LogFacts): LogFacts {
  return Object.fromEntries(
    Object.entries(facts).map(([name, value]) => [
      name,
      typeof value === "string" ? value.slice(0, MAX_FACT_LENGTH) : value,
    ]),
  );
}

/** The parts of an error that never hold data: its class, its code, its stack frames (not its message). */
export function errorFacts(err: unknown): { errorClass: string; errorCode?: string; frames?: string[] } {
  if (!(err instanceof Error)) return { errorClass: typeof err };
  const code = (err as { code?: unknown }).code;
  const frames = (err.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 10)
    .map((line) => line.trim().slice(0, 200));
  return {
    errorClass: err.constructor?.name || err.name,
    ...(typeof code === "string" ? { errorCode: code.slice(0, MAX_FACT_LENGTH) } : {}),
    ...(frames.length ? { frames } : {}),
  };
}

/** An event worth a log line (a malformed queue message, a failed export chunk), with its ids. */
export function logEvent(event: string, facts: LogFacts = {}): void {
  console.error(JSON.stringify({ event, ...factsOf(facts) }));
}

/** A failure: the event, its ids, and what the error is without what it says. */
export function logFailure(event: string, err: unknown, facts: LogFacts = {}): void {
  console.error(JSON.stringify({ event, ...factsOf(facts), ...errorFacts(err) }));
}
