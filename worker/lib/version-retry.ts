import { ApiError } from "../errors/api-error";

/** What one attempt of an optimistic write answers: its result, or that another writer won the race. */
export type Attempt<T> = { done: true; value: T } | { done: false };

export const finished = <T>(value: T): Attempt<T> => ({ done: true, value });
export const lostRace: Attempt<never> = { done: false };

const MAX_ATTEMPTS = 3;

/**
 * Runs a read-compute-write whose write is guarded by the row's version (`WHERE version = ?`): when a
 * concurrent writer won, it reads again and recomputes, up to three times, then answers 409 `Conflict`.
 * Inside the company object the serial queue makes a lost race rare; the guard is the backstop.
 */
export async function withVersionRetry<T>(attempt: () => Promise<Attempt<T>>, what = "record"): Promise<T> {
  for (let tries = 0; tries < MAX_ATTEMPTS; tries++) {
    const outcome = await attempt();
    if (outcome.done) return outcome.value;
  }
  throw new ApiError({
    code: "Conflict",
    message: `The ${what} changed while it was being updated; retry the request`,
    userMessages: [`Someone else changed this ${what} at the same moment. Please try again.`],
  });
}
