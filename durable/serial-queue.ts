/**
 * Runs a company's operations in arrival order. A Durable Object's input gate opens at every D1 await, so
 * without this two read-compute-write operations of one company could interleave.
 *
 * `run` is exclusive: it starts once every operation queued before it has finished, and nothing queued
 * after it starts before it finishes. `runShared` is for operations that only insert new rows and take
 * every value they share from an atomic D1 statement (a record create minting its sequence numbers): they
 * overlap one another, so a company's creates wait on D1 side by side instead of one after another, but
 * never an exclusive operation (a configuration import's breaking-change gate sees every create that
 * started before it, and no create starts until it has finished).
 */
export class SerialQueue {
  /** Settles when the last exclusive operation queued so far has finished. */
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  /** Shared operations queued since that exclusive one, each removed once it has settled. */
  private sharedSinceExclusive = new Set<Promise<unknown>>();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const before = Promise.all([this.exclusiveTail, ...this.sharedSinceExclusive]);
    this.sharedSinceExclusive = new Set();
    const result = before.then(operation, operation);
    this.exclusiveTail = settled(result);
    return result;
  }

  runShared<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.exclusiveTail.then(operation, operation);
    const group = this.sharedSinceExclusive;
    const done = settled(result);
    group.add(done);
    void done.then(() => group.delete(done));
    return result;
  }
}

/** Settles (never rejects) when the operation has finished, whatever its outcome. */
const settled = (result: Promise<unknown>): Promise<void> =>
  result.then(
    () => undefined,
    () => undefined,
  );
